import AxeBuilder from "@axe-core/playwright";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { shootBothWidths } from "../support/layout";
import { postListing, signUp } from "../support/members";

/*
 * Two members in two browser contexts talk about a listing, live, in each language: the buyer
 * writes from the listing page, the seller's open inbox and header badge update without a reload,
 * the seller answers from the conversation and the buyer sees it arrive (and "Seen" on their own
 * message); a message with a link and a request to pay outside Souqna shows the reader a warning
 * and no clickable link. Screenshots of the inbox and the conversation at 390 and 1280 px.
 */

const shots = "tests/.artifacts/screens-messages";

const texts = {
  en: {
    sellerName: "Rania Haddad",
    buyerName: "Samer Khatib",
    title: "Walnut dining table",
    first: "Hello! Is the table still available? 🙂",
    reply: "Yes, it is. You can see it in Mezzeh tomorrow.",
    risky: "Please pay a deposit by Western Union first: wa.me/963944123456",
    sent: "Message sent",
    inbox: "Your Inbox",
    oneUnread: "You have 1 unread message",
    noneUnread: "You have 0 unread messages",
    unread: "Unread",
    seen: "Seen",
    warning: "This message asks for payment outside Souqna",
  },
  ar: {
    sellerName: "رانيا حداد",
    buyerName: "سامر الخطيب",
    title: "طاولة سفرة من الجوز",
    first: "مرحبا! هل الطاولة ما زالت متوفرة؟ ١٢٣ 🙂",
    reply: "نعم، يمكنك رؤيتها غداً في المزة.",
    risky: "ابعتلي حوالة ويسترن يونيون كعربون أولاً: wa.me/963944123456",
    sent: "تم إرسال الرسالة",
    inbox: "صندوق الوارد",
    oneUnread: "لديك رسالة واحدة غير مقروءة",
    noneUnread: "ليس لديك رسائل غير مقروءة",
    unread: "غير مقروءة",
    seen: "مقروءة",
    warning: "تطلب هذه الرسالة الدفع خارج سوقنا",
  },
} as const;

const shoot = (page: Page, name: string) => shootBothWidths(page, shots, name);

/** Serious and critical accessibility problems on the page, as the a11y suite counts them. */
async function seriousProblems(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3)}`);
}

/** The composer of an open conversation, once React runs it. */
const composer = (page: Page) => page.locator('[data-testid="composer"][data-hydrated]');

for (const lang of ["en", "ar"] as const) {
  test(`two members exchange messages live, in ${lang}`, async ({ browser }, info) => {
    test.skip(
      info.project.name !== "desktop",
      "one journey; phone widths are screenshotted inside",
    );
    test.setTimeout(120_000);
    const t = texts[lang];
    const contexts: BrowserContext[] = [];
    const open = async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      contexts.push(context);
      return context.newPage();
    };
    try {
      // The seller posts a listing and waits in their inbox.
      const seller = await open();
      await signUp(seller, { lang, tag: `msg-seller-${lang}`, name: t.sellerName });
      const listingId = await postListing(seller, t.title);
      await seller.goto("/messages");
      await expect(seller.getByRole("heading", { level: 1 })).toHaveText(t.inbox);
      await expect(seller.getByTestId("inbox-empty")).toBeVisible();
      await expect(seller.locator("main[data-live]")).toBeVisible();

      // The buyer writes from the listing page; the conversation opens with "Message sent".
      const buyer = await open();
      await signUp(buyer, { lang, tag: `msg-buyer-${lang}`, name: t.buyerName });
      await buyer.goto(`/listing/${listingId}`);
      await buyer.getByTestId("message-seller").scrollIntoViewIfNeeded();
      await buyer.screenshot({ path: `${shots}/listing-compose-${lang}-1280.png` });
      await buyer.getByTestId("message-seller-body").fill(t.first);
      await buyer.getByTestId("message-seller-send").click();
      await expect(buyer).toHaveURL(/\/messages\/[0-9a-f-]{36}/);
      await expect(buyer.locator("[data-sonner-toast]", { hasText: t.sent })).toBeVisible();
      await expect(buyer.getByTestId("message-body")).toHaveText([t.first]);
      const conversationUrl = new URL(buyer.url()).pathname;

      // Without a reload, the seller's inbox lists it as unread and the header counts it.
      const row = seller.getByTestId("inbox-row");
      await expect(row).toHaveCount(1);
      await expect(row.getByTestId("inbox-name")).toHaveText(t.buyerName);
      await expect(row.getByTestId("inbox-listing")).toHaveText(t.title);
      await expect(row.getByTestId("inbox-preview")).toHaveText(t.first);
      await expect(row.getByTestId("inbox-status")).toContainText(t.unread);
      await expect(seller.getByTestId("inbox-unread")).toHaveText(t.oneUnread);
      await expect(seller.getByTestId("unread-badge")).toHaveText(lang === "ar" ? "١" : "1");
      await shoot(seller, `inbox-${lang}`);

      // The seller opens it (marked read, badge gone) and answers with the live composer.
      await row.getByTestId("inbox-open").click();
      await expect(seller).toHaveURL(conversationUrl);
      await expect(seller.getByTestId("message-body")).toHaveText([t.first]);
      await expect(seller.getByTestId("unread-badge")).toHaveCount(0);
      await expect(buyer.getByTestId("message-seen")).toHaveText(t.seen);
      await composer(seller).getByTestId("composer-input").fill(t.reply);
      await composer(seller).getByTestId("composer-input").press("Enter");
      await expect(composer(seller).getByTestId("composer-input")).toHaveValue("");
      await expect(seller.getByTestId("message-body")).toHaveText([t.first, t.reply]);

      // It reaches the buyer's open conversation live.
      await expect(buyer.getByTestId("message-body")).toHaveText([t.first, t.reply]);

      // A risky message: the seller (the reader) is warned and the link is plain text.
      await composer(buyer).getByTestId("composer-input").fill(t.risky);
      await composer(buyer).getByTestId("composer-send").click();
      await expect(seller.getByTestId("message-body")).toHaveText([t.first, t.reply, t.risky]);
      const risky = seller.getByTestId("message").last();
      await expect(risky.getByTestId("safety-warning")).toContainText(t.warning);
      await expect(risky.getByTestId("safety-link")).toBeVisible();
      await expect(risky.locator("a[href*='wa.me']")).toHaveCount(0);
      // The writer sees no warning on their own message.
      await expect(buyer.getByTestId("safety-warning")).toHaveCount(0);
      await expect(seller.getByTestId("unread-badge")).toHaveCount(0);
      await shoot(seller, `thread-seller-${lang}`);
      expect(await seriousProblems(seller)).toEqual([]);

      // The buyer's inbox: read, newest first.
      await buyer.goto("/messages");
      await expect(buyer.getByTestId("inbox-unread")).toHaveText(t.noneUnread);
      await expect(buyer.getByTestId("inbox-name")).toHaveText(t.sellerName);
      await shoot(buyer, `inbox-buyer-${lang}`);
      expect(await seriousProblems(buyer)).toEqual([]);
      await buyer.goto(conversationUrl);
      await shoot(buyer, `thread-buyer-${lang}`);

      // The profile's Messages tab lists the latest conversations.
      await buyer.goto("/profile?tab=messages");
      await expect(buyer.getByTestId("profile-messages").getByTestId("inbox-name")).toHaveText(
        t.sellerName,
      );
      await buyer.screenshot({
        path: `${shots}/profile-messages-${lang}-1280.png`,
        fullPage: true,
      });
    } finally {
      for (const context of contexts) await context.close();
    }
  });
}
