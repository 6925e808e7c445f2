import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { expectNoHorizontalScroll } from "../support/layout";
import { signUp } from "../support/members";
import { queuedRequests } from "../support/service-worker";

/*
 * Posts that survive the network (decision 025), in Chromium: photos upload one
 * by one as they are chosen, and a connection cut after the second resumes with the rest when it
 * returns; a save made offline waits ("Will be posted when you're back online"), is kept by the
 * service worker meanwhile, and makes exactly one listing once the connection is back.
 */
const shots = "tests/.artifacts/screenshots";
const texts = {
  en: {
    title: "Walnut wardrobe, four doors",
    waiting: "Waiting for a connection",
    uploaded: "Uploaded",
    queued: "Will be posted when you're back online",
    created: "Listing Created",
    notImage: "Only image files are allowed",
    retry: "Upload photo 2 again",
    notAllUploaded: "Some photos did not upload. Try them again or remove them.",
  },
  ar: {
    title: "خزانة خشب جوز بأربعة أبواب",
    waiting: "بانتظار الاتصال",
    uploaded: "تم الرفع",
    queued: "سيُنشر الإعلان عندما يعود الاتصال",
    created: "تم إنشاء الإعلان",
    notImage: "يُسمح بملفات الصور فقط",
    retry: "أعد رفع الصورة ٢",
    notAllUploaded: "لم تُرفع بعض الصور. أعد محاولة رفعها أو أزلها.",
  },
} as const;

/** Four small photos of different colours, made for this run. */
async function fourPhotos() {
  const dir = mkdtempSync(path.join(tmpdir(), "souqna-resume-"));
  const colours = ["#b33", "#3b3", "#33b", "#bb3"];
  return Promise.all(
    colours.map(async (background, index) => {
      const file = path.join(dir, `photo-${index + 1}.jpg`);
      await sharp({ create: { width: 800, height: 600, channels: 3, background } })
        .jpeg()
        .toFile(file);
      return file;
    }),
  );
}

