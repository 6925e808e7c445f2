import { type Browser, expect, type Page, test } from "@playwright/test";
import { expectNoHorizontalScroll } from "../support/layout";
import { postListing, signUp } from "../support/members";

/*
 * The message and report forms check what they can before anything is sent, with the schema the
 * action parses: with JavaScript an empty or too long message and a report without a reason are
 * reported in place and no request leaves the page; without JavaScript the server answers with the
 * same words. In both languages where it is cheap.
 */

const t = {
  empty: "Please write a message before sending",
  emptyAr: "يرجى كتابة رسالة قبل الإرسال",
  tooLong: "Messages can be at most 2,000 characters",
  noReason: "Please choose why you are reporting this listing",
  noDetails: "Please describe the problem so a moderator can check it",
  other: "Other",
};

/** Every POST the page sends from now on (none is expected). */
function posts(page: Page) {
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") sent.push(request.url());
  });
  return sent;
}

/** A new member on the project's device (390 px on the phone). */
async function member(browser: Browser, tag: string, javaScript = true) {
  const { viewport, isMobile, hasTouch } = test.info().project.use;
  const context = await browser.newContext({
    javaScriptEnabled: javaScript,
    viewport,
    isMobile,
    hasTouch,
  });
  const page = await context.newPage();
  await signUp(page, { lang: "en", tag });
  return page;
}

test("messages: empty and too long are reported before sending with JavaScript, by the server without", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const seller = await member(browser, "val-seller");
  const listingId = await postListing(seller, `Oak bookshelf ${Date.now()}`);

  // The listing page's "Message seller", with JavaScript.
  const buyer = await member(browser, "val-buyer");
  await buyer.goto(`/listing/${listingId}`);
  const box = buyer.locator('[data-testid="message-seller"][data-validated]');
  await expect(box).toBeVisible();
  let sent = posts(buyer);
  await box.getByTestId("message-seller-send").click();
  await expect(box.getByRole("alert")).toHaveText(t.empty);
  await box.getByTestId("message-seller-body").fill("x".repeat(2001));
  await box.getByTestId("message-seller-send").click();
  await expect(box.getByRole("alert")).toContainText(t.tooLong);
  await expectNoHorizontalScroll(buyer, "the message box's errors");
  expect(sent).toEqual([]);

  // A good one opens the conversation; its composer checks the same way.
  await box.getByTestId("message-seller-body").fill("Is it still available?");
  await box.getByTestId("message-seller-send").click();
  await expect(buyer).toHaveURL(/\/messages\/[0-9a-f-]{36}/);
  const conversationUrl = new URL(buyer.url()).pathname;
  const composer = buyer.locator('[data-testid="composer"][data-validated]');
  await expect(composer).toBeVisible();
  sent = posts(buyer);
  await composer.getByTestId("composer-send").click();
  await expect(buyer.getByTestId("composer-error")).toHaveText(t.empty);
  await composer.getByTestId("composer-input").fill("y".repeat(2001));
  await composer.getByTestId("composer-input").press("Enter");
  await expect(buyer.getByTestId("composer-error")).toContainText(t.tooLong);
  await expectNoHorizontalScroll(buyer, "the composer's errors");
  expect(sent).toEqual([]);
  // Corrected, it is sent in the background and the reason goes.
  await composer.getByTestId("composer-input").fill("When can I see it?");
  await composer.getByTestId("composer-send").click();
  await expect(buyer.getByTestId("message-body").last()).toHaveText("When can I see it?");
  await expect(buyer.getByTestId("composer-error")).toHaveCount(0);
  await expectNoHorizontalScroll(buyer, "sending a message");

  // Without JavaScript the server says the same, and keeps the text.
  const plain = await member(browser, "val-plain", false);
  await plain.goto(`/listing/${listingId}`);
  await plain.getByTestId("message-seller-body").fill("z".repeat(2001));
  await plain.getByTestId("message-seller-send").click();
  await expect(plain.getByRole("alert").first()).toContainText(t.tooLong);
  await expect(plain.getByTestId("message-seller-body")).toHaveValue("z".repeat(2001));
  await expectNoHorizontalScroll(plain, "the server's message error");

  // In Arabic, the browser's check speaks Arabic too.
  await buyer.goto(`${conversationUrl}?lang=ar`);
  const arabic = buyer.locator('[data-testid="composer"][data-validated]');
  await expect(arabic).toBeVisible();
  await arabic.getByTestId("composer-send").click();
  await expect(buyer.getByTestId("composer-error")).toHaveText(t.emptyAr);
});

test("reports: a missing reason is reported before sending with JavaScript, missing details by the server without", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await member(browser, "val-owner");
  const listingId = await postListing(owner, `Brass lamp ${Date.now()}`);

  const reporter = await member(browser, "val-reporter");
  await reporter.goto(`/listing/${listingId}`);
  await expect(reporter.locator('[data-testid="report-card"][data-hydrated]')).toBeVisible();
  await reporter.getByTestId("report-open").click();
  const dialog = reporter.getByTestId("report-dialog");
  await expect(dialog.locator("form[data-validated]")).toBeVisible();
  const sent = posts(reporter);
  await dialog.getByTestId("report-submit").click();
  await expect(dialog.getByRole("alert")).toHaveText(t.noReason);
  await dialog.getByLabel(t.other).check();
  await dialog.getByTestId("report-submit").click();
  await expect(dialog.getByRole("alert")).toHaveText(t.noDetails);
  await expectNoHorizontalScroll(reporter, "the report dialog's errors");
  expect(sent).toEqual([]);

  // Without JavaScript: the page's own form, answered by the server.
  const plain = await member(browser, "val-plain-reporter", false);
  await plain.goto(`/listing/${listingId}?report=1`);
  const form = plain.getByTestId("report-form");
  await form.getByLabel(t.other).check();
  await form.getByTestId("report-submit").click();
  await expect(plain.getByTestId("report-form").getByRole("alert")).toHaveText(t.noDetails);
  await expectNoHorizontalScroll(plain, "the server's report error");
});
