import { mkdirSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { expectNoHorizontalScroll, shootBothWidths } from "../support/layout";
import { postListing, signUp } from "../support/members";
import { controlled, queuedRequests } from "../support/service-worker";

/*
 * Issue 31's outbox with the service worker: a buyer loses the connection, writes two messages,
 * closes the tab; when the connection is back the service worker sends them (Background Sync),
 * and the seller has both, once, in the order written. A signed-out device keeps nothing. The
 * page's own retries (stalls, drops) are in listings/stalled-requests.spec.ts.
 */
const shots = "tests/.artifacts/screens-outbox";
mkdirSync(shots, { recursive: true });

const texts = {
  en: {
    title: "Kia Rio 2012, one owner",
    first: "Hello, is the car still for sale?",
    offline: ["Can I see it tomorrow in Homs?", "I can pay 40 million."],
    waiting: "Waiting for a connection",
  },
  ar: {
    title: "كيا ريو ٢٠١٢، مالك واحد",
    first: "مرحبًا، هل السيارة ما زالت للبيع؟",
    offline: ["هل أستطيع رؤيتها غدًا في حمص؟", "أستطيع أن أدفع ٤٠ مليون."],
    waiting: "بانتظار الاتصال",
  },
} as const;

for (const lang of ["en", "ar"] as const) {
  test(`messages written offline go when the connection is back, with the tab closed: once, in order (${lang})`, async ({
    page: buyer,
    context,
    browser,
  }, info) => {
    test.setTimeout(180_000);
    const t = texts[lang];
    const sellerContext = await browser.newContext({ serviceWorkers: "block" });
    try {
      const seller = await sellerContext.newPage();
      await signUp(seller, { lang, tag: `outbox-seller-${info.project.name}` });
      const listingId = await postListing(seller, t.title);

      await signUp(buyer, { lang, tag: `outbox-buyer-${info.project.name}` });
      await buyer.goto(`/listing/${listingId}`);
      await buyer.getByTestId("message-seller-body").fill(t.first);
      await buyer.getByTestId("message-seller-send").click();
      await expect(buyer).toHaveURL(/\/messages\/[0-9a-f-]{36}/);
      const thread = new URL(buyer.url()).pathname;
      await controlled(buyer);
      const composer = buyer.locator('[data-testid="composer"][data-hydrated]');
      await expect(composer).toBeVisible();

      // A power cut at the other end of the line: both messages show at once, waiting.
      await context.setOffline(true);
      for (const body of t.offline) {
        await composer.getByTestId("composer-input").fill(body);
        await composer.getByTestId("composer-send").click();
      }
      const outbox = buyer.getByTestId("outbox");
      await expect(outbox.getByTestId("message-body")).toHaveText([...t.offline]);
      await expect(outbox.getByTestId("outbox-status")).toHaveText([t.waiting, t.waiting]);
      await expect(buyer.getByTestId("messages").getByTestId("message-body")).toHaveCount(1);
      // The service worker holds them, to send them even with the tab closed.
      await expect.poll(() => queuedRequests(buyer), { timeout: 20_000 }).toBe(2);
      await expectNoHorizontalScroll(buyer, "two messages waiting");
      await shootBothWidths(buyer, shots, `${lang}-waiting`);

      // The tab is closed; then the connection comes back.
      await buyer.close();
      await context.setOffline(false);

      // The seller has both, once each, in the order written (the page was not there to send).
      const bodies = seller.getByTestId("messages").getByTestId("message-body");
      await expect
        .poll(
          async () => {
            await seller.goto(thread);
            return bodies.allTextContents();
          },
          { timeout: 60_000, intervals: [2000] },
        )
        .toEqual([t.first, ...t.offline]);

      // The buyer's next visit: nothing waits any more, nothing is sent again.
      const again = await context.newPage();
      await again.goto(thread);
      await expect(again.locator('[data-testid="composer"][data-hydrated]')).toBeVisible();
      await expect(again.getByTestId("messages").getByTestId("message-body")).toHaveText([
        t.first,
        ...t.offline,
      ]);
      await expect(again.getByTestId("outbox")).toHaveCount(0);
      await again.waitForTimeout(1500);
      await seller.goto(thread);
      await expect(bodies).toHaveCount(3);
      await shootBothWidths(seller, shots, `${lang}-arrived`);
    } finally {
      await sellerContext.close();
    }
  });
}

test("a signed-out device drops the messages it was keeping to send", async ({
  page,
  context,
}, info) => {
  test.setTimeout(120_000);
  await signUp(page, { lang: "en", tag: `outbox-leaver-${info.project.name}` });
  await page.goto("/messages");
  await controlled(page);
  // Offline, the service worker keeps a message it was handed (its sync waits for a connection).
  await context.setOffline(true);
  await page.evaluate(() =>
    navigator.serviceWorker.controller?.postMessage({
      type: "QUEUE_MESSAGE",
      clientId: crypto.randomUUID(),
      conversationId: crypto.randomUUID(),
      body: "Written before the sign-out",
    }),
  );
  await expect.poll(() => queuedRequests(page), { timeout: 20_000 }).toBe(1);
  // What the first page drawn for nobody tells it (components/layout/service-worker.ts): the
  // queue is emptied, still offline, before anything could send it.
  await page.evaluate(() =>
    navigator.serviceWorker.controller?.postMessage({ type: "FORGET_QUEUED_POSTS" }),
  );
  await expect.poll(() => queuedRequests(page), { timeout: 20_000 }).toBe(0);
  await context.setOffline(false);

  // And the page's own outbox: the first page drawn for nobody removes it.
  await page.evaluate(() =>
    localStorage.setItem(
      "souqna-outbox",
      JSON.stringify([
        {
          clientId: crypto.randomUUID(),
          conversationId: crypto.randomUUID(),
          memberId: "them",
          body: "Written before the sign-out",
          at: new Date().toISOString(),
        },
      ]),
    ),
  );
  await context.clearCookies();
  await page.goto("/");
  await expect.poll(() => page.evaluate(() => localStorage.getItem("souqna-outbox"))).toBeNull();
});
