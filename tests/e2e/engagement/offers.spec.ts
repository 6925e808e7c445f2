import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { shootBothWidths } from "../support/layout";
import { postListing, signUp } from "../support/members";

/*
 * Issue 31's offers: a buyer without JavaScript offers a price (plain forms), the seller counters
 * with JavaScript, the buyer accepts; the agreed price heads the conversation for both, and the
 * seller reserves the listing from it — the listing page then says "Reserved".
 */
const shots = "tests/.artifacts/screens-offers";
mkdirSync(shots, { recursive: true });

const texts = {
  en: {
    title: "Kia Rio 2012, offers test",
    available: "Is it still available?",
    make: "Make an offer",
    counter: "Counter",
    amount: "Your offer in SYP",
    counterAmount: "Your counter-offer in SYP",
    send: "Send offer",
    sendCounter: "Send counter-offer",
    invalid: "Enter your offer in SYP as a whole number, for example 4500000.",
    offer: "Offer: SYP 1,200,000",
    countered: "Counter-offer: SYP 1,350,000",
    waiting: "Waiting for an answer",
    counteredStatus: "Countered",
    accept: "Accept",
    agreed: "Agreed price: SYP 1,350,000",
    reserve: "Mark as reserved",
    reserved: "This listing is marked reserved.",
    noConnection: "No connection: nothing was sent. Try again when you are back online.",
    notice: "Reserved: the seller has agreed a sale with a buyer.",
    typed: "1,200,000",
    counterTyped: "1350000",
  },
  ar: {
    title: "كيا ريو ٢٠١٢، تجربة العروض",
    available: "هل ما زال متوفرًا؟",
    make: "قدّم عرضًا",
    counter: "عرض مقابل",
    amount: "عرضك بالليرة السورية",
    counterAmount: "عرضك المقابل بالليرة السورية",
    send: "أرسل العرض",
    sendCounter: "أرسل العرض المقابل",
    invalid: "اكتب عرضك بالليرة السورية رقمًا صحيحًا، مثل ٤٥٠٠٠٠٠.",
    offer: "عرض: ١٬٢٠٠٬٠٠٠ ل.س",
    countered: "عرض مقابل: ١٬٣٥٠٬٠٠٠ ل.س",
    waiting: "بانتظار الرد",
    counteredStatus: "قوبل بعرض آخر",
    accept: "اقبل",
    agreed: "السعر المتفق عليه: ١٬٣٥٠٬٠٠٠ ل.س",
    reserve: "تحديد كمحجوز",
    reserved: "هذا الإعلان محجوز.",
    noConnection: "لا يوجد اتصال: لم يُرسل شيء. حاول مرة أخرى عند عودة الاتصال.",
    notice: "محجوز: اتفق البائع على البيع مع مشترٍ.",
    // Arabic-Indic digits, as an Arabic keyboard types them.
    typed: "١٢٠٠٠٠٠",
    counterTyped: "١٣٥٠٠٠٠",
  },
} as const;

async function offer(page: Page, label: string, amount: string, send: string) {
  const form = page.getByTestId("offer-form");
  if ((await form.getAttribute("open")) === null) await form.locator("summary").click();
  await form.getByLabel(label).fill(amount);
  await form.getByRole("button", { name: send }).click();
}

for (const lang of ["en", "ar"] as const) {
  test(`an offer is made, countered and accepted, and the listing reserved (${lang})`, async ({
    page: seller,
    browser,
  }, info) => {
    test.skip(info.project.name !== "desktop", "one journey; phone widths are taken by resizing");
    test.setTimeout(150_000);
    const t = texts[lang];
    const buyerContext = await browser.newContext({ javaScriptEnabled: false });
    try {
      await signUp(seller, { lang, tag: `offers-seller-${info.project.name}` });
      const listingId = await postListing(seller, `${t.title} ${Date.now()}`);

      const buyer = await buyerContext.newPage();
      await signUp(buyer, { lang, tag: `offers-buyer-${info.project.name}` });
      await buyer.goto(`/listing/${listingId}`);
      await buyer.getByTestId("quick-replies").getByRole("button", { name: t.available }).click();
      await expect(buyer).toHaveURL(/\/messages\/[0-9a-f-]{36}/);
      const thread = new URL(buyer.url()).pathname;

      // A mistyped amount is explained in the buyer's language and kept for mending.
      await expect(buyer.getByTestId("offer-form").locator("summary")).toHaveText(t.make);
      await offer(buyer, t.amount, "12O0000", t.send);
      await expect(buyer.getByTestId("offer-form")).toContainText(t.invalid);
      await expect(buyer.getByTestId("offer-form").getByLabel(t.amount)).toHaveValue("12O0000");
      await offer(buyer, t.amount, t.typed, t.send);
      const buyerOffers = buyer.getByTestId("offer");
      await expect(buyerOffers.getByTestId("offer-title")).toHaveText([t.offer]);
      await expect(buyerOffers.getByTestId("offer-status")).toHaveText([t.waiting]);
      // Their own offer waits for its answer: no second one, no Accept for themselves.
      await expect(buyer.getByTestId("offer-form")).toHaveCount(0);
      await expect(buyer.getByTestId("offer-accept")).toHaveCount(0);

      // The seller, with JavaScript, counters.
      await seller.goto(thread);
      await expect(seller.locator('[data-testid="composer"][data-hydrated]')).toBeVisible();
      await expect(seller.getByTestId("offer-accept")).toBeVisible();
      await expect(seller.getByTestId("offer-form").locator("summary")).toHaveText(t.counter);
      // Without a connection the counter-offer is not sent, and the page keeps it.
      await seller.context().setOffline(true);
      await offer(seller, t.counterAmount, t.counterTyped, t.sendCounter);
      await expect(seller.getByTestId("offer-form")).toContainText(t.noConnection);
      await expect(seller.getByTestId("offer-form").getByLabel(t.counterAmount)).toHaveValue(
        t.counterTyped,
      );
      await seller.context().setOffline(false);
      await seller.getByTestId("offer-form").getByRole("button", { name: t.sendCounter }).click();
      const sellerOffers = seller.getByTestId("offer");
      await expect(sellerOffers.getByTestId("offer-title")).toHaveText([t.offer, t.countered]);
      await expect(sellerOffers.getByTestId("offer-status")).toHaveText([
        t.counteredStatus,
        t.waiting,
      ]);
      await shootBothWidths(seller, shots, `${lang}-seller-countered`);

      // The buyer accepts the counter-offer; the agreed price heads the conversation.
      await buyer.goto(thread);
      await expect(buyer.getByTestId("offer-accept")).toHaveCount(1);
      await shootBothWidths(buyer, shots, `${lang}-buyer-no-js`);
      await buyer.getByTestId("offer-accept").click();
      await expect(buyer.getByTestId("offer-agreed")).toContainText(t.agreed);
      await expect(buyer.getByTestId("offer-reserve")).toHaveCount(0);

      // The seller's page hears of it live, and the seller reserves the listing from there.
      const agreed = seller.getByTestId("offer-agreed");
      await expect(agreed).toContainText(t.agreed);
      await agreed.getByRole("button", { name: t.reserve }).click();
      await expect(seller.getByTestId("offer-reserved")).toHaveText(t.reserved);
      await shootBothWidths(seller, shots, `${lang}-seller-agreed`);
      await buyer.goto(`/listing/${listingId}`);
      await expect(buyer.getByTestId("listing-status")).toContainText(t.notice);
    } finally {
      await buyerContext.close();
    }
  });
}
