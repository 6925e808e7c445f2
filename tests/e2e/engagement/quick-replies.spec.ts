import { mkdirSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { shootBothWidths } from "../support/layout";
import { postListing, signUp } from "../support/members";

/*
 * Issue 31's quick replies: the buyer's common first questions on the listing page and in the
 * conversation, the seller's common answers — one tap each, in the sender's language, plain
 * buttons without JavaScript and through the outbox with it. A reply sent is not offered again.
 */
const shots = "tests/.artifacts/screens-quick-replies";
mkdirSync(shots, { recursive: true });

const texts = {
  en: {
    title: "Oak dining table, six chairs",
    available: "Is it still available?",
    lowest: "What is your lowest price?",
    where: "Where can I see it?",
    yes: "Yes, still available",
    sold: "Sold, sorry",
  },
  ar: {
    title: "طاولة سفرة سنديان مع ستة كراسي",
    available: "هل ما زال متوفرًا؟",
    lowest: "ما أقل سعر لديك؟",
    where: "أين يمكنني رؤيته؟",
    yes: "نعم، ما زال متوفرًا",
    sold: "تم البيع، عذرًا",
  },
} as const;

for (const lang of ["en", "ar"] as const) {
  test(`quick replies: one tap to ask and to answer, with and without JavaScript (${lang})`, async ({
    page: seller,
    browser,
  }, info) => {
    test.skip(info.project.name !== "desktop", "one journey; phone widths are taken by resizing");
    test.setTimeout(120_000);
    const t = texts[lang];
    // The buyer has no JavaScript at all: the buttons are plain forms.
    const buyerContext = await browser.newContext({ javaScriptEnabled: false });
    try {
      await signUp(seller, { lang, tag: `quick-seller-${info.project.name}` });
      const listingId = await postListing(seller, t.title);

      const buyer = await buyerContext.newPage();
      await signUp(buyer, { lang, tag: `quick-buyer-${info.project.name}` });
      await buyer.goto(`/listing/${listingId}`);
      const asks = buyer.getByTestId("quick-replies");
      await expect(asks.getByRole("button")).toHaveText([t.available, t.lowest, t.where]);
      await asks.getByRole("button", { name: t.available }).click();
      await expect(buyer).toHaveURL(/\/messages\/[0-9a-f-]{36}/);
      const thread = new URL(buyer.url()).pathname;
      const buyerBodies = buyer.getByTestId("messages").getByTestId("message-body");
      await expect(buyerBodies).toHaveText([t.available]);
      // In the conversation: the questions not asked yet.
      await expect(buyer.getByTestId("quick-replies").getByRole("button")).toHaveCount(2);
      await buyer.getByTestId("quick-replies").getByRole("button", { name: t.lowest }).click();
      await expect(buyerBodies).toHaveText([t.available, t.lowest]);
      await expect(buyer.getByTestId("quick-replies").getByRole("button")).toHaveCount(1);

      // The seller answers with JavaScript: at once, through the outbox; the answer is not
      // offered again.
      await seller.goto(thread);
      const composer = seller.locator('[data-testid="composer"][data-hydrated]');
      await expect(composer).toBeVisible();
      const answers = seller.getByTestId("quick-replies").getByRole("button");
      await expect(answers).toHaveText([t.yes, t.sold]);
      await answers.filter({ hasText: t.yes }).click();
      const sellerBodies = seller.getByTestId("messages").getByTestId("message-body");
      await expect(sellerBodies).toHaveText([t.available, t.lowest, t.yes]);
      await expect(answers).toHaveText([t.sold]);
      await shootBothWidths(seller, shots, `${lang}-seller`);

      await buyer.goto(thread);
      await expect(buyerBodies).toHaveText([t.available, t.lowest, t.yes]);
      await shootBothWidths(buyer, shots, `${lang}-buyer-no-js`);
    } finally {
      await buyerContext.close();
    }
  });
}
