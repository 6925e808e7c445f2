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

/**
 * What must not outlive a sign-out on the device: everything one person opened. Every saved page
 * is here — a page drawn for a member carries their name and e-mail in its header and data, the
 * home page included — and the photos they looked at (their conversations', their own picture).
 * Only the app's own code (precache, assets) stays.
 */
export const PERSONAL_CACHES = [
  CACHES.listings,
  CACHES.personal,
  CACHES.pages,
  CACHES.media,
] as const;

/**
 * Requests that end the session on this device, which the service worker sees go by: it forgets
 * the member's copies before they are sent, so nothing is left if the page that follows never
 * loads (a stalled network, a closed tab, the data saver's pages without JavaScript). `intents`:
 * only a form whose `intent` is one of these. A session that ends any other way (expired,
 * revoked from another device, a password changed elsewhere) is noticed by the first page drawn
 * for nobody (components/layout/service-worker.ts), which tells the worker the same.
 */
export const SESSION_ENDINGS: readonly { path: string; intents?: readonly string[] }[] = [
  // routes/logout.tsx
  { path: "/logout" },
  // routes/settings.tsx: "Sign out everywhere", and deleting the account
  { path: "/settings", intents: ["signout-all", "delete"] },
];

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
 * Messages written while the connection was down (issue 31): the page hands them to the service
 * worker (`add`), whose queue sends them when it is back, even with the tab closed (Background
 * Sync), and tells it when one arrived after all (`forget`); the page keeps its own copy under
 * `outbox` (localStorage) to show them as "Waiting for a connection" and to send them itself. The
 * message's client id makes the two one message.
 */
export const QUEUED_MESSAGES = {
  queue: "souqna-queued-messages",
  outbox: "souqna-outbox",
  add: "QUEUE_MESSAGE",
  forget: "FORGET_QUEUED_MESSAGE",
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
