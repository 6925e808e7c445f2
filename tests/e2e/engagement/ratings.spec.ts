import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { shootBothWidths } from "../support/layout";
import { postListing, signIn, signUpByPhone } from "../support/members";
import { E2E_RATERS } from "../support/seeded-members";

/*
 * Trust earned in a real exchange (issue 29, decision 038), in each language: a seller signs up
 * with a name and a phone number alone and posts; a buyer in good standing reveals the verified number and writes; the
 * seller answers. Rating waits 24 hours — until the seller marks the listing sold, when both rate
 * each other (the seller without JavaScript). The seller page lists the rating, the seller answers
 * it once, and the listing's seller card shows the trust lines. Screenshots at 390 and 1280 px.
 */

const shots = "tests/.artifacts/screens-ratings";

const texts = {
  en: {
    sellerName: "Rania Haddad",
    title: "Oak bookcase, five shelves",
    first: "Hello! Can I see the bookcase tomorrow?",
    reply: "Yes, come at five. 🙂",
    rateSeller: "Rate Rania Haddad",
    rateBuyer: "Rate Omar Sayegh",
    wait: "You can rate Rania Haddad from",
    tags: ["As described", "On time"],
    comment: "Exactly as in the photos <b>really</b>.",
    yours: "Your rating of Rania Haddad",
    answer: "Thank you, enjoy the bookcase!",
    trust: "1 rating so far: an average shows from 3",
    sold: "1 listing sold",
    asSeller: "As a seller",
    asBuyer: "As a buyer",
  },
  ar: {
    sellerName: "رانيا حداد",
    title: "مكتبة سنديان بخمسة رفوف",
    first: "مرحبا! هل أستطيع رؤية المكتبة غداً؟",
    reply: "نعم، تعال الساعة الخامسة. 🙂",
    rateSeller: "قيّم رانيا حداد",
    rateBuyer: "قيّم نور الشامي",
    wait: "يمكنك تقييم رانيا حداد ابتداءً من",
    tags: ["مطابق للوصف", "ملتزم بالموعد"],
    comment: "تماماً كما في الصور ١٠٠٪ 👍",
    yours: "تقييمك لـرانيا حداد",
    answer: "شكراً لك، استمتع بالمكتبة!",
    trust: "تقييم واحد حتى الآن: يظهر المتوسط من ٣ تقييمات",
    sold: "إعلان واحد مُباع",
    asSeller: "كبائع",
    asBuyer: "كمشترٍ",
  },
} as const;

const shoot = (page: Page, name: string) => shootBothWidths(page, shots, name);

const composer = (page: Page) => page.locator('[data-testid="composer"][data-hydrated]');

