import { expect, type Page } from "@playwright/test";

/**
 * Scrolls to the end of the listing, where its links to the seller and the category wait, and
 * waits until the neighbours' cards have come in their place (or nothing, when there are none).
 */
export async function neighboursOf(page: Page) {
  const links = page.getByTestId("related-links");
  await links.scrollIntoViewIfNeeded();
  await expect(links).toHaveCount(0);
}

/**
 * The first motors listing (of the category page's first eight) that has the section `testId`
 * ("more-from-seller", "similar-listings"), opened, its neighbours in place: a listing another
 * test has just posted has no other listings by its seller, and one priced far from every other
 * of its kind has no similar listings.
 */
export async function firstListingWith(page: Page, lang: "en" | "ar", testId: string) {
  await page.goto(`/category/motors?lang=${lang}`);
  const hrefs = await page
    .getByTestId("listing-card")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  for (const href of hrefs.slice(0, 8)) {
    await page.goto(`${href}?lang=${lang}`);
    await neighboursOf(page);
    if ((await page.getByTestId(testId).count()) > 0) return href;
  }
  throw new Error(`none of the first motors listings has ${testId}`);
}
