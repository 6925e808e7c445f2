import { mkdirSync } from "node:fs";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { shootBothWidths } from "../support/layout";
import { postListing, signIn, signUp } from "../support/members";
import { E2E_MODERATOR } from "../support/seeded-members";

/*
 * Issue 31's conversation reports: a seller reports a buyer who sent a "transfer receipt" photo;
 * a moderator finds the conversation in the queue, reads it with its photo, and suspends the
 * buyer, which closes the report. In each language, at both widths.
 */
const shots = "tests/.artifacts/screens-conversation-reports";
mkdirSync(shots, { recursive: true });

const texts = {
  en: {
    title: "Hyundai Accent 2014, report test",
    available: "Is it still available?",
    caption: "Here is my transfer receipt, send the car papers first",
    report: "Report",
    reasonRequired: "Please choose why you are reporting this conversation",
    scam: "Scam or fraud: a deposit, a fake receipt",
    details: "The receipt is fake: my bank shows no transfer",
    reported: "A moderator will read this conversation.",
    decided: "The decision is recorded in the audit log.",
  },
  ar: {
    title: "هيونداي أكسنت ٢٠١٤، تجربة البلاغ",
    available: "هل ما زال متوفرًا؟",
    caption: "هذا إيصال الحوالة، أرسل أوراق السيارة أولًا",
    report: "إبلاغ",
    reasonRequired: "يرجى اختيار سبب الإبلاغ عن هذه المحادثة",
    scam: "احتيال أو نصب: عربون أو إيصال مزوّر",
    details: "الإيصال مزوّر: لا حوالة في حسابي",
    reported: "سيقرأ أحد المشرفين هذه المحادثة.",
    decided: "سُجّل القرار في سجل الإشراف.",
  },
} as const;

for (const lang of ["en", "ar"] as const) {
  test(`a reported conversation is read by a moderator, photo included, who suspends the reported member (${lang})`, async ({
    page: seller,
    browser,
  }, info) => {
    test.skip(info.project.name !== "desktop", "one journey; phone widths are taken by resizing");
    test.setTimeout(150_000);
    const t = texts[lang];
    const receipt = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: { r: 230, g: 230, b: 210 } },
    })
      .jpeg()
      .toBuffer();
    const buyerContext = await browser.newContext();
    const moderatorContext = await browser.newContext();
    try {
      await signUp(seller, { lang, tag: `creport-seller-${info.project.name}` });
      const listingId = await postListing(seller, `${t.title} ${Date.now()}`);

      // The buyer asks, then sends a "receipt" with a push to pay first.
      const buyer = await buyerContext.newPage();
      await signUp(buyer, { lang, tag: `creport-buyer-${info.project.name}` });
      await buyer.goto(`/listing/${listingId}`);
      await buyer.getByTestId("quick-replies").getByRole("button", { name: t.available }).click();
      await expect(buyer).toHaveURL(/\/messages\/[0-9a-f-]{36}/);
      const thread = new URL(buyer.url()).pathname;
      const conversationId = thread.split("/").pop() ?? "";
      await expect(buyer.locator('[data-testid="composer"][data-hydrated]')).toBeVisible();
      await buyer
        .getByTestId("composer-photo-input")
        .setInputFiles({ name: "receipt.jpg", mimeType: "image/jpeg", buffer: receipt });
      await expect(buyer.getByTestId("picked-photos").locator("li")).toHaveAttribute(
        "data-state",
        "ready",
      );
      await buyer.getByTestId("composer-input").fill(t.caption);
      await buyer.getByTestId("composer-send").click();
      await expect(buyer.getByTestId("messages").getByTestId("message-photo")).toHaveCount(1);

      // The seller reports it from the thread: the reason is asked for, then sent.
      await seller.goto(thread);
      await seller.getByTestId("report-conversation").click();
      await expect(seller).toHaveURL(`${thread}/report`);
      // Checked in the browser once its code has come (data-validated), by the server always.
      const form = seller.locator('[data-testid="conversation-report-form"][data-validated]');
      await form.getByTestId("report-submit").click();
      await expect(form.getByText(t.reasonRequired)).toBeVisible();
      await form.getByLabel(t.scam).check();
      await form.locator("textarea").fill(t.details);
      await shootBothWidths(seller, shots, `${lang}-report-form`);
      await form.getByTestId("report-submit").click();
      await expect(seller).toHaveURL(thread);
      await expect(seller.getByText(t.reported).first()).toBeVisible();
      await seller.goto(`${thread}/report`);
      await expect(seller.getByTestId("conversation-reported")).toBeVisible();

      // The moderator finds it in the queue and reads it, with the photo.
      const moderator = await moderatorContext.newPage();
      await signIn(moderator, { lang, ...E2E_MODERATOR });
      await moderator.goto("/moderation");
      const item = moderator.locator(
        `[data-testid="reported-conversation"][data-conversation-id="${conversationId}"]`,
      );
      await expect(item).toContainText(t.details);
      await item.getByTestId("read-conversation").click();
      await expect(moderator).toHaveURL(`/moderation/conversations/${conversationId}`);
      await expect(
        moderator.getByTestId("moderated-body").filter({ hasText: t.caption }),
      ).toBeVisible();
      const photo = moderator.getByTestId("moderated-photos").locator("img");
      await expect(photo).toHaveCount(1);
      await expect
        .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      await shootBothWidths(moderator, shots, `${lang}-moderator-reads`);

      // Only the reported buyer can be suspended from here; doing so closes the report.
      const decision = moderator.locator('[data-testid="conversation-decision-form"]');
      await expect(decision.getByTestId("conversation-suspend")).toHaveCount(1);
      await decision.locator("textarea").fill("Fake transfer receipt sent to a seller");
      await decision.getByTestId("conversation-suspend").click();
      await expect(moderator).toHaveURL(/\/moderation(#reported-conversations)?$/);
      await expect(moderator.getByText(t.decided).first()).toBeVisible();
      await expect(item).toHaveCount(0);
      const closed = await moderator.request.get(`/moderation/conversations/${conversationId}`);
      expect(closed.status()).toBe(404);
    } finally {
      await buyerContext.close();
      await moderatorContext.close();
    }
  });
}
