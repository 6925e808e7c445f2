import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { expectNoHorizontalScroll } from "../support/layout";

const shots = "tests/.artifacts/screenshots";

const HOSTILE_TITLE = `<script>alert(1)</script>" onmouseover="x`;
const HOSTILE_DESCRIPTION =
  '<img src=x onerror="alert(2)">Solid <strong>oak</strong> table\n<script>alert(3)</script><a href="javascript:alert(4)">seats six</a> & a < b';

const texts = {
  en: {
    fullName: "Full Name",
    email: "Email",
    password: "Password",
    createAccount: "Create Account",
    counter: (n: number) => `${n} / 3`,
    forward: "ArrowRight",
    backward: "ArrowLeft",
    close: "Close",
    next: "Next photo",
    previous: "Previous photo",
    dot: "Go to photo 3",
    copied: "Link copied",
  },
  ar: {
    fullName: "الاسم الكامل",
    email: "البريد الإلكتروني",
    password: "كلمة المرور",
    createAccount: "إنشاء الحساب",
    counter: (n: number) => `${"٠١٢٣"[n]} / ٣`,
    // In Arabic the "next" button and its chevron sit on the left: ArrowLeft goes forward.
    forward: "ArrowLeft",
    backward: "ArrowRight",
    close: "إغلاق",
    next: "الصورة التالية",
    previous: "الصورة السابقة",
    dot: "الانتقال إلى الصورة ٣",
    copied: "تم نسخ الرابط",
  },
} as const;

/** Three photos of different colours, made for this run (not under tests/.artifacts). */
async function makePhotos() {
  const dir = mkdtempSync(path.join(tmpdir(), "souqna-lightbox-"));
  const files: string[] = [];
  for (const [name, r, g, b] of [
    ["red", 200, 40, 40],
    ["green", 40, 160, 60],
    ["blue", 40, 60, 200],
  ] as const) {
    const file = path.join(dir, `${name}.png`);
    await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r, g, b } } })
      .png()
      .toFile(file);
    files.push(file);
  }
  return files;
}

async function signUp(page: Page, lang: "en" | "ar", project: string) {
  const t = texts[lang];
  await page.goto(`/post-ad?lang=${lang}`);
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fpost-ad/);
  await page.getByTestId("tab-signup").click();
  const form = page.getByTestId("signup-form");
  await form.getByLabel(t.fullName).fill(lang === "ar" ? "ليلى الشامي" : "Layla Shami");
  await form.getByLabel(t.email).fill(`lightbox-${lang}-${project}-${Date.now()}@example.com`);
  await form.getByLabel(t.password).fill("Olive-Tree-Aleppo-1");
  await form.getByRole("button", { name: t.createAccount }).click();
  await expect(page).toHaveURL(/\/post-ad/);
}

/** Posts the hostile listing with three photos through the form, without JavaScript. */
async function postWithoutJs(browser: Browser, page: Page, lang: "en" | "ar") {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await context.newPage();
  await plain.goto(`/post-ad?category=7&lang=${lang}`);
  await plain.locator('input[name="title"]').fill(HOSTILE_TITLE);
  await plain.locator('textarea[name="description"]').fill(HOSTILE_DESCRIPTION);
  await plain.locator('input[name="price"]').fill("2500000");
  await plain.locator('select[name="location"]').selectOption("damascus");
  await plain.locator('select[name="detail.service_type"]').selectOption("cleaning");
  await plain.locator('select[name="detail.availability"]').selectOption("anytime");
  await plain.locator('input[name="images"]').setInputFiles(await makePhotos());
  await plain.getByTestId("listing-submit").click();
  await expect(plain).toHaveURL(/\/listing\/[0-9a-f-]{36}/);
  const url = plain.url().replace(/\?.*$/, "");
  // Without JavaScript: the large photo links to the photo itself, a thumbnail to ?image=n.
  const main = plain.getByTestId("gallery-main");
  expect(await main.getAttribute("href")).toMatch(/^\/media\/.+\.webp$/);
  const firstSrc = (await main.locator("img").getAttribute("src")) ?? "";
  await plain.getByTestId("gallery-thumbnails").getByRole("link").nth(2).click();
  await expect(plain).toHaveURL(/\?image=3$/);
  await expect(main.locator("img")).not.toHaveAttribute("src", firstSrc);
  await expect(plain.getByTestId("share-link")).toHaveAttribute("href", url);
  await context.close();
  return url;
}

