import { type Browser, expect, type Page, test } from "@playwright/test";
import { expectNoHorizontalScroll } from "../support/layout";
import { postListing, signIn, signUp } from "../support/members";
import { E2E_MODERATOR, E2E_TRUSTED_REPORTERS } from "../support/seeded-members";

const shots = "tests/.artifacts/screens-moderation";
const REMOVAL_REASON = "Fake listing: asks for a deposit before any viewing";

async function member(browser: Browser, lang: "en" | "ar", tag: string, javaScript = true) {
  const context = await browser.newContext({ javaScriptEnabled: javaScript });
  const page = await context.newPage();
  await signUp(page, { lang, tag });
  return page;
}

/** One of the seeded members in good standing (confirmed, a month old), signed in. */
async function trustedReporter(browser: Browser, index: 0 | 1 | 2, javaScript = true) {
  const reporter = E2E_TRUSTED_REPORTERS[index];
  if (!reporter) throw new Error(`no seeded reporter ${index}`);
  const context = await browser.newContext({ javaScriptEnabled: javaScript });
  const page = await context.newPage();
  await signIn(page, reporter);
  return page;
}

/** The report dialog at desktop and phone width, then back to desktop. */
async function shootDialog(page: Page, dir: "ltr" | "rtl") {
  await expectNoHorizontalScroll(page, "the report dialog at 1280 px");
  await page.screenshot({ path: `${shots}/report-dialog-${dir}-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalScroll(page, "the report dialog at 390 px");
  await page.screenshot({ path: `${shots}/report-dialog-${dir}-390.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function shootModeration(page: Page, dir: "ltr" | "rtl") {
  await expectNoHorizontalScroll(page, "the moderation queue at 1280 px");
  await page.screenshot({ path: `${shots}/moderation-${dir}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalScroll(page, "the moderation queue at 390 px");
  await page.screenshot({ path: `${shots}/moderation-${dir}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("three members in good standing report a listing, it disappears, a moderator removes it, its owner sees why", async ({
  browser,
}, info) => {
  test.skip(info.project.name !== "desktop", "one journey; phone widths are taken by resizing");
  test.setTimeout(180_000);

  // The owner posts in Arabic.
  const owner = await member(browser, "ar", "mod-owner");
  const title = `طاولة سفرة خشب جوز ${Date.now()}`;
  const id = await postListing(owner, title);
  const listingUrl = `/listing/${id}`;

  // 1. A member in English, with JavaScript: the dialog.
  const first = await trustedReporter(browser, 0);
  await first.goto(`${listingUrl}?lang=en`);
  await expect(first.locator('[data-testid="report-card"][data-hydrated]')).toBeVisible();
  await first.getByTestId("report-open").click();
  const dialog = first.getByTestId("report-dialog");
  await expect(dialog.getByRole("heading", { name: "Report this listing" })).toBeVisible();
  await dialog.getByLabel("Other").check();
  await dialog.getByTestId("report-submit").click();
  await expect(dialog.getByRole("alert")).toContainText(
    "Please describe the problem so a moderator can check it",
  );
  await dialog.getByLabel("Scam or fraud").check();
  await dialog.getByLabel("Details").fill("Asks for a deposit by transfer before any viewing 💸");
  await shootDialog(first, "ltr");
  await dialog.getByTestId("report-submit").click();
  await expect(first.getByText("Report submitted").first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(first.getByTestId("reported")).toBeVisible();

  // 2. A member without JavaScript: the same form on the page.
  const second = await trustedReporter(browser, 1, false);
  await second.goto(`${listingUrl}?lang=en`);
  await second.getByTestId("report-open").click();
  await expect(second).toHaveURL(/\?report=1$/);
  const form = second.getByTestId("report-form");
  await form.getByLabel("Duplicate").check();
  await form.getByTestId("report-submit").click();
  await expect(second).toHaveURL(new RegExp(`${listingUrl}$`));
  await expect(second.getByTestId("flash")).toContainText("Report submitted");
  // A second report says so clearly.
  await second.goto(`${listingUrl}?report=1`);
  await second.getByTestId("report-form").getByLabel("Offensive").check();
  await second.getByTestId("report-form").getByTestId("report-submit").click();
  await expect(second.getByTestId("report-form").getByRole("alert")).toContainText(
    "You have already reported this listing",
  );
  // Still there after two.
  expect((await second.goto(listingUrl))?.status()).toBe(200);

  // 3. A member in Arabic: the third report hides the listing.
  const third = await trustedReporter(browser, 2);
  await third.goto(listingUrl);
  await expect(third.locator('[data-testid="report-card"][data-hydrated]')).toBeVisible();
  await third.getByTestId("report-open").click();
  const arDialog = third.getByTestId("report-dialog");
  await expect(arDialog.getByRole("heading", { name: "الإبلاغ عن هذا الإعلان" })).toBeVisible();
  await arDialog.getByLabel("سلعة ممنوعة").check();
  await arDialog.getByLabel("التفاصيل").fill("نفس الصور منشورة بإعلان آخر بسعر مختلف");
  await shootDialog(third, "rtl");
  await arDialog.getByTestId("report-submit").click();
  await expect(third.getByText("تم إرسال البلاغ").first()).toBeVisible();

  // Gone for everyone but its owner, who is told why.
  const gone = await third.goto(listingUrl);
  expect(gone?.status()).toBe(404);
  await expect(third.getByTestId("listing-error")).toContainText("الإعلان غير موجود");
  await owner.goto(listingUrl);
  await expect(owner.getByTestId("listing-status")).toContainText(
    "أُخفي تلقائيًا بعد بلاغات من عدة أعضاء",
  );

  // The moderator (made with `npm run user:role` by the e2e server) signs in, in English.
  const moderator = await (await browser.newContext()).newPage();
  await signIn(moderator, { lang: "en", ...E2E_MODERATOR });
  await moderator.getByTestId("member-menu").locator("summary").click();
  await moderator.getByTestId("moderation-link").click();
  await expect(moderator).toHaveURL(/\/moderation$/);
  const item = moderator.locator(`[data-testid="queue-item"][data-listing-id="${id}"]`);
  await expect(item).toContainText(title);
  await expect(item.getByTestId("queue-status")).toHaveText("Held for review");
  await expect(item.getByTestId("queue-report")).toHaveCount(3);
  await expect(item).toContainText("Asks for a deposit by transfer");
  await expect(item).toContainText("نفس الصور منشورة");
  await expect(
    moderator.locator('[data-testid="log-entry"][data-action="auto_hide"]').first(),
  ).toBeVisible();
  await shootModeration(moderator, "ltr");
  await moderator.goto("/moderation?lang=ar");
  await expect(moderator.getByRole("heading", { name: "البلاغات المفتوحة" })).toBeVisible();
  await shootModeration(moderator, "rtl");
  await moderator.goto("/moderation?lang=en");

  // Removing needs a reason, said before anything is sent; then the decision is logged.
  await expect(item.locator('[data-testid="decision-form"][data-validated]')).toBeVisible();
  const posted: string[] = [];
  moderator.on("request", (request) => {
    if (request.method() === "POST") posted.push(request.url());
  });
  await item.getByTestId("action-remove").click();
  await expect(item.getByRole("alert")).toHaveText(
    "Please write a reason: it is kept in the audit log",
  );
  expect(posted).toEqual([]);
  await item.getByLabel("Reason for your decision").fill(REMOVAL_REASON);
  await item.getByTestId("action-remove").click();
  await expect(
    moderator.getByText("The decision is recorded in the audit log.").first(),
  ).toBeVisible();
  await expect(item).toHaveCount(0);
  const logged = moderator
    .locator('[data-testid="log-entry"][data-action="remove_listing"]')
    .first();
  await expect(logged).toContainText(REMOVAL_REASON);
  await expect(logged).toContainText(E2E_MODERATOR.name);
  await expectNoHorizontalScroll(moderator, "a moderator's decision");

  // The owner sees why, on the listing and in My Listings.
  await owner.goto(listingUrl);
  await expect(owner.getByTestId("listing-status")).toContainText(`السبب: ${REMOVAL_REASON}`);
  await owner.screenshot({ path: `${shots}/owner-listing-rtl-1280.png` });
  await owner.goto("/my-listings");
  await expect(owner.getByText(REMOVAL_REASON).first()).toBeVisible();
  await owner.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalScroll(owner, "My listings with a removed listing, at 390 px");
  await owner.setViewportSize({ width: 1280, height: 720 });
  await owner.screenshot({ path: `${shots}/owner-my-listings-rtl-1280.png` });

  // Everyone else: 404 at /moderation, no link in the menu.
  expect((await first.goto("/moderation"))?.status()).toBe(404);
  await first.goto("/");
  await first.getByTestId("member-menu").locator("summary").click();
  await expect(first.getByTestId("moderation-link")).toHaveCount(0);
});
