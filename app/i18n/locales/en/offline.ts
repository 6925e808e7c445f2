/**
 * Texts of the offline app (decision 024): the offline screen (server/offline-page.ts, precached by
 * the service worker for both languages) and the service worker's own note on a page it serves
 * from its cache. Server and service worker only, outside the shared catalog the browser fetches;
 * the server reads them as `common`'s `offline.*` (resources.server.ts).
 */
const offline = {
  title: "You're offline",
  body: "This page is not saved on this device. Check your connection and try again; meanwhile, what you opened recently is here.",
  retry: "Try again",
  available: "Available offline",
  recent: "Listings you opened",
  yours: "Your pages",
  favorites: "Favourites",
  myListings: "My Listings",
  messages: "Messages",
  nothing:
    "Nothing is saved on this device yet. Pages you open while online are kept for times like this.",
  savedCopy: "Saved copy from {{time}}",
} as const;

export default offline;