for (const lang of ["en", "ar"] as const) {
  test(`lightbox, share and a hostile listing in ${lang}`, async ({ page, browser }, info) => {
    // The suite's time budget: swipe on an Arabic phone, keyboard on an English desktop.
    test.skip(
      (info.project.name === "phone") !== (lang === "ar"),
      "one language per project: ar on the phone, en on the desktop",
    );
    test.setTimeout(120_000);
    const t = texts[lang];
    const phone = info.project.name === "phone";
    const shot = (name: string, fullPage = false) =>
      page.screenshot({
        path: `${shots}/${info.project.name}-${lang}-lightbox-${name}.png`,
        fullPage,
      });
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    // No share sheet in this browser: the link is copied instead (a device with one uses it).
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true });
    });
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);

    await signUp(page, lang, info.project.name);
    const url = await postWithoutJs(browser, page, lang);
    await page.goto(url);
    await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
    // Hydrated: from here on clicks are handled by the page.
    await expect(page.locator('[data-testid="listing-gallery"][data-hydrated]')).toBeVisible();

    // The hostile title is text, not markup; the description keeps only the allow-list.
    await expect(page.getByTestId("listing-title")).toHaveText(HOSTILE_TITLE);
    const description = page.getByTestId("listing-description");
    await expect(description).toContainText("Solid oak table");
    await expect(description).toContainText("seats six & a < b");
    await expect(description.locator("strong")).toHaveText("oak");
    await expect(description.locator("img, script, a")).toHaveCount(0);
    expect(await page.title()).toContain(HOSTILE_TITLE);
    await expectNoHorizontalScroll(page, "a hostile listing");
    await shot("page", true);

    // A thumbnail switches the photo in place: no navigation, the address follows.
    const main = page.getByTestId("gallery-main");
    const firstSrc = await main.locator("img").getAttribute("src");
    let dataRequests = 0;
    page.on("request", (request) => {
      if (request.url().includes(".data")) dataRequests++;
    });
    await page.getByTestId("gallery-thumbnails").getByRole("link").nth(1).click();
    await expect(main.locator("img")).not.toHaveAttribute("src", firstSrc ?? "");
    await expect(page).toHaveURL(/\?image=2$/);
    await page.getByTestId("gallery-thumbnails").getByRole("link").nth(0).click();
    await expect(main.locator("img")).toHaveAttribute("src", firstSrc ?? "");
    expect(dataRequests).toBe(0);

    // Open the lightbox from a scrolled page; the page behind does not scroll while it is open.
    await page.evaluate(() => window.scrollTo(0, 120));
    const scrollBefore = await page.evaluate(() => window.scrollY);
    await main.click();
    const lightbox = page.getByTestId("lightbox");
    const counter = page.getByTestId("lightbox-counter");
    await expect(lightbox).toBeVisible();
    await expect(counter).toHaveText(t.counter(1));
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe(
      "hidden",
    );
    await expect(page.getByTestId("lightbox-close")).toBeFocused();
    // Full screen.
    const box = await lightbox.boundingBox();
    const viewport = page.viewportSize();
    expect(Math.round(box?.width ?? 0)).toBe(viewport?.width);
    expect(Math.round(box?.height ?? 0)).toBe(viewport?.height);
    await expectNoHorizontalScroll(page, "opening the lightbox");
    await shot("open");

    // Arrow keys move the way the buttons point, and wrap around at both ends.
    await page.keyboard.press(t.backward);
    await expect(counter).toHaveText(t.counter(3));
    await page.keyboard.press(t.forward);
    await expect(counter).toHaveText(t.counter(1));
    await page.keyboard.press(t.forward);
    await expect(counter).toHaveText(t.counter(2));
    // The buttons, and the dots.
    await lightbox.getByRole("button", { name: t.next }).click();
    await expect(counter).toHaveText(t.counter(3));
    await lightbox.getByRole("button", { name: t.next }).click();
    await expect(counter).toHaveText(t.counter(1));
    await lightbox.getByRole("button", { name: t.previous }).click();
    await expect(counter).toHaveText(t.counter(3));
    await lightbox.getByRole("button", { name: t.dot }).click();
    await expect(lightbox.getByRole("button", { name: t.dot })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await lightbox.getByTestId("lightbox-dot").first().click();
    await expect(counter).toHaveText(t.counter(1));
    // The next button sits at the end of the line: right in English, left in Arabic.
    const next = await lightbox.getByRole("button", { name: t.next }).boundingBox();
    const previous = await lightbox.getByRole("button", { name: t.previous }).boundingBox();
    expect((next?.x ?? 0) > (previous?.x ?? 0)).toBe(lang === "en");

    if (phone) {
      // A swipe: the finger drags the photo towards the start side, the next one follows.
      const stage = lightbox.getByTestId("lightbox-stage");
      const swipe = async (fromX: number, toX: number) => {
        await stage.dispatchEvent("pointerdown", {
          pointerId: 7,
          pointerType: "touch",
          isPrimary: true,
          clientX: fromX,
          clientY: 400,
          button: 0,
        });
        await stage.dispatchEvent("pointerup", {
          pointerId: 7,
          pointerType: "touch",
          isPrimary: true,
          clientX: toX,
          clientY: 410,
          button: 0,
        });
      };
      const [forwardFrom, forwardTo] = lang === "en" ? [300, 100] : [100, 300];
      await swipe(forwardFrom, forwardTo);
      await expect(counter).toHaveText(t.counter(2));
      await swipe(forwardTo, forwardFrom);
      await expect(counter).toHaveText(t.counter(1));
      // Too short to be a swipe.
      await swipe(200, 170);
      await expect(counter).toHaveText(t.counter(1));
      await swipe(forwardTo, forwardFrom);
      await expect(counter).toHaveText(t.counter(3));
      await shot("swiped");
    }

    // Escape closes: the page scrolls again, where it was, and focus is back on the photo.
    await page.keyboard.press("Escape");
    await expect(lightbox).toBeHidden();
    // The dialog hides at the key; React gives the page its scrolling back a frame later.
    await expect.poll(() => page.evaluate(() => document.documentElement.style.overflow)).toBe("");
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
    await expect(main).toBeFocused();
    await expectNoHorizontalScroll(page, "closing the lightbox");
    // The close button closes too; the main photo is the one last seen.
    await main.click();
    await expect(counter).toBeVisible();
    await page.getByRole("button", { name: t.close }).click();
    await expect(lightbox).toBeHidden();

    // Share: no share sheet here, so the link is copied, with a toast.
    await page.getByTestId("share-link").click();
    await expect(page.getByText(t.copied).first()).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await expectNoHorizontalScroll(page, "copying the link");

    expect(dialogs).toEqual([]);
  });
}
