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
 * The first motors listing (of the category page's first eight) that has the sections `testIds`
 * ("more-from-seller", "similar-listings", "show-phone"), opened, its neighbours in place: a
 * listing another test has just posted has no other listings by its seller, one priced far from
 * every other of its kind has no similar listings, and a seller without a verified phone has no
 * number to show.
 */
export async function firstListingWith(
  page: Page,
  lang: "en" | "ar",
  ...testIds: [string, ...string[]]
) {
  await page.goto(`/category/motors?lang=${lang}`);
  const hrefs = await page
    .getByTestId("listing-card")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  for (const href of hrefs.slice(0, 8)) {
    await page.goto(`${href}?lang=${lang}`);
    await neighboursOf(page);
    const counts = await Promise.all(testIds.map((testId) => page.getByTestId(testId).count()));
    if (counts.every((count) => count > 0)) return href;
  }
  throw new Error(`none of the first motors listings has ${testIds.join(" and ")}`);
}
