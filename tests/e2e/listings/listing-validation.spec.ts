import { expect, type Page, test } from "@playwright/test";
import { expectNoHorizontalScroll } from "../support/layout";
import { signUp } from "../support/members";

/*
 * The ad form is checked twice with one schema (decision 015): in the browser, once the form's code
 * has arrived, a too-long title is reported when the field is left and the form is never sent
 * (the field has no maxLength that would cut it silently); without JavaScript the action answers
 * with the same words and keeps what was typed.
 */
const texts = {
  en: {
    titleTooLong: "Please keep the title under 120 characters",
    checkBelow: "Some fields need your attention. Please check the messages below.",
  },
  ar: {
    titleTooLong: "يرجى ألا يتجاوز العنوان ١٢٠ حرفًا",
    checkBelow: "بعض الحقول تحتاج إلى انتباهك. يرجى مراجعة الرسائل أدناه.",
  },
};

const longTitle = `${"Kia Rio 2015, one owner, ".repeat(5)}!`; // 126 characters

function countPosts(page: Page) {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  return posts;
}

async function fillTheRest(page: Page) {
  const form = page.getByTestId("listing-form");
  await form.locator('[name="description"]').fill("Well kept, new tyres.");
  await form.locator('[name="price"]').fill("1500000");
  await form.locator('select[name="location"]').selectOption("aleppo");
}

for (const lang of ["en", "ar"] as const) {
  const t = texts[lang];

  test(`a too-long title is reported before sending, in ${lang}`, async ({ page }) => {
    await signUp(page, { lang, tag: `title-check-${lang}` });
    await page.goto(`/post-ad?category=5&lang=${lang}`);
    const form = page.getByTestId("listing-form");
    await expect(form).toHaveAttribute("data-validated", "");
    const posts = countPosts(page);
    await form.locator('[name="title"]').fill(longTitle);
    // Nothing is cut: the member sees what they typed, and why it is too long.
    await expect(form.locator('[name="title"]')).toHaveValue(longTitle);
    await form.locator('[name="title"]').blur();
    await expect(form.locator("#field-title-error")).toHaveText(t.titleTooLong);
    await fillTheRest(page);
    await form.getByTestId("listing-submit").click();
    await expect(form.locator("#field-title-error")).toHaveText(t.titleTooLong);
    await expect(form.getByRole("alert").first()).toHaveText(t.checkBelow);
    await expectNoHorizontalScroll(page, "the post form's errors");
    expect(posts).toEqual([]);
    // Corrected as typed: the message goes once the title fits.
    await form.locator('[name="title"]').fill(longTitle.slice(0, 120));
    await expect(form.locator("#field-title-error")).toHaveCount(0);
    expect(posts).toEqual([]);
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const lang of ["en", "ar"] as const) {
    test(`the server reports a too-long title, in ${lang}`, async ({ page }) => {
      await signUp(page, { lang, tag: `title-check-nojs-${lang}` });
      await page.goto(`/post-ad?category=5&lang=${lang}`);
      const form = page.getByTestId("listing-form");
      await form.locator('[name="title"]').fill(longTitle);
      await fillTheRest(page);
      await form.getByTestId("listing-submit").click();
      await expect(page.locator("#field-title-error")).toHaveText(texts[lang].titleTooLong);
      await expect(page.getByText(texts[lang].checkBelow)).toBeVisible();
      // What was typed is kept, the title whole.
      await expect(page.locator('[name="title"]')).toHaveValue(longTitle);
      await expect(page.locator('select[name="location"]')).toHaveValue("aleppo");
      await expect(page).toHaveURL(/\/post-ad/);
      await expectNoHorizontalScroll(page, "the server's post form errors");
    });
  }
});