async function openForm(page: Page, lang: "en" | "ar") {
  await page.goto(`/post-ad?category=5&lang=${lang}`);
  const form = page.locator('[data-testid="listing-form"][data-hydrated]');
  await expect(form).toBeVisible();
  return form;
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

/** The rows of the member's own listings page (this member is new: only this test's posts). */
async function myListings(page: Page) {
  const mine = await page.request.get("/my-listings?lang=en");
  expect(mine.status()).toBe(200);
  return (await mine.text()).split('data-testid="my-listing-row"').length - 1;
}

for (const lang of ["en", "ar"] as const) {
  test.describe(`resumable posts (${lang})`, () => {
    // Photos are uploaded by the page itself here: the service worker stays out of the way, so
    // the test can hold an upload exactly where the connection drops.
    test.describe(() => {
      test.use({ serviceWorkers: "block" });

      test("a cut after the second photo: the rest resume, and the listing has all four", async ({
        page,
        context,
      }, info) => {
        test.setTimeout(120_000);
        const t = texts[lang];
        const photos = await fourPhotos();
        await signUp(page, { lang, tag: `resume-${info.project.name}` });
        const form = await openForm(page, lang);

        // The third upload is held until the connection is cut, then dropped as a real cut does.
        let uploads = 0;
        let cut!: () => void;
        const connectionCut = new Promise<void>((resolve) => {
          cut = resolve;
        });
        const photoIds = new Set<string>();
        await page.route("**/api/photos", async (route) => {
          uploads += 1;
          const body = route.request().postDataBuffer()?.toString("latin1") ?? "";
          photoIds.add(/name="uploadId"\r\n\r\n([0-9a-f-]{36})/.exec(body)?.[1] ?? "?");
          if (uploads === 3) {
            await connectionCut;
            await route.abort("internetdisconnected");
            return;
          }
          await route.continue();
        });

        await fillForm(form, t.title);
        const picker = form.getByTestId("image-picker");
        await picker.getByTestId("image-input").setInputFiles(photos);
        const tiles = picker.getByTestId("image-preview");
        await expect(tiles).toHaveCount(4);
        await expect(tiles.nth(0)).toContainText(t.uploaded, { timeout: 30_000 });
        await expect(tiles.nth(1)).toContainText(t.uploaded, { timeout: 30_000 });
        await expect.poll(() => uploads).toBe(3);

        await context.setOffline(true);
        cut();
        await expect(tiles.nth(2)).toContainText(t.waiting);
        await expect(tiles.nth(3)).toContainText(t.waiting);
        await expect(tiles.nth(0)).toContainText(t.uploaded);
        await picker.scrollIntoViewIfNeeded();
        await expectNoHorizontalScroll(page, "photos waiting for a connection");
        await picker.screenshot({
          path: `${shots}/${info.project.name}-${lang}-resume-offline.png`,
        });

        // Back online: the third is sent again (the same upload), then the fourth.
        await context.setOffline(false);
        for (let i = 0; i < 4; i++) {
          await expect(tiles.nth(i)).toContainText(t.uploaded, { timeout: 30_000 });
        }
        expect(photoIds.size).toBe(4);
        await expectNoHorizontalScroll(page, "the photos' uploads");
        await picker.screenshot({
          path: `${shots}/${info.project.name}-${lang}-resume-done.png`,
        });

        await page.getByTestId("listing-submit").click();
        await expect(page).toHaveURL(/\/listing\/[0-9a-f-]{36}$/, { timeout: 30_000 });
        await expect(page.getByText(t.created).first()).toBeVisible();
        // All four, in the order chosen.
        await expect(page.getByTestId("gallery-thumbnails").locator("li")).toHaveCount(4);
      });
    });

    test("a photo the server refuses says why, can be tried again, and holds the save", async ({
      page,
    }, info) => {
      test.setTimeout(90_000);
      const t = texts[lang];
      const [photo] = await fourPhotos();
      // Named like a photo, so only the server (which reads the bytes) can refuse it.
      const fake = path.join(mkdtempSync(path.join(tmpdir(), "souqna-fake-")), "holiday.jpg");
      writeFileSync(fake, "<script>alert(1)</script> not a photo");
      await signUp(page, { lang, tag: `refused-${info.project.name}` });
      const form = await openForm(page, lang);
      await fillForm(form, t.title);
      const sent: string[] = [];
      page.on("request", (request) => {
        if (request.url().endsWith("/api/photos")) sent.push(request.url());
      });
      await form.getByTestId("image-input").setInputFiles([photo ?? "", fake]);
      const tiles = form.getByTestId("image-preview");
      await expect(tiles.nth(0)).toContainText(t.uploaded, { timeout: 30_000 });
      const refused = tiles.nth(1).getByTestId("photo-upload");
      await expect(refused).toHaveAttribute("data-status", "failed");
      await expect(refused).toContainText(t.notImage);
      await expectNoHorizontalScroll(page, "a refused photo");
      await tiles.nth(1).screenshot({
        path: `${shots}/${info.project.name}-${lang}-photo-refused.png`,
      });

      // Tried again: sent again, refused again (another try changes nothing for such a file).
      const before = sent.length;
      await tiles.nth(1).getByRole("button", { name: t.retry }).click();
      await expect.poll(() => sent.length).toBe(before + 1);
      await expect(refused).toHaveAttribute("data-status", "failed");

      // The save waits for every photo: with one refused, nothing is sent.
      await page.getByTestId("listing-submit").click();
      await expect(form.getByTestId("image-errors")).toHaveText(t.notAllUploaded);
      await expect(page).toHaveURL(/\/post-ad/);

      // Without it, the listing goes with the photo that made it.
      await tiles.nth(1).getByTestId("image-remove").click();
      await page.getByTestId("listing-submit").click();
      await expect(page).toHaveURL(/\/listing\/[0-9a-f-]{36}$/, { timeout: 30_000 });
      await expect(page.getByTestId("listing-gallery").locator("img").first()).toBeVisible();
    });

    test("a save made offline waits, is kept by the service worker, and posts once", async ({
      page,
      context,
    }, info) => {
      test.setTimeout(120_000);
      const t = texts[lang];
      const [photo] = await fourPhotos();
      const title = `${t.title} ${info.project.name} ${Date.now()}`;
      await signUp(page, { lang, tag: `queued-${info.project.name}` });
      const form = await openForm(page, lang);
      await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), null, {
        timeout: 30_000,
      });
      await fillForm(form, title);
      await form.getByTestId("image-input").setInputFiles(photo ?? "");
      await expect(form.getByTestId("image-preview").first()).toContainText(t.uploaded, {
        timeout: 30_000,
      });

      await context.setOffline(true);
      await page.getByTestId("listing-submit").click();
      await expect(page.getByTestId("listing-queued")).toHaveText(t.queued);
      await expect(page).toHaveURL(/\/post-ad/);
      // The service worker keeps the save, to send it even if this page is closed.
      await expect.poll(() => queuedRequests(page), { timeout: 20_000 }).toBe(1);
      await page.getByTestId("listing-queued").scrollIntoViewIfNeeded();
      await expectNoHorizontalScroll(page, "a post queued offline");
      await page.screenshot({ path: `${shots}/${info.project.name}-${lang}-post-queued.png` });

      await context.setOffline(false);
      await expect(page).toHaveURL(/\/listing\/[0-9a-f-]{36}$/, { timeout: 30_000 });
      await expect(page.getByText(t.created).first()).toBeVisible();
      // Whatever sent it (the page, the service worker, or both): one listing.
      await page.waitForTimeout(2000);
      expect(await myListings(page)).toBe(1);
    });
  });
}
