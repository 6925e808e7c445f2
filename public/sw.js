/*
 * Souqna's service worker (decision 021). Served from the site's root so its scope is the whole
 * site, with `Cache-Control: no-cache` (server/app.ts) so a new version is picked up at once.
 * Plain JavaScript, not bundled: the browser fetches it on its own, outside any page's code.
 *
 * Today it does one thing, Web Push: show what the server sent and open its page on a click.
 * Issue 16 grows it into an offline app; keep each concern in its own section below.
 */

// ─── Life cycle ──────────────────────────────────────────────────────────────────────────────
// A new version takes over at once: it holds no caches yet that an old page could depend on.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

// ─── Web Push ────────────────────────────────────────────────────────────────────────────────
// The payload is the server's PushMessage (app/domain/notifications/send-push.server.ts):
// title and body already in the member's language, never a message's text.

/** Only pages of this site are opened from a notification. */
function sameOriginUrl(value) {
  try {
    const url = new URL(value, self.location.origin);
    return url.origin === self.location.origin ? url.href : self.location.origin;
  } catch {
    return self.location.origin;
  }
}

self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
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
