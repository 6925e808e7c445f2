/*
 * The service worker's caches and which pages it keeps (app/service-worker/sw.ts). Shared with
 * the page, which removes the personal ones when nobody is signed in any more
 * (components/layout/service-worker.ts), and with the offline screen, which lists them.
 */
export const CACHES = {
  assets: "souqna-assets",
  media: "souqna-media",
  /** The last listings opened. */
  listings: "souqna-listings",
  /** A member's favourites, listings and inbox. */
  personal: "souqna-personal",
  /** The home page (the installed app's start). */
  pages: "souqna-pages",
} as const;

/** What a signed-out page must not find on the device: everything one person opened. */
export const PERSONAL_CACHES = [CACHES.listings, CACHES.personal] as const;

export type SavedPageKind = "listing" | "personal" | "home";

/**
 * Which saved pages a path belongs to, or null for a page that is never saved (sign-in, settings,
 * posting, search…). A page's data for an in-app navigation (`/listing/1.data`) goes with it.
 */
export function personalPageKind(pathname: string): SavedPageKind | null {
  const path = pathname.replace(/\.data$/, "");
  if (/^\/listing\/[^/]+$/.test(path)) return "listing";
  if (/^\/(favorites|my-listings|messages)$/.test(path)) return "personal";
  if (path === "/" || path === "/_root") return "home";
  return null;
}
