import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Locator, test } from "@playwright/test";
import sharp from "sharp";
import { signUp } from "../support/members";

/*
 * A connection that stays "online" but stops carrying anything (the usual case on a congested
 * Syrian mobile network): the browser reports no error, the request simply never ends. A photo
 * upload and a listing's save are given up after the stall timeout (20 s the first time,
 * upload-listing.ts `stallTimeoutMs`) and sent again under the same upload id or idempotency key;
 * a message is not sent twice behind the member's back: its text comes back with "Try again".
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
    unsure: "No answer came, so your message may not have been sent.",
    offline: "You're offline, so your message was not sent.",
    tryAgain: "Try again",
  },
  ar: {
    title: "خزانة خشب جوز بأربعة أبواب",
    retrying: "جارٍ إعادة المحاولة...",
    uploaded: "تم الرفع",
    saveRetrying: "لم يصل رد بعد، ربما الاتصال بطيء. جارٍ إعادة المحاولة...",
    created: "تم إنشاء الإعلان",
    message: "هل الخزانة ما زالت متوفرة؟ أستطيع المجيء يوم الجمعة.",
    unsure: "لم يصل أي رد، لذلك ربما لم تُرسل رسالتك.",
    offline: "أنت غير متصل بالإنترنت، لذلك لم تُرسل رسالتك.",
    tryAgain: "أعد المحاولة",
  },
} as const;

/** The stall timeout of a first try, and some room for a loaded machine. */
const STALLED_WITHIN = 45_000;

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
      test.setTimeout(180_000);
      const t = texts[lang];
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
      const retrying = page.getByTestId("listing-retrying");
      await expect(retrying).toHaveText(t.saveRetrying, { timeout: STALLED_WITHIN });
      await retrying.scrollIntoViewIfNeeded();
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
  });
}
