import { expect, type Page, test } from "@playwright/test";
import { expectNoHorizontalScroll } from "../support/layout";
import { signUp } from "../support/members";

/*
 * Data saver and prefetching (app/utils/data-saver.ts, listing-prefetch.ts), in a real browser: a
 * listing is prefetched when a pointer rests on its card, never because the card scrolled into
 * view, and never with Save-Data; with Save-Data the cards take their small picture and the listing
 * page its first photo, the others shown in place when asked.
 */
const screenshotDir = "tests/.artifacts/screenshots";
const more = { en: /^Show all \d+ photos$/, ar: /^عرض الصور كلها \([٠-٩]+\)$/ } as const;

const prefetched = (page: Page) => page.locator('link[rel="prefetch"][href*="/listing/"]');

async function openResults(page: Page, lang: "en" | "ar") {
  await page.goto(`/category/motors?lang=${lang}`);
  // The cards' links are React Router's once the page is hydrated.
  await page.locator('[data-testid="menu-button"][data-hydrated]').waitFor({ state: "attached" });
  await expect(page.getByTestId("listing-card").first()).toBeVisible();
}

test("prefetches a listing on intent only: not in view, yes under the pointer", async ({
  page,
}, info) => {
  test.skip(info.project.name === "phone", "hover is a desktop's intent; a phone's is a touch");
  const asked: string[] = [];
  page.on("request", (request) => {
    if (/\/listing\/[^/]+\.data/.test(request.url())) asked.push(request.url());
  });
  await openResults(page, "en");
  // Every card scrolled through: nothing fetched ahead.
  await page.mouse.move(0, 0);
  for (const card of await page.getByTestId("listing-card").all())
    await card.scrollIntoViewIfNeeded();
  await page.waitForTimeout(500);
  expect(asked).toEqual([]);
  await expect(prefetched(page)).toHaveCount(0);

  const card = page.getByTestId("listing-card").first();
  const href = (await card.getAttribute("href")) ?? "";
  await card.hover();
  await expect(prefetched(page).first()).toHaveAttribute("href", new RegExp(`^${href}\\.data`));
});

const saved = {
  en: "Data saver is on for this device.",
  ar: "توفير البيانات مفعّل على هذا الجهاز.",
} as const;

for (const lang of ["en", "ar"] as const) {
  test(`a member turns data saver on for this device in Settings (${lang})`, async ({
    page,
  }, info) => {
    await signUp(page, { lang, tag: `data-saver-${lang}-${info.project.name}` });
    await page.goto(`/settings?lang=${lang}`);
    const form = page.getByTestId("data-saver-form");
    await expect(form).toHaveAttribute("data-validated", "");
    await page.getByTestId("data-saver-checkbox").check();
    await page.getByTestId("data-saver-submit").click();
    await expect(page.getByTestId("settings-data-saver")).toContainText(saved[lang]);
    await expect(page.getByTestId("data-saver-checkbox")).toBeChecked();
    await expectNoHorizontalScroll(page, "turning data saver on");
    await page.getByTestId("settings-data-saver").scrollIntoViewIfNeeded();
    await page.screenshot({
      path: `${screenshotDir}/data-saver-settings-${lang}-${info.project.name}.png`,
    });
    // The cookie does it: the cards take their small picture.
    await openResults(page, lang);
    const set = await page
      .getByTestId("listing-card")
      .locator("img")
      .first()
      .getAttribute("srcset");
    expect(set).toMatch(/^\S+-320\.webp 320w$/);
  });
}

test.describe("with Save-Data", () => {
  test.use({ extraHTTPHeaders: { "save-data": "on" } });

  test("cards take the small picture and prefetch nothing", async ({ page }, info) => {
    await openResults(page, "en");
    const sets = await page
      .getByTestId("listing-card")
      .locator("img")
      .evaluateAll((images) => images.map((image) => image.getAttribute("srcset") ?? ""));
    expect(sets.length).toBeGreaterThan(0);
    for (const set of sets) expect(set).toMatch(/^\S+-320\.webp 320w$/);
    if (info.project.name !== "phone") {
      await page.getByTestId("listing-card").first().hover();
      await page.waitForTimeout(500);
      await expect(prefetched(page)).toHaveCount(0);
    }
  });

  for (const lang of ["en", "ar"] as const) {
    test(`the listing page shows its other photos when asked, in place (${lang})`, async ({
      page,
    }, info) => {
      // A listing with several photos (other tests post some with none, and they come first).
      await openResults(page, lang);
      const withPictures = page.getByTestId("listing-card").filter({ has: page.locator("img") });
      let chosen = "";
      for (const href of await withPictures.evaluateAll((cards) =>
        cards.map((card) => card.getAttribute("href") ?? ""),
      )) {
        const html = await (
          await page.request.get(href, { headers: { "save-data": "on" } })
        ).text();
        if (html.includes('data-testid="gallery-more-photos"')) {
          chosen = href;
          break;
        }
      }
      expect(chosen, "a listing with several photos on the first page").not.toBe("");
      await page.locator(`[data-testid="listing-card"][href="${chosen}"]`).click();
      await page.waitForURL(/\/listing\//);
      const gallery = page.getByTestId("listing-gallery");
      await expect(gallery).toHaveAttribute("data-hydrated", "true");
      await expect(page.getByTestId("gallery-thumbnails")).toHaveCount(0);
      const showAll = page.getByTestId("gallery-more-photos");
      await expect(showAll).toHaveText(more[lang]);
      await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
      await page.screenshot({
        path: `${screenshotDir}/data-saver-listing-${lang}-${info.project.name}.png`,
      });

      const loads: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "document") loads.push(request.url());
      });
      await showAll.click();
      await expect(page.getByTestId("gallery-thumbnails")).toBeVisible();
      await expect(showAll).toHaveCount(0);
      expect(new URL(page.url()).searchParams.get("photos")).toBe("all");
      expect(loads).toEqual([]);
      await expectNoHorizontalScroll(page, "showing all the photos");
      // Still no picture wider than 640 pixels.
      const widest = await gallery
        .locator("img")
        .evaluateAll((images) =>
          Math.max(
            ...images.flatMap((image) =>
              (image.getAttribute("srcset") ?? "")
                .split(",")
                .map((candidate) => Number(/(\d+)w$/.exec(candidate.trim())?.[1] ?? 0)),
            ),
          ),
        );
      expect(widest).toBeLessThanOrEqual(640);
    });
  }
});
