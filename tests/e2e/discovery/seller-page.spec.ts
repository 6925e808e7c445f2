import { expect, test } from "@playwright/test";
import { expectNoHorizontalScroll } from "../support/layout";
import { firstListingWith, neighboursOf } from "../support/listings";

/*
 * Seller pages (decision 026) on the demo data the e2e server seeds, in both languages, on a phone
 * and a desktop: from a listing to its seller's page and on to another of their listings, and from
 * a listing's similar listings to another listing. Screenshots land in
 * tests/.artifacts/screenshots.
 */

const shots = "tests/.artifacts/screenshots";

const texts = {
  en: { more: "More from this seller", similar: "Similar listings", listings: "Listings" },
  ar: { more: "المزيد من هذا البائع", similar: "إعلانات مشابهة", listings: "الإعلانات" },
} as const;

for (const lang of ["en", "ar"] as const) {
  test(`a listing leads to its seller's page and on to another of their listings, in ${lang}`, async ({
    page,
  }, info) => {
    // Four pages and a search for a fitting listing: 21–26 s on a loaded CI machine.
    test.setTimeout(60_000);
    const chosen = await firstListingWith(page, lang, "more-from-seller");
    // Opened from its card, as a visitor does.
    await page.goto(`/category/motors?lang=${lang}`);
    await page.locator(`[data-testid="listing-card"][href="${chosen}"]`).first().click();
    await expect(page.getByTestId("listing-page")).toBeVisible();
    const first = new URL(page.url()).pathname;
    await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");

    // Below the fold: more from the seller and similar listings, fetched as the reader nears
    // them, their pictures lazy.
    await neighboursOf(page);
    const more = page.getByTestId("more-from-seller");
    await expect(more.getByRole("heading", { name: texts[lang].more })).toBeVisible();
    await expect(more.getByTestId("listing-card").first()).toBeVisible();
    await expect(more.locator(`a[href="${first}"]`)).toHaveCount(0);
    const pictures = page.getByTestId("related-listings").locator("img");
    if ((await pictures.count()) > 0)
      await expect(pictures.first()).toHaveAttribute("loading", "lazy");
    await page.getByTestId("related-listings").scrollIntoViewIfNeeded();
    await expectNoHorizontalScroll(page, "loading the neighbours");
    await page.screenshot({
      path: `${shots}/${info.project.name}-${lang}-listing-related.png`,
      fullPage: true,
    });

    await page.getByTestId("seller-page-link").click();
    await expect(page).toHaveURL(/\/u\/[^/?]+/);
    await expect(page.getByTestId("seller-header")).toBeVisible();
    await expect(page.getByRole("heading", { name: texts[lang].listings })).toBeVisible();
    await expect(page.getByTestId("share-whatsapp")).toHaveAttribute(
      "href",
      /^https:\/\/wa\.me\/\?text=/,
    );
    await expectNoHorizontalScroll(page, "opening the seller's page");
    await page.screenshot({
      path: `${shots}/${info.project.name}-${lang}-seller-page.png`,
      fullPage: true,
    });

    const other = page.locator(`[data-testid="listing-card"]:not([href="${first}"])`).first();
    const href = await other.getAttribute("href");
    await other.click();
    await expect(page).toHaveURL(new RegExp(`${href}`));
    await expect(page.getByTestId("listing-page")).toBeVisible();
  });

  test(`similar listings lead to another listing, in ${lang}`, async ({ page }, info) => {
    const first = await firstListingWith(page, lang, "similar-listings");
    const similar = page.getByTestId("similar-listings");
    await expect(similar.getByRole("heading", { name: texts[lang].similar })).toBeVisible();
    const cards = similar.getByTestId("listing-card");
    expect(await cards.count()).toBeLessThanOrEqual(8);
    await expect(similar.locator(`a[href="${first}"]`)).toHaveCount(0);
    await similar.scrollIntoViewIfNeeded();
    await expectNoHorizontalScroll(page, "loading similar listings");
    await page.screenshot({ path: `${shots}/${info.project.name}-${lang}-similar.png` });
    const href = await cards.first().getAttribute("href");
    await cards.first().click();
    await expect(page).toHaveURL(new RegExp(`${href}`));
    await expect(page.getByTestId("listing-page")).toBeVisible();
  });
}
