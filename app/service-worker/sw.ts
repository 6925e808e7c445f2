/// <reference lib="webworker" />
/*
 * Souqna's service worker (decisions 021 and 024), built by scripts/build-service-worker.mjs: this
 * file bundled with Workbox, then Workbox's precache list of this build injected. Served from the
 * site's root with `Cache-Control: no-cache`, so a new version is found at once.
 *
 * - The app shell (the entry script, the root route's code and styles) and the offline screen of
 *   both languages are precached at install.
 * - Hashed assets (/assets/…): cache first — their names change with their content.
 * - Photos (/media/…): stale while revalidate, at most MEDIA_ENTRIES kept.
 * - Pages: network first with a short timeout, then the copy saved on this device (marked
 *   "Saved copy from …"), then the offline screen. Saved: the last RECENT_LISTINGS listings
 *   opened, the member's favourites, listings and inbox, and the home page. A page's data for a
 *   navigation inside the app (`.data`) is kept beside it.
 * - A new version waits; the page shows "New version available — Reload" and tells it to take
 *   over (message SKIP_WAITING).
 * - Nothing one person opened outlives their session on the device: the worker forgets every
 *   saved page and photo as a sign-out goes by (SESSION_ENDINGS), and when the first page drawn
 *   for nobody says so (components/layout/service-worker.ts); a page fetched for them that
 *   arrives after that is not kept.
 * - A new listing saved while offline (POST /api/listings) is kept and sent when the connection
 *   is back, even if the page is closed (Background Sync, decision 025). Its idempotency key makes
 *   it one listing however often it is sent; the page drops the queue when nobody is signed in.
 *   A conversation's message written offline likewise (issue 31), one message by its client id.
 * - Web Push (decision 021): shows what the server sent and opens its page on a click.
 */
import { Queue } from "workbox-background-sync";
import { CacheableResponsePlugin } from "workbox-cacheable-response";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute, setCatchHandler } from "workbox-routing";
import { CacheFirst, NetworkFirst, NetworkOnly, StaleWhileRevalidate } from "workbox-strategies";
import { formatDateTime } from "~/i18n/format";
import arOffline from "~/i18n/locales/ar/offline";
import enOffline from "~/i18n/locales/en/offline";
import { escapeHtml } from "~/utils/escape-html";
import {
  CACHES,
  PERSONAL_CACHES,
  personalPageKind,
  QUEUED_MESSAGES,
  QUEUED_POSTS,
  SESSION_ENDINGS,
} from "./caches";

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

/** How long a page waits for the network before the saved copy is shown. */
const NETWORK_TIMEOUT_SECONDS = 4;
const RECENT_LISTINGS = 30;
const MEDIA_ENTRIES = 200;
const ASSET_ENTRIES = 300;
/** When a copy was saved: a header of the cached response, read for "Saved copy from …". */
const SAVED_AT = "x-souqna-saved-at";

// ─── Life cycle ──────────────────────────────────────────────────────────────────────────────
// The first version takes control at once (nothing older to disagree with); a later one waits
// until the page, having shown "New version available", asks it to take over.
self.addEventListener("install", () => {
  if (!self.registration.active) void self.skipWaiting();
});
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
self.addEventListener("message", (event) => {
  if (event.data?.type === "SKIP_WAITING") void self.skipWaiting();
  if (event.data?.type === QUEUED_MESSAGES.add) event.waitUntil(queueMessage(event.data));
  if (event.data?.type === QUEUED_MESSAGES.forget && typeof event.data.clientId === "string") {
    event.waitUntil(forgetQueued(queuedMessages, event.data.clientId));
  }
  if (event.data?.type === QUEUED_POSTS.forget) {
    const key = event.data.idempotencyKey;
    // Without a key: the page found nobody signed in any more.
    event.waitUntil(typeof key === "string" ? forgetQueued(queuedPosts, key) : forgetMember());
  }
});

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// ─── Assets and photos ───────────────────────────────────────────────────────────────────────
// ─── Sign-out ────────────────────────────────────────────────────────────────────────────────
/**
 * Counts the sessions that ended on this device. A page or photo fetched while one was open is
 * kept only if it arrives before it ends: a page drawn for the member that comes back after the
 * sign-out (a slow network, a page saved after its data) must not be kept for the next person.
 */
let session = 0;

/** Keeps a response only if the session it was fetched in has not ended meanwhile. */
const sameSession = {
  handlerWillStart: async ({ state }: { state?: Record<string, unknown> }) => {
    if (state) state.session = session;
  },
  cacheWillUpdate: async ({
    response,
    state,
  }: {
    response: Response;
    state?: Record<string, unknown>;
  }) => (state?.session === session ? response : null),
};

