import { mkdirSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { shootBothWidths } from "../support/layout";
import { postListing, signUp } from "../support/members";

/*
 * Issue 31's reserved listings: a seller who agreed a sale marks the listing reserved; it stays
 * visible with a "Reserved" badge on its page and its card, and goes back to available or on to
 * sold. The owner's buttons are plain forms; a visitor sees the mark without JavaScript.
 */
const shots = "tests/.artifacts/screens-reserved";
mkdirSync(shots, { recursive: true });

const texts = {
  en: {
    title: "Hyundai Elantra 2016, reserved test",
    reserve: "Mark as reserved",
    available: "Available again",
    badge: "Reserved",
    notice: "Reserved: the seller has agreed a sale with a buyer.",
  },
  ar: {
    title: "هيونداي إلنترا ٢٠١٦، تجربة الحجز",
    reserve: "تحديد كمحجوز",
    available: "متاح من جديد",
    badge: "محجوز",
    notice: "محجوز: اتفق البائع على البيع مع مشترٍ.",
  },
} as const;

for (const lang of ["en", "ar"] as const) {
  test(`a seller reserves a listing: visible with its mark, then available again (${lang})`, async ({
    page: seller,
    browser,
  }, info) => {
    test.skip(info.project.name !== "desktop", "one journey; phone widths are taken by resizing");
    test.setTimeout(120_000);
    const t = texts[lang];
    const title = `${t.title} ${Date.now()}`;
    await signUp(seller, { lang, tag: `reserve-${info.project.name}` });
    const listingId = await postListing(seller, title);
    await seller.goto(`/listing/${listingId}`);
    await seller.getByRole("button", { name: t.reserve }).click();
    await expect(seller.getByTestId("listing-status")).toContainText(t.notice);
    await expect(seller.getByRole("button", { name: t.available })).toBeVisible();

    // A visitor without JavaScript: the notice on the page, the badge on its card in search.
    const visitorContext = await browser.newContext({ javaScriptEnabled: false });
    try {
      const visitor = await visitorContext.newPage();
      await visitor.goto(`/listing/${listingId}?lang=${lang}`);
      await expect(visitor.getByTestId("listing-status")).toContainText(t.notice);
      await shootBothWidths(visitor, shots, `${lang}-listing`);
      await visitor.goto(`/search?q=${encodeURIComponent(title)}&lang=${lang}`);
      const card = visitor.getByTestId("listing-card").filter({ hasText: title });
      await expect(card.getByTestId("card-reserved")).toHaveText(t.badge);
      await shootBothWidths(visitor, shots, `${lang}-search`);

      await seller.getByRole("button", { name: t.available }).click();
      await expect(seller.getByTestId("listing-status")).toHaveCount(0);
      await expect(seller.getByRole("button", { name: t.reserve })).toBeVisible();
      await visitor.reload();
      await expect(card).toBeVisible();
      await expect(card.getByTestId("card-reserved")).toHaveCount(0);
    } finally {
      await visitorContext.close();
    }
  });
}
