import path from "node:path";
import { type BrowserContext, expect, test } from "@playwright/test";
import { browserKeys, startTestPushService } from "../../setup/push-service";
import { expectNoHorizontalScroll } from "../support/layout";
import { postListing, signUp } from "../support/members";

/*
 * Web Push (decision 021), in Chromium, in both languages: a seller turns on
 * notifications in Settings; a buyer writes while the seller is away; the seller's browser gets an
 * encrypted push, in the seller's language, that opens the thread. The buyer is offered "Get
 * notified of replies" under the thread they started.
 *
 * A browser's push service (FCM for Chromium) is out of this machine's reach, so PushManager
 * hands out a subscription at a stand-in service on 127.0.0.1 (tests/setup/push-service.ts),
 * whose certificate the e2e server trusts (scripts/e2e-server.mjs). Everything else is real: the
 * service worker, the opt-in code, /api/push-subscriptions, the job queue, and web-push's
 * encryption, which the test opens with the subscription's keys as the browser would.
 */

const shots = "tests/.artifacts/screenshots";

const texts = {
  en: {
    buyer: "Omar Haddad",
    title: "Omar Haddad sent you a message",
    offer: "Get notified of replies",
  },
  ar: { buyer: "عمر حداد", title: "رسالة جديدة من عمر حداد", offer: "تلقَّ إشعارًا بالردود" },
} as const;

/** How many lines a block of text takes. */
function linesOf(box: { height: number } | null, lineHeight: number) {
  return Math.round((box?.height ?? 0) / lineHeight);
}

/** Gives `context` notification permission and a PushManager whose subscription is `endpoint`. */
async function withPushService(
  context: BrowserContext,
  endpoint: string,
  keys: { p256dh: string; auth: string },
) {
  await context.grantPermissions(["notifications"]);
  await context.addInitScript(
    ({ endpoint, p256dh, auth }) => {
      if (typeof PushManager === "undefined" || typeof localStorage === "undefined") return;
      const KEY = "souqna.e2e.push";
      const subscription = (applicationServerKey: BufferSource | null) => ({
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey },
        toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
        unsubscribe: async () => {
          localStorage.removeItem(KEY);
          return true;
        },
      });
      PushManager.prototype.subscribe = async function subscribe(options) {
        localStorage.setItem(KEY, "on");
        return subscription(
          (options?.applicationServerKey as BufferSource) ?? null,
        ) as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function getSubscription() {
        return (localStorage.getItem(KEY)
          ? subscription(null)
          : null) as unknown as PushSubscription | null;
      };
    },
    { endpoint, ...keys },
  );
}

for (const lang of ["en", "ar"] as const) {
  test(`a subscribed browser is pushed a new message, encrypted, in ${lang}`, async ({
    context,
    browser,
  }, info) => {
    test.setTimeout(120_000);
    const t = texts[lang];
    const port = new URL(info.project.use.baseURL ?? "http://127.0.0.1:3999").port;
    const service = await startTestPushService({
      certificateDir: path.resolve(`tests/.artifacts/e2e-push-${port}`),
    });
    const other: BrowserContext[] = [];
    try {
      const tag = `${lang}-${info.project.name}-${Date.now()}`;
      // The seller, on the project's device, turns notifications on for this browser.
      const sellerKeys = browserKeys();
      await withPushService(context, `${service.origin}/push/seller-${tag}`, sellerKeys);
      const seller = await context.newPage();
      await signUp(seller, { lang, tag: `push-seller-${lang}` });
      const listingId = await postListing(seller, `Push sofa ${tag}`);
      await seller.goto(`/settings?lang=${lang}#notifications`);
      const device = seller.getByTestId("push-device");
      await expect(device).toHaveAttribute("data-state", "off");
      await seller.getByTestId("push-device-enable").click();
      await expect(device).toHaveAttribute("data-state", "on");
      await expectNoHorizontalScroll(seller, "turning notifications on in Settings");
      await device.scrollIntoViewIfNeeded();
      await seller.screenshot({ path: `${shots}/push-settings-${lang}-${info.project.name}.png` });
      // Away: another page, not the thread.
      await seller.goto(`/?lang=${lang}`);

      // A buyer writes, on the same kind of device; the seller's browser is pushed, once, within
      // the push delay.
      const buyerContext = await browser.newContext({
        viewport: seller.viewportSize(),
        isMobile: info.project.use.isMobile,
        hasTouch: info.project.use.hasTouch,
      });
      other.push(buyerContext);
      await withPushService(buyerContext, `${service.origin}/push/buyer-${tag}`, browserKeys());
      const buyer = await buyerContext.newPage();
      await signUp(buyer, { lang, tag: `push-buyer-${lang}`, name: t.buyer });
      await buyer.goto(`/listing/${listingId}?lang=${lang}`);
      await buyer
        .getByTestId("message-seller-body")
        .fill("Is it still available? الله يعطيك العافية");
      await buyer.getByTestId("message-seller-send").click();
      await expect(buyer).toHaveURL(/\/messages\/[0-9a-f-]{36}/);
      const thread = new URL(buyer.url()).pathname;

      const pushed = await service.waitFor(1, 30_000);
      expect(pushed.path).toBe(`/push/seller-${tag}`);
      expect(pushed.headers["content-encoding"]).toBe("aes128gcm");
      expect(pushed.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]{87}$/);
      // Only the subscription's keys open it; it names the sender, never the message.
      expect(pushed.body.includes(Buffer.from("still available"))).toBe(false);
      const message = JSON.parse(sellerKeys.decrypt(pushed.body)) as Record<string, string>;
      expect(message.title).toBe(t.title);
      expect(message.lang).toBe(lang);
      expect(message.body).toContain(`Push sofa ${tag}`);
      expect(JSON.stringify(message)).not.toContain("still available");
      expect(new URL(message.url ?? "").pathname).toBe(thread);

      // The notification's link opens the thread for the seller.
      await seller.goto(new URL(message.url ?? "").pathname);
      await expect(seller.getByTestId("message-body")).toContainText([
        "Is it still available? الله يعطيك العافية",
      ]);

      // The buyer, under the thread they started, is offered replies on this device.
      await buyer.goto(`${thread}?lang=${lang}`);
      const offer = buyer.getByTestId("push-offer");
      await expect(offer).toBeVisible();
      // Its title reads on one line, its explanation on a few: on a phone the buttons go under.
      const offerTitle = offer.locator("p").first();
      await expect(offerTitle).toHaveText(t.offer);
      const lineHeight = await offerTitle.evaluate((p) =>
        Number.parseFloat(getComputedStyle(p).lineHeight),
      );
      expect(linesOf(await offerTitle.boundingBox(), lineHeight)).toBe(1);
      const explanation = offer.locator("p").nth(1);
      expect(linesOf(await explanation.boundingBox(), lineHeight)).toBeLessThanOrEqual(3);
      await offer.scrollIntoViewIfNeeded();
      await buyer.screenshot({ path: `${shots}/push-offer-${lang}-${info.project.name}.png` });
      await buyer.getByTestId("push-offer-optin-enable").click();
      await expect(buyer.getByTestId("push-offer-optin")).toHaveAttribute("data-state", "on");
      await expectNoHorizontalScroll(buyer, "turning notifications on");
      await buyer.screenshot({ path: `${shots}/push-offer-on-${lang}-${info.project.name}.png` });

      // One push for one message, however many jobs and pages came between.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(service.requests.filter((r) => r.path === `/push/seller-${tag}`)).toHaveLength(1);
    } finally {
      for (const c of other) await c.close();
      await service.close();
    }
  });
}