/**
 * Forgets everything one person opened here: saved pages, photos, posts waiting to be sent, and
 * this browser's push subscription — the server cannot tell which of a member's browsers signed
 * out (decision 021), and the next person must not be shown their messages' notifications; the
 * push service then answers 410 and the server deletes the row. Each on its own: a queue that
 * cannot be read must not keep a page. (The expiration's timestamps of the deleted entries stay
 * behind; they name nothing that can be served.)
 */
async function forgetMember() {
  session += 1;
  lastSaved.clear();
  await Promise.allSettled([
    forgetQueued(queuedPosts, null),
    forgetQueued(queuedMessages, null),
    ...PERSONAL_CACHES.map((name) => caches.delete(name)),
    self.registration.pushManager
      ?.getSubscription()
      .then((subscription) => subscription?.unsubscribe()),
  ]);
}

/** Whether a POST ends the session here (SESSION_ENDINGS): by its address, else its form. */
async function endsSession(request: Request) {
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || request.method !== "POST") return false;
  const path = url.pathname.replace(/\.data$/, "");
  const ending = SESSION_ENDINGS.find((candidate) => candidate.path === path);
  if (!ending) return false;
  if (!ending.intents) return true;
  try {
    const intent = (await request.formData()).get("intent");
    return typeof intent === "string" && ending.intents.includes(intent);
  } catch {
    return false;
  }
}

// Registered before Workbox's routes: it only watches, and the request goes on as it was sent
// (a form without JavaScript, or React Router's data request). The counter moves at once for a
// sign-out, which needs no reading of the body.
self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "POST") return;
  const path = new URL(request.url).pathname.replace(/\.data$/, "");
  const ending = SESSION_ENDINGS.find((candidate) => candidate.path === path);
  if (!ending) return;
  if (!ending.intents) {
    event.waitUntil(forgetMember());
    return;
  }
  event.waitUntil(endsSession(request.clone()).then((ends) => (ends ? forgetMember() : undefined)));
});

// ─── Assets and photos ───────────────────────────────────────────────────────────────────────
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/assets/"),
  new CacheFirst({
    cacheName: CACHES.assets,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: ASSET_ENTRIES, purgeOnQuotaError: true }),
    ],
  }),
);

registerRoute(
  ({ url, sameOrigin, request }) =>
    sameOrigin && request.method === "GET" && url.pathname.startsWith("/media/"),
  new StaleWhileRevalidate({
    cacheName: CACHES.media,
    plugins: [
      sameSession,
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: MEDIA_ENTRIES, purgeOnQuotaError: true }),
    ],
  }),
);

// ─── A new listing saved offline ─────────────────────────────────────────────────────────────
// Only the post's own request, never an edit: an edit sent a day later could undo a newer one.
// Its photos are on the server already (staged); it lives as long as they do.
const queuedPosts = new Queue(QUEUED_POSTS.queue, { maxRetentionTime: 24 * 60 });

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === "/api/listings",
  new NetworkOnly({
    plugins: [
      {
        fetchDidFail: async ({ request }: { request: Request }) => {
          await queuedPosts.pushRequest({ request });
        },
      },
    ],
  }),
  "POST",
);

/**
 * Drops the queued post the page has since sent itself (the one with `key`), so a replay cannot
 * bring back a listing deleted in the meantime; or every queued request of `queue` (`null`: a
 * sign-out).
 */
async function forgetQueued(queue: Queue, key: string | null) {
  const kept = [];
  for (let entry = await queue.shiftRequest(); entry; entry = await queue.shiftRequest()) {
    if (key !== null && !(await entry.request.clone().text()).includes(key)) kept.push(entry);
  }
  for (const entry of kept) await queue.pushRequest(entry);
}

// ─── A message written offline (issue 31) ────────────────────────────────────────────────────
// Handed over by the page when there is no connection (components/messaging/outbox.ts), kept and
// sent when it is back, even with the tab closed; in the order written. Sent as the form without
// JavaScript posts it, its redirect not followed (the page it leads to is not wanted). Its client
// id makes it one message however often it comes: the page sends it too, from its outbox.
const queuedMessages = new Queue(QUEUED_MESSAGES.queue, { maxRetentionTime: 24 * 60 });