for (const [index, lang] of (["en", "ar"] as const).entries()) {
  test(`buyer and seller rate each other after a real exchange, in ${lang}`, async ({
    browser,
  }, info) => {
    test.skip(
      info.project.name !== "desktop",
      "one journey; phone widths are screenshotted inside",
    );
    test.setTimeout(300_000);
    const t = texts[lang];
    const rater = E2E_RATERS[index]!;
    const contexts: BrowserContext[] = [];
    const open = async (options: { javaScriptEnabled?: boolean; storageState?: string } = {}) => {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 800 },
        ...options,
        storageState: options.storageState ? JSON.parse(options.storageState) : undefined,
      });
      contexts.push(context);
      return context.newPage();
    };
    try {
      // The seller proves their number and posts.
      // The seller has no e-mail: a name and a phone number make their account (decision 037).
      const seller = await open();
      await signUpByPhone(seller, {
        lang,
        name: t.sellerName,
        phone: `0933 777 00${index + 1}`,
        e164: `+96393377700${index + 1}`,
      });
      const listingId = await postListing(seller, t.title);

      // The buyer (a member in good standing) sees the verified mark, reveals the number, writes.
      const buyer = await open();
      await signIn(buyer, rater);
      await buyer.goto(`/listing/${listingId}?lang=${lang}`);
      await expect(buyer.getByTestId("seller-phone-verified")).toBeVisible();
      await buyer.getByTestId("show-phone").click();
      await expect(buyer.getByTestId("seller-phone")).toContainText("933");
      await buyer.getByTestId("message-seller-body").fill(t.first);
      await buyer.getByTestId("message-seller-send").click();
      await expect(buyer).toHaveURL(/\/messages\/[0-9a-f-]{36}/);
      const conversation = new URL(buyer.url()).pathname;
      // One side wrote: nothing to rate yet.
      await expect(buyer.getByTestId("rating-panel")).toHaveCount(0);

      await seller.goto(conversation);
      await composer(seller).getByTestId("composer-input").fill(t.reply);
      await composer(seller).getByTestId("composer-send").click();
      await expect(seller.getByTestId("message-body")).toHaveText([t.first, t.reply]);
      // The seller's page shows a message while it is being sent: the buyer's live thread has it
      // only once the server saved it.
      await expect(buyer.getByTestId("message-body")).toHaveText([t.first, t.reply], {
        timeout: 15_000,
      });

      // Both wrote: the buyer may rate 24 hours after the first message.
      await buyer.goto(conversation);
      await buyer.getByTestId("rating-panel").locator("summary").click();
      await expect(buyer.getByTestId("rating-wait")).toContainText(t.wait);
      await shoot(buyer, `thread-wait-${lang}`);

      // The seller marks it sold: rating opens at once.
      await seller.goto(`/listing/${listingId}`);
      await seller.getByTestId("owner-sold").click();
      await expect(seller.getByTestId("listing-status")).toBeVisible();

      await buyer.goto(conversation);
      const panel = buyer.getByTestId("rating-panel");
      await expect(panel.locator("summary")).toContainText(t.rateSeller);
      await panel.locator("summary").click();
      const form = buyer.locator('[data-testid="rating-form"]');
      // Sent without stars: told what to fix, the comment kept.
      await form.locator("textarea[name=comment]").fill(t.comment);
      await form.getByTestId("rating-submit").click();
      await expect(form.getByRole("alert").first()).toBeVisible();
      await expect(form.locator("textarea[name=comment]")).toHaveValue(t.comment);
      await form.getByTestId("rating-stars").locator("label").nth(4).click();
      for (const tag of t.tags)
        await form.getByTestId("rating-tags").getByText(tag, { exact: true }).click();
      await shoot(buyer, `thread-rating-form-${lang}`);
      await form.getByTestId("rating-submit").click();
      // What the page now says is the proof (the thanks toast is gone in 3 s on a loaded machine).
      await expect(buyer.getByTestId("rating-panel").locator("summary")).toContainText(t.yours);
      await shoot(buyer, `thread-rated-${lang}`);

      // The seller rates the buyer without JavaScript: a plain form.
      const plain = await open({
        javaScriptEnabled: false,
        storageState: JSON.stringify(await seller.context().storageState()),
      });
      await plain.goto(conversation);
      const sellerPanel = plain.getByTestId("rating-panel");
      await expect(sellerPanel.locator("summary")).toContainText(t.rateBuyer);
      // The buyer's rating of the seller is shown by the buyer's name in the seller's header? No:
      // the header shows the buyer's own ratings (none yet).
      await sellerPanel.locator("summary").click();
      await sellerPanel.getByTestId("rating-stars").locator("label").nth(3).click();
      await sellerPanel.getByTestId("rating-submit").click();
      await expect(plain.getByTestId("rating-panel").locator("summary")).toContainText(
        lang === "en" ? "Your rating of Omar Sayegh" : "تقييمك لـنور الشامي",
      );

      // The seller's page lists the buyer's rating; the seller answers it once.
      await seller.goto(`/listing/${listingId}`);
      await seller.getByTestId("seller-page-link").click();
      await expect(seller.getByTestId("seller-page")).toBeVisible();
      const item = seller.getByTestId("rating-item");
      await expect(item).toHaveCount(1);
      await expect(item).toContainText(t.asSeller);
      await expect(item).toContainText(t.tags[0]);
      await expect(item).toContainText(t.comment);
      await item.locator("summary").first().click();
      await item.getByTestId("rating-answer-form").locator("textarea").fill(t.answer);
      await item.getByTestId("rating-answer-form").locator("button").click();
      await expect(seller.getByTestId("rating-answer")).toContainText(t.answer);
      await expect(seller.getByTestId("rating-answer-form")).toHaveCount(0);
      await expect(seller.getByTestId("trust-rating").first()).toHaveText(t.trust);
      await expect(seller.getByTestId("trust-sold").first()).toHaveText(t.sold);
      await shoot(seller, `seller-page-${lang}`);

      // Anyone reading the listing sees the trust lines on the seller card; a visitor too.
      const visitor = await open();
      await visitor.goto(`/listing/${listingId}?lang=${lang}`);
      const card = visitor.getByTestId("seller-card");
      await expect(card.getByTestId("trust-rating")).toHaveText(t.trust);
      await expect(card.getByTestId("trust-sold")).toHaveText(t.sold);
      await expect(card.getByTestId("seller-phone-verified")).toBeVisible();
      await card.scrollIntoViewIfNeeded();
      await shoot(visitor, `listing-trust-${lang}`);

      // The buyer's page shows the seller's rating of them, as a buyer.
      await buyer.goto(conversation);
      await expect(buyer.getByTestId("thread-other-ratings")).toBeVisible();
    } finally {
      for (const context of contexts) await context.close();
    }
  });
}
