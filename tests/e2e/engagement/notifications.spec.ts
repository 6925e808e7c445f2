import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { expectNoHorizontalScroll } from "../support/layout";
import { postListing, signUp } from "../support/members";

/*
 * Notifications that arrive (docs/product-decisions.md §D16), in Chromium, in both languages: a
 * saved search's alert when another member posts a match; a favourite's price drop; and an unread
 * message e-mailed to a seller who is away, whose link opens the thread. Mail is read from the
 * outbox (/dev/mail), as a developer would; the e2e server runs jobs every half second and notices
 * unread messages after one second (scripts/e2e-server.mjs). The unread message's e-mail stops with
 * its link, on a page that names the kind as a reader of the language would.
 */

const shots = "tests/.artifacts/screenshots";

// Subjects name no member's words (a title, a sender, a search's name): those are in the body.
const texts = {
  en: {
    alert: "new listing for",
    priceDrop: "cheaper now",
    unread: "unread message",
    stop: "You will no longer get e-mails about unread messages.",
    stopped: "You are unsubscribed",
  },
  ar: {
    alert: "إعلان جديد",
    priceDrop: "انخفض سعر",
    unread: "رسالة غير مقروءة",
    stop: "لن يصلك بعد الآن بريد إلكتروني عن رسائلك غير المقروءة.",
    stopped: "تم إلغاء اشتراكك",
  },
} as const;

/** The message pages in the outbox to `to` whose subject contains `subject`, polled until one is. */
async function mailTo(page: Page, to: string, subject: string) {
  let hrefs: string[] = [];
  await expect(async () => {
    await page.goto("/dev/mail");
    hrefs = await page
      .locator("tr", { hasText: to })
      .filter({ hasText: subject })
      .getByRole("link")
      .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
    expect(hrefs.length).toBeGreaterThan(0);
  }).toPass({ timeout: 40_000 });
  return hrefs;
}

/**
 * Confirms the member's address from the confirmation mail, as they would: notifications go only
 * to a confirmed address.
 */
async function confirmEmail(page: Page, to: string, lang: "en" | "ar") {
  let confirm = "";
  await expect(async () => {
    const [mail] = await mailTo(page, to, "");
    confirm =
      (await linksOf(page, mail ?? "")).find((link) => link.includes("/auth/confirm")) ?? "";
    expect(confirm).not.toBe("");
  }).toPass({ timeout: 40_000 });
  await page.goto(confirm);
  await expect(page.getByTestId("confirm-result")).toContainText(
    lang === "ar" ? "تم تأكيد البريد الإلكتروني" : "E-mail confirmed",
  );
}

/** The links of one outbox message. */
async function linksOf(page: Page, href: string) {
  await page.goto(href);
  return page
    .getByTestId("mail-link")
    .evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
}

for (const lang of ["en", "ar"] as const) {
  test(`alerts, price drops and unread messages reach the member, in ${lang}`, async ({
    browser,
  }, info) => {
    test.skip(info.project.name !== "desktop", "one journey of two members");
    test.setTimeout(180_000);
    const t = texts[lang];
    const contexts: BrowserContext[] = [];
    const open = async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      contexts.push(context);
      return context.newPage();
    };
    const word = `zanbaq${Date.now().toString(36)}${lang}`;
    try {
      // A saves a search for a word nobody has used yet.
      const a = await open();
      const aEmail = await signUp(a, { lang, tag: `notify-a-${lang}` });
      await confirmEmail(a, aEmail, lang);
      await a.goto(`/search?q=${word}&category=5&lang=${lang}`);
      await a.getByTestId("save-search").click();
      await expect(a).toHaveURL(/\/saved-searches\?done=saved/);

      // B posts a listing that matches it; A's alert arrives.
      const b = await open();
      const bEmail = await signUp(b, { lang, tag: `notify-b-${lang}` });
      await confirmEmail(b, bEmail, lang);
      const listingId = await postListing(b, `${word} sofa`);
      const [alert] = await mailTo(a, aEmail, t.alert);
      const alertLinks = await linksOf(a, alert ?? "");
      expect(alertLinks.some((link) => link.endsWith(`/listing/${listingId}`))).toBe(true);
      await a.screenshot({ path: `${shots}/mail-alert-${lang}.png`, fullPage: true });

      // A saves B's listing; B lowers its price; A is told.
      await a.goto(`/listing/${listingId}?lang=${lang}`);
      // The listing's own heart (its neighbours' cards have theirs).
      const heart = a.getByTestId("listing-favorite").getByTestId("favorite-button");
      await a
        .getByTestId("listing-favorite")
        .locator('[data-testid="favorite-form"][data-hydrated]')
        .getByTestId("favorite-button")
        .click();
      await expect(heart).toHaveAttribute("data-favorited", "true");
      await b.goto(`/edit-listing/${listingId}?lang=${lang}`);
      // The form's code has come (a click before it raced hydration and the save went astray).
      await expect(b.locator('[data-testid="listing-form"][data-hydrated]')).toBeVisible();
      await b.locator('[name="price"]').fill("900000");
      await b.getByTestId("listing-submit").click();
      // The save tells the listing's watchers (a job): on a loaded CI machine it took over 5 s.
      await expect(b).toHaveURL(new RegExp(`/listing/${listingId}$`), { timeout: 15_000 });
      await mailTo(a, aEmail, t.priceDrop);

      // A writes to B, who is away: B is e-mailed, and the link opens the conversation.
      await a.goto(`/listing/${listingId}?lang=${lang}`);
      await a.getByTestId("message-seller-body").fill("Is it still available?");
      await a.getByTestId("message-seller-send").click();
      await expect(a).toHaveURL(/\/messages\/[0-9a-f-]{36}/);
      const thread = new URL(a.url()).pathname;
      await b.goto("/");
      const [unread] = await mailTo(b, bEmail, t.unread);
      const links = await linksOf(b, unread ?? "");
      const toThread = links.find((link) => new URL(link).pathname === thread);
      expect(toThread).toBeDefined();
      await b.screenshot({ path: `${shots}/mail-unread-${lang}.png`, fullPage: true });
      await b.goto(new URL(toThread ?? "").pathname);
      await expect(b.getByTestId("message-body")).toHaveText(["Is it still available?"]);

      // B stops these e-mails from the e-mail's link, on a phone.
      const stop = links.find((link) => new URL(link).pathname === "/unsubscribe");
      await b.setViewportSize({ width: 390, height: 844 });
      await b.goto(new URL(stop ?? "/unsubscribe").pathname + new URL(stop ?? "/").search);
      const unsubscribe = b.getByTestId("unsubscribe-page");
      await expect(unsubscribe).toContainText(t.stop);
      await expectNoHorizontalScroll(b, "opening the unsubscribe link");
      await b.screenshot({ path: `${shots}/unsubscribe-${lang}.png` });
      await b.getByTestId("unsubscribe-submit").click();
      await expect(unsubscribe).toContainText(t.stopped);
      await expectNoHorizontalScroll(b, "unsubscribing");
    } finally {
      for (const context of contexts) await context.close();
    }
  });
}