async function queueMessage(data: {
  conversationId?: unknown;
  clientId?: unknown;
  body?: unknown;
  photos?: unknown;
}) {
  const { conversationId, clientId, body, photos } = data;
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (typeof conversationId !== "string" || !uuid.test(conversationId)) return;
  if (typeof clientId !== "string" || !uuid.test(clientId) || typeof body !== "string") return;
  const fields = new URLSearchParams({ intent: "send", body, clientId });
  // Its photos are on the server already (uploaded before it was written): their ids.
  if (Array.isArray(photos)) {
    for (const id of photos.slice(0, 3))
      if (typeof id === "string" && uuid.test(id)) fields.append("photos", id);
  }
  await queuedMessages.pushRequest({
    request: new Request(`/messages/${conversationId}`, {
      method: "POST",
      body: fields,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      credentials: "same-origin",
      redirect: "manual",
    }),
  });
}

// ─── Pages ───────────────────────────────────────────────────────────────────────────────────
/** Stamps a response with when it was saved, so the copy can say how old it is. */
const stampSavedAt = {
  cacheWillUpdate: async ({ response }: { response: Response }) => {
    if (response.status !== 200) return null;
    const headers = new Headers(response.headers);
    headers.set(SAVED_AT, new Date().toISOString());
    return new Response(await response.blob(), {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  },
};

/**
 * One saved copy per page, whatever its address says about language or the photo shown
 * (`/listing/1?lang=ar&image=2` is `/listing/1`): the copy offline is the one last seen.
 */
const oneCopyPerPage = {
  cacheKeyWillBeUsed: async ({ request }: { request: Request }): Promise<Request | string> => {
    const url = new URL(request.url);
    // Route data keeps its address: `_routes` says which loaders it holds.
    if (url.pathname.endsWith(".data")) return request;
    const kind = personalPageKind(url.pathname);
    if (kind === "listing" || kind === "home") url.search = "";
    else url.searchParams.delete("lang");
    return url.href;
  },
};

function pageStrategy(cacheName: string, maxEntries: number) {
  return new NetworkFirst({
    cacheName,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    // Pages vary on the cookie and the language headers; a saved copy is looked up by address.
    matchOptions: { ignoreVary: true },
    plugins: [
      sameSession,
      oneCopyPerPage,
      stampSavedAt,
      new ExpirationPlugin({ maxEntries, purgeOnQuotaError: true }),
      { cachedResponseWillBeUsed: markSavedCopy },
    ],
  });
}

const strategies = {
  listing: pageStrategy(CACHES.listings, RECENT_LISTINGS * 2),
  personal: pageStrategy(CACHES.personal, 60),
  home: pageStrategy(CACHES.pages, 4),
};

registerRoute(
  ({ url, sameOrigin, request }) =>
    sameOrigin && request.method === "GET" && personalPageKind(url.pathname) !== null,
  (options) => {
    const { url, event } = options;
    const strategy = strategies[personalPageKind(url.pathname) ?? "home"];
    const answer = strategy.handle(options);
    // Opened inside the app (its data only): the page itself is saved too, so that it opens
    // offline from the address bar or the home screen as well. After the data has come: its
    // answer takes a one-time notice ("Listing Created", a cookie the server clears as it reads
    // it), which a page fetched alongside could otherwise take first — the notice then never
    // showed — and the copy kept for offline must not carry one anyway.
    if (url.pathname.endsWith(".data") && event && !savingData()) {
      event.waitUntil(
        answer
          .catch(() => undefined)
          .then(() => saveDocumentOf(url, strategy, event))
          .catch(() => {}),
      );
    }
    return answer;
  },
);

/** Data saver on (the browser's flag): no page is fetched only to be kept. */
function savingData() {
  const connection = (self.navigator as WorkerNavigator & { connection?: { saveData?: boolean } })
    .connection;
  return Boolean(connection?.saveData);
}

/** A page's address from its data's (`/listing/1.data?_routes=…` → `/listing/1`). */
function documentUrlOf(dataUrl: URL) {
  const page = new URL(dataUrl);
  page.pathname = page.pathname.replace(/\.data$/, "");
  if (page.pathname === "/_root") page.pathname = "/";
  page.searchParams.delete("_routes");
  page.searchParams.delete("index");
  return page;
}

const lastSaved = new Map<string, number>();
/** A page saved in the last ten minutes is not fetched again for that. */
const RESAVE_AFTER_MS = 10 * 60 * 1000;

async function saveDocumentOf(dataUrl: URL, strategy: NetworkFirst, event: ExtendableEvent) {
  const page = documentUrlOf(dataUrl);
  const at = lastSaved.get(page.href) ?? 0;
  if (Date.now() - at < RESAVE_AFTER_MS) return;
  lastSaved.set(page.href, Date.now());
  await strategy.handle({
    request: new Request(page.href, { credentials: "include", headers: { accept: "text/html" } }),
    event,
  });
}

/**
 * A page served from this device's cache says so: "Saved copy from {time}", in the page's own
 * language, as a bar over the page (React skips a tag it did not render at the end of <body>).
 * Route data (`.data`) is served as it was.
 */
async function markSavedCopy({
  cachedResponse,
  event,
}: {
  cachedResponse?: Response;
  event?: ExtendableEvent;
}) {
  // The page's own request (the lookup's is its saved address, which is no navigation).
  const navigation = event instanceof FetchEvent && event.request.mode === "navigate";
  if (!cachedResponse || !navigation) return cachedResponse;
  const html = await cachedResponse.text();
  const lang = /<html[^>]*\blang="ar"/.test(html) ? "ar" : "en";
  const savedAt = new Date(cachedResponse.headers.get(SAVED_AT) ?? Date.now());
  const time = formatDateTime(lang, savedAt);
  const text = (lang === "ar" ? arOffline : enOffline).savedCopy.replace("{{time}}", time);
  // A bar above the page: the page moves down by its height, its sticky header too.
  const bar = `<style>body{padding-top:34px}.sticky{top:34px!important}</style><div role="status" data-testid="saved-copy" dir="${lang === "ar" ? "rtl" : "ltr"}" style="position:fixed;inset-inline:0;top:0;z-index:70;height:34px;box-sizing:border-box;padding:6px 16px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis;background:#fffbeb;color:#78350f;border-bottom:1px solid #fde68a;font:600 14px/1.5 system-ui,sans-serif;text-align:center">${escapeHtml(text)}</div>`;
  const marked = html.includes("</body>") ? html.replace("</body>", `${bar}</body>`) : html + bar;
  return new Response(marked, {
    status: cachedResponse.status,
    statusText: cachedResponse.statusText,
    headers: cachedResponse.headers,
  });
}

/** The language of a page that could not be served: its `?lang=`, else the browser's. */
function languageOf(url: URL): "en" | "ar" {
  const asked = url.searchParams.get("lang");
  if (asked === "ar" || asked === "en") return asked;
  return self.navigator.language.toLowerCase().startsWith("ar") ? "ar" : "en";
}

// Anything else that fails offline: a page gets the offline screen in its language.
setCatchHandler(async ({ request, url }) => {
  if (request.mode === "navigate") {
    const screen = await matchPrecache(`/offline?lang=${languageOf(url)}`);
    if (screen) return screen;
  }
  return Response.error();
});

// Other pages (sign-in, settings, posting…) are never saved: the network, else the offline
// screen through the catch handler.
registerRoute(
  ({ request, sameOrigin }) => sameOrigin && request.mode === "navigate",
  async ({ request }) => fetch(request),
);

// ─── Web Push ────────────────────────────────────────────────────────────────────────────────
// The payload is the server's PushMessage (app/domain/notifications/send-push.server.ts): title
// and body already in the member's language, never a message's text.

interface PushPayload {
  title?: unknown;
  body?: unknown;
  icon?: unknown;
  tag?: unknown;
  url?: unknown;
  lang?: unknown;
}

/** Only pages of this site are opened from a notification. */
function sameOriginUrl(value: unknown) {
  try {
    const url = new URL(String(value ?? "/"), self.location.origin);
    return url.origin === self.location.origin ? url.href : self.location.origin;
  } catch {
    return self.location.origin;
  }
}

self.addEventListener("push", (event) => {
  let message: PushPayload = {};
  try {
    message = event.data ? (event.data.json() as PushPayload) : {};
  } catch {
    // Not ours (or garbled): show nothing rather than a broken notification.
    return;
  }
  if (typeof message.title !== "string") return;
  const lang = message.lang === "ar" ? "ar" : "en";
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: typeof message.body === "string" ? message.body : "",
      icon: typeof message.icon === "string" ? message.icon : "/favicon.svg",
      tag: typeof message.tag === "string" ? message.tag : undefined,
      lang,
      dir: lang === "ar" ? "rtl" : "ltr",
      data: { url: sameOriginUrl(message.url) },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = sameOriginUrl(event.notification.data?.url);
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      // A tab already on the thread is brought forward; else any tab of ours goes there.
      const same = tabs.find((tab) => tab.url === url);
      if (same) return same.focus();
      const ours = tabs.find((tab) => new URL(tab.url).origin === self.location.origin);
      if (ours) {
        const focused = await ours.focus();
        return focused.navigate ? focused.navigate(url) : self.clients.openWindow(url);
      }
      return self.clients.openWindow(url);
    })(),
  );
});
