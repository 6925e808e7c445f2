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

/**
 * New listings saved while offline, kept by the service worker until the connection is back
 * (Background Sync); the page tells it to drop them when nobody is signed in any more.
 */
export const QUEUED_POSTS = {
  queue: "souqna-queued-posts",
  forget: "FORGET_QUEUED_POSTS",
} as const;

/**
 * The page's word to the service worker: drop the queued post named `idempotencyKey` (the page
 * sent it itself), or every queued post (nobody is signed in any more).
 */
export function forgetQueuedPosts(idempotencyKey?: string) {
  try {
    navigator.serviceWorker?.controller?.postMessage({ type: QUEUED_POSTS.forget, idempotencyKey });
  } catch {
    // No service worker here: nothing is queued either.
  }
}
