import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Locator, test } from "@playwright/test";
import sharp from "sharp";
import { expectNoHorizontalScroll } from "../support/layout";
import { postListing, signUp } from "../support/members";

/*
 * A connection that stays "online" but stops carrying anything (the usual case on a congested
 * Syrian mobile network): the browser reports no error, the request simply never ends. A photo
 * upload and a listing's save are given up after the stall timeout (20 s the first time,
 * components/ui/uploads.ts `stallTimeoutMs`) and sent again under the same upload id or idempotency key;
 * a message waits in the outbox and is sent again under its client id (issue 31): one message.
 * The first request of each is held here unanswered for good, as such a connection holds it.
 */
const shots = "tests/.artifacts/screenshots";
const texts = {
  en: {
    title: "Walnut wardrobe, four doors",
    retrying: "Trying again...",
    uploaded: "Uploaded",
    saveRetrying: "No answer yet: the connection may be slow. Trying again...",
    created: "Listing Created",
    message: "Is the wardrobe still available? I can come on Friday.",
    waiting: "Waiting for a connection",
  },
  ar: {
    title: "خزانة خشب جوز بأربعة أبواب",
    retrying: "جارٍ إعادة المحاولة...",
    uploaded: "تم الرفع",
    saveRetrying: "لم يصل رد بعد، ربما الاتصال بطيء. جارٍ إعادة المحاولة...",
    created: "تم إنشاء الإعلان",
    message: "هل الخزانة ما زالت متوفرة؟ أستطيع المجيء يوم الجمعة.",
    waiting: "بانتظار الاتصال",
  },
} as const;

/**
 * The page's clock is faked (Playwright's clock, otherwise running at its normal pace): once a
 * request is held, the test jumps past the stall timeout instead of waiting 20 s for it.
 */
const PAST_THE_STALL = 21_000;
/** Past the outbox's retry (message-composer.tsx RETRY_MS). */
const PAST_THE_RETRY = 16_000;
/** A retry's state after the jump, with room for a loaded machine. */
const STALLED_WITHIN = 15_000;

async function photo() {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "souqna-stall-")), "wardrobe.jpg");
  await sharp({ create: { width: 800, height: 600, channels: 3, background: "#8a5a2b" } })
    .jpeg()
    .toFile(file);
  return file;
}

async function fillForm(form: Locator, title: string) {
  await form.locator('[name="title"]').fill(title);
  await form.locator('[name="description"]').fill(`${title}. Solid wood, no scratches.`);
  await form.locator('[name="price"]').fill("900000");
  await form.locator('select[name="location"]').selectOption("homs");
  for (const name of ["detail.type", "detail.condition"]) {
    const select = form.locator(`select[name="${name}"]`);
    if ((await select.count()) && (await select.inputValue()) === "") {
      await select.selectOption({ index: 1 });
    }
  }
}

