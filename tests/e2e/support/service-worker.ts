import type { Page } from "@playwright/test";

/**
 * Until this page is controlled by the service worker (registered when the browser is idle). On a
 * loaded machine the first registration sometimes comes to nothing; the next page load registers
 * it again, as a member's next visit would.
 */
export async function controlled(page: Page) {
  const control = (timeout: number) =>
    page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), null, { timeout });
  await control(20_000).catch(async () => {
    await page.reload();
    await control(30_000);
  });
}

/**
 * How many requests the service worker keeps to send (Workbox's Background Sync store). Poll it
 * for longer than expect.poll's 5 s: on a loaded CI machine the worker has taken longer than that
 * to write a failed request into its queue.
 */
export function queuedRequests(page: Page) {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open("workbox-background-sync");
        open.onerror = () => resolve(-1);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("requests")) return resolve(0);
          const count = db.transaction("requests").objectStore("requests").count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => resolve(-1);
        };
      }),
  );
}
