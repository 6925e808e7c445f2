import { toast } from "~/components/ui/toast";
import { forgetQueuedPosts, PERSONAL_CACHES, QUEUED_MESSAGES } from "~/service-worker/caches";

/*
 * The page's side of the service worker (decision 024), fetched when the browser is idle after
 * the page is up: registers /sw.js, offers a new version ("New version available — Reload"),
 * and removes what one person opened when nobody is signed in any more.
 */

/** Set while a member is signed in: their copies are on this device. */
const SAVED_FOR_MEMBER = "souqna-saved-for-member";

/**
 * Nothing cached is served across a sign-out (or an expired session, or a deleted account): the
 * first page drawn for nobody removes the listings and pages saved while a member was signed in,
 * and the service worker drops the listings and messages it was keeping to send (the server also
 * refuses one sent for somebody else), as the page drops its unsent messages.
 */
export async function forgetPersonalCopies(signedIn: boolean) {
  try {
    if (signedIn) {
      localStorage.setItem(SAVED_FOR_MEMBER, "1");
      return;
    }
    if (localStorage.getItem(SAVED_FOR_MEMBER) !== "1") return;
    forgetQueuedPosts();
    localStorage.removeItem(QUEUED_MESSAGES.outbox);
    await Promise.all(PERSONAL_CACHES.map((name) => caches.delete(name)));
    localStorage.removeItem(SAVED_FOR_MEMBER);
  } catch {
    // Storage blocked (a private window): nothing was saved either.
  }
}

let started = false;

export function startServiceWorker(texts: { update: string; reload: string }) {
  if (started || !("serviceWorker" in navigator)) return;
  started = true;
  let reloadWhenReady = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    // Only the version the visitor asked for: the first install also takes control.
    if (reloadWhenReady) window.location.reload();
  });
  const offer = (worker: ServiceWorker) =>
    toast(texts.update, {
      id: "service-worker-update",
      duration: Number.POSITIVE_INFINITY,
      action: {
        label: texts.reload,
        onClick: () => {
          reloadWhenReady = true;
          worker.postMessage({ type: "SKIP_WAITING" });
        },
      },
    });
  navigator.serviceWorker
    .register("/sw.js", { scope: "/" })
    .then((registration) => {
      if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
      registration.addEventListener("updatefound", () => {
        const worker = registration.installing;
        worker?.addEventListener("statechange", () => {
          if (worker.state === "installed" && navigator.serviceWorker.controller) offer(worker);
        });
      });
    })
    .catch(() => {
      // No service worker (an old browser, a private window): the site works as it is.
    });
}
