import { expect, test } from "@playwright/test";
import { expectNoHorizontalScroll } from "../support/layout";
import { firstListingWith } from "../support/listings";
import { signIn } from "../support/members";
import { E2E_TRUSTED_REPORTERS } from "../support/seeded-members";

/*
 * Someone else's listing, used the way a buyer does, in both languages at 390 px and on a
 * desktop: the number shown, the listing saved and let go, its link copied, its photo opened full
 * screen. After each, the page still fits the screen (nothing to scroll sideways) and the
 * sections below the listing keep their texts.
 */

const shots = "tests/.artifacts/screenshots";

const texts = {
  en: { more: "More from this seller", similar: "Similar listings", copied: "Link copied" },
  ar: { more: "المزيد من هذا البائع", similar: "إعلانات مشابهة", copied: "تم نسخ الرابط" },
} as const;

for (const lang of ["en", "ar"] as const) {
  test(`a buyer's actions leave the listing page at its width and in its language (${lang})`, async ({
    page,
    context,
  }, info) => {
    test.setTimeout(90_000);
    const t = texts[lang];
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    // A member in good standing may see numbers: Lina in English, Hala in Arabic.
    await signIn(page, E2E_TRUSTED_REPORTERS[lang === "en" ? 1 : 2]!);
    await firstListingWith(page, lang, "more-from-seller");
    const more = page.getByTestId("more-from-seller");
    const heading = more.getByRole("heading", { level: 2 });
    await expect(heading).toHaveText(t.more);
    await expectNoHorizontalScroll(page, "loading");

    // The seller's number: the page's data comes again after it, with the page's own texts.
    await page.getByTestId("show-phone").click();
    await expect(page.getByTestId("seller-phone")).toBeVisible();
    await expect(heading).toHaveText(t.more);
    await expect(page.getByTestId("related-listings")).not.toContainText("related.");
    await expectNoHorizontalScroll(page, "showing the phone number");
    await page.screenshot({
      path: `${shots}/${info.project.name}-${lang}-listing-after-reveal.png`,
    });

    // Saved, then let go (the toasts come and go at the bottom of the screen).
    const favorite = page.getByTestId("listing-favorite").getByTestId("favorite-button");
    const saved = await favorite.getAttribute("data-favorited");
    await favorite.click();
    await expect(favorite).toHaveAttribute("data-favorited", saved === "true" ? "false" : "true");
    await expectNoHorizontalScroll(page, "saving the listing");
    await favorite.click();
    await expect(favorite).toHaveAttribute("data-favorited", saved ?? "false");

    // Its link copied.
    await page.getByTestId("share-link").click();
    await expect(page.getByTestId("share-link")).toHaveText(t.copied);
    await expectNoHorizontalScroll(page, "copying the link");

    // Its photo full screen, and back.
    await page.locator('[data-testid="listing-gallery"][data-hydrated]').waitFor();
    await page.getByTestId("gallery-main").click();
    const lightbox = page.getByRole("dialog");
    await expect(lightbox).toBeVisible();
    await expectNoHorizontalScroll(page, "opening the photo");
    await page.keyboard.press("Escape");
    await expect(lightbox).toBeHidden();
    await expectNoHorizontalScroll(page, "closing the photo");
    await expect(heading).toHaveText(t.more);
  });
}