/** A field's value in a multipart body as Playwright hands it over. */
const field = (body: string, name: string) =>
  new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)`).exec(body)?.[1] ?? null;

/** A request held for good, as a stalled connection holds it: never answered, never failed. */
const never = new Promise<void>(() => {});

for (const lang of ["en", "ar"] as const) {
  test.describe(`stalled requests (${lang})`, () => {
    // The page's own requests, where the test can hold them (the service worker would send the
    // save itself).
    test.use({ serviceWorkers: "block" });

    test("a stalled photo upload and a stalled save are sent again and make one listing", async ({
      page,
    }, info) => {
      test.setTimeout(120_000);
      const t = texts[lang];
      await page.clock.install();
      await signUp(page, { lang, tag: `stall-post-${info.project.name}` });

      const photoIds: (string | null)[] = [];
      let releaseSecondPhoto!: () => void;
      const secondPhoto = new Promise<void>((resolve) => {
        releaseSecondPhoto = resolve;
      });
      await page.route("**/api/photos", async (route) => {
        photoIds.push(
          field(route.request().postDataBuffer()?.toString("latin1") ?? "", "uploadId"),
        );
        if (photoIds.length === 1) return never;
        if (photoIds.length === 2) await secondPhoto;
        await route.continue();
      });
      const saveKeys: (string | null)[] = [];
      await page.route("**/api/listings", async (route) => {
        if (route.request().method() !== "POST") return route.continue();
        saveKeys.push(
          field(route.request().postDataBuffer()?.toString("utf8") ?? "", "idempotencyKey"),
        );
        if (saveKeys.length === 1) return never;
        await route.continue();
      });

      await page.goto(`/post-ad?category=5&lang=${lang}`);
      const form = page.locator('[data-testid="listing-form"][data-hydrated]');
      await expect(form).toBeVisible();
      await fillForm(form, t.title);
      await form.getByTestId("image-input").setInputFiles(await photo());
      const tile = form.getByTestId("image-preview").first();
      const status = tile.getByTestId("photo-upload");

      // The first upload never moves: given up, and the photo says it is trying again.
      await expect.poll(() => photoIds.length).toBe(1);
      await page.clock.fastForward(PAST_THE_STALL);
      await status.and(page.locator('[data-status="retrying"]')).waitFor({
        timeout: STALLED_WITHIN,
      });
      await expect.poll(() => photoIds.length, { timeout: 10_000 }).toBe(2);
      await expect(status).toHaveAttribute("data-status", "uploading");
      await expect(status).toContainText(t.retrying);
      await tile.screenshot({
        path: `${shots}/${info.project.name}-${lang}-photo-stalled-retry.png`,
      });
      releaseSecondPhoto();
      await expect(status).toContainText(t.uploaded, { timeout: 30_000 });
      // The same upload, sent again: the server answers it without processing it twice.
      expect(photoIds[0]).toMatch(/^[0-9a-f-]{36}$/);
      expect(photoIds[1]).toBe(photoIds[0]);

      // The save stalls too: given up, said under the button, and sent again with the same key.
      await page.getByTestId("listing-submit").click();
      await expect.poll(() => saveKeys.length).toBe(1);
      await page.clock.fastForward(PAST_THE_STALL);
      const retrying = page.getByTestId("listing-retrying");
      await expect(retrying).toHaveText(t.saveRetrying, { timeout: STALLED_WITHIN });
      await retrying.scrollIntoViewIfNeeded();
      await expectNoHorizontalScroll(page);
      await page.screenshot({
        path: `${shots}/${info.project.name}-${lang}-save-stalled-retry.png`,
      });
      await expect(page).toHaveURL(/\/listing\/[0-9a-f-]{36}$/, { timeout: 30_000 });
      await expect(page.getByText(t.created).first()).toBeVisible();
      expect(saveKeys).toHaveLength(2);
      expect(saveKeys[0]).toMatch(/^[0-9a-f-]{36}$/);
      expect(saveKeys[1]).toBe(saveKeys[0]);
      await expect(page.getByTestId("listing-gallery").locator("img").first()).toBeVisible();
      const mine = await (await page.request.get("/my-listings?lang=en")).text();
      expect(mine.split('data-testid="my-listing-row"').length - 1).toBe(1);
      await page.unrouteAll({ behavior: "ignoreErrors" });
    });

    test("a stalled or offline message waits, goes again by itself under its client id, and arrives once", async ({
      page: buyer,
      browser,
    }, info) => {
      test.setTimeout(120_000);
      const t = texts[lang];
      await buyer.clock.install();
      const sellerContext = await browser.newContext();
      try {
        const seller = await sellerContext.newPage();
        await signUp(seller, { lang, tag: `stall-seller-${info.project.name}` });
        const listingId = await postListing(seller, t.title);

        await signUp(buyer, { lang, tag: `stall-buyer-${info.project.name}` });
        await buyer.goto(`/listing/${listingId}`);
        await buyer.getByTestId("message-seller-body").fill(`${t.message} (1)`);
        await buyer.getByTestId("message-seller-send").click();
        await expect(buyer).toHaveURL(/\/messages\/[0-9a-f-]{36}/);
        const thread = buyer.url();
        const composer = buyer.locator('[data-testid="composer"][data-hydrated]');
        await expect(composer).toBeVisible();
        const input = composer.getByTestId("composer-input");
        const bodies = buyer.getByTestId("messages").getByTestId("message-body");
        const outbox = buyer.getByTestId("outbox");
        await expect(bodies).toHaveCount(1);

        // Offline: the message shows at once as waiting, the box is free, and it goes once back.
        await buyer.context().setOffline(true);
        await input.fill(`${t.message} (0)`);
        await composer.getByTestId("composer-send").click();
        await expect(outbox.getByTestId("outbox-status")).toHaveText(t.waiting);
        await expect(outbox.getByTestId("message-body")).toHaveText(`${t.message} (0)`);
        await expect(input).toHaveValue("");
        await expect(bodies).toHaveCount(1);
        await buyer.context().setOffline(false);
        await expect(bodies).toHaveCount(2);
        await expect(outbox).toHaveCount(0);

        // Online, but the send is never answered.
        const sent: string[] = [];
        // What becomes of the next sends: held for good, cut, or let through (once the plan ends).
        const plan: ("hold" | "cut")[] = ["hold"];
        await buyer.route(
          (url) => url.pathname.startsWith("/messages/") && url.pathname.endsWith(".data"),
          async (route) => {
            const request = route.request();
            if (request.method() !== "POST" || !request.postData()?.includes("intent=send")) {
              return route.continue();
            }
            sent.push(new URLSearchParams(request.postData() ?? "").get("clientId") ?? "");
            const next = plan.shift();
            if (next === "hold") return never;
            if (next === "cut") return route.abort("connectionreset");
            await route.continue();
          },
        );
        await input.fill(t.message);
        await composer.getByTestId("composer-send").click();
        await expect.poll(() => sent.length).toBe(1);
        await expect(input).toHaveValue("");
        await buyer.clock.fastForward(PAST_THE_STALL);
        await expect(outbox.getByTestId("outbox-status")).toHaveText(t.waiting, {
          timeout: STALLED_WITHIN,
        });
        await expectNoHorizontalScroll(buyer);
        await buyer.screenshot({
          path: `${shots}/${info.project.name}-${lang}-message-stalled.png`,
        });
        // Tried again by itself, under the same client id: one message.
        await buyer.clock.fastForward(PAST_THE_RETRY);
        await expect(bodies).toHaveCount(3);
        await expect(bodies.last()).toHaveText(t.message);
        await expect(outbox).toHaveCount(0);
        expect(sent).toHaveLength(2);
        expect(sent[1]).toBe(sent[0]);
        expect(sent[0]).toMatch(/^[0-9a-f-]{36}$/);

        // The connection drops while it goes: it waits, and goes again.
        plan.push("cut");
        await input.fill(`${t.message} (2)`);
        await composer.getByTestId("composer-send").click();
        await expect(outbox.getByTestId("outbox-status")).toHaveText(t.waiting);
        await expect(bodies).toHaveCount(3);
        await buyer.clock.fastForward(PAST_THE_RETRY);
        await expect(bodies).toHaveCount(4);
        await expect(outbox).toHaveCount(0);
        expect(sent).toHaveLength(4);
        expect(sent[3]).toBe(sent[2]);

        // The server has each once.
        await buyer.unrouteAll({ behavior: "ignoreErrors" });
        await buyer.goto(thread);
        await expect(bodies).toHaveCount(4);
      } finally {
        await sellerContext.close();
      }
    });
  });
}
