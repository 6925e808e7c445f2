/*
 * Favourites rules shared by the browser (a visitor's list in local storage) and the server (a
 * member's rows). Kept free of other modules so the browser bundle stays small.
 */

/** A visitor keeps at most this many ids, and a merge at sign-in accepts at most this many. */
export const MAX_GUEST_FAVORITES = 100;
/** Listings per page on /favorites. */
export const FAVORITES_PAGE_SIZE = 24;
/** The profile's Favorites tab (spec: "Favorites preview 3"). */
export const FAVORITES_PREVIEW = 3;
/** The local-storage key of a visitor's favourites: listing ids, newest first. */
export const GUEST_FAVORITES_KEY = "souqna_guest_favorites";

// The spec's listing id (8-4-4-4-12 hexadecimal, version 1 to 5), as isListingId in
// listings-schemas.ts, which the browser should not have to load for this.
const LISTING_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whatever a browser sent or stored, as clean listing ids: strings of the id shape only,
 * lower-cased, duplicates collapsed (the first kept), at most MAX_GUEST_FAVORITES.
 */
export function cleanFavoriteIds(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const out = new Set<string>();
  // A hostile list of a million junk entries is not worth reading to the end.
  for (const item of value.slice(0, MAX_GUEST_FAVORITES * 10)) {
    if (out.size >= MAX_GUEST_FAVORITES) break;
    if (typeof item === "string" && LISTING_ID.test(item)) out.add(item.toLowerCase());
  }
  return [...out];
}

/** What /api/favorites answers a browser that asked for JSON. */
export type FavoriteReply =
  | { ok: true; listingId: string; favorited: boolean }
  | { ok: true; accepted: number; added: number }
  | { ok: false; code: string; error: string };
