import { expect, type Page, test } from "@playwright/test";
import { expectNoHorizontalScroll } from "../support/layout";

/*
 * Sign-up is checked twice with one schema (decision 015): in the browser, once the form's code has
 * arrived, a mistake is shown when the field is left and the form is never sent; without
 * JavaScript the action answers with the same words.
 */
const texts = {
  en: {
    tooShort: "Password must be at least 8 characters",
    badEmail: "Please enter a valid e-mail address",
    both: "You must provide either an email or phone number and a password",
  },
  ar: {
    tooShort: "يجب أن تتكون كلمة المرور من ٨ أحرف على الأقل",
    badEmail: "يرجى إدخال بريد إلكتروني صحيح",
    both: "يجب إدخال البريد الإلكتروني أو رقم الهاتف وكلمة المرور",
  },
};

function countPosts(page: Page) {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  return posts;
}

for (const lang of ["en", "ar"] as const) {
  const t = texts[lang];

  test(`sign-up reports mistakes before sending, in ${lang}`, async ({ page }) => {
    const posts = countPosts(page);
    await page.goto(`/auth?tab=signup&lang=${lang}`);
    const form = page.getByTestId("signup-form");
    await expect(form).toHaveAttribute("data-validated", "");
    await form.locator("input[name=fullName]").fill("سامر Test");
    await form.locator("input[name=email]").fill("not-an-address");
    await form.locator("input[name=password]").fill("short");
    await form.locator("input[name=password]").blur();
    await expect(form.locator("#field-email-error")).toHaveText(t.badEmail);
    await expect(form.locator("#field-password-error")).toHaveText(t.tooShort);
    await form.locator("button[type=submit]").click();
    await expect(form.locator("#field-password-error")).toHaveText(t.tooShort);
    await expectNoHorizontalScroll(page, "sign-up's errors");
    // Corrected as typed: the message goes once the value is valid.
    await form.locator("input[name=password]").fill("a much longer passphrase");
    await expect(form.locator("#field-password-error")).toHaveCount(0);
    expect(posts).toEqual([]);
    await expect(form.locator("input[name=email]")).toHaveValue("not-an-address");
  });

  test(`sign-in with nothing typed asks for both, before sending, in ${lang}`, async ({ page }) => {
    const posts = countPosts(page);
    await page.goto(`/auth?lang=${lang}`);
    const form = page.getByTestId("signin-form");
    await expect(form).toHaveAttribute("data-validated", "");
    await form.locator("button[type=submit]").click();
    await expect(form.getByRole("alert").first()).toContainText(t.both);
    await expectNoHorizontalScroll(page, "sign-in's error");
    expect(posts).toEqual([]);
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const lang of ["en", "ar"] as const) {
    test(`the server reports the same mistakes, in ${lang}`, async ({ page }) => {
      await page.goto(`/auth?tab=signup&lang=${lang}`);
      const form = page.getByTestId("signup-form");
      // The browser's own checks stay on without JavaScript; this test is about the server's.
      await form.evaluate((element) => element.setAttribute("novalidate", ""));
      await form.locator("input[name=fullName]").fill("Samer");
      await form.locator("input[name=email]").fill("samer@example.com");
      await form.locator("input[name=password]").fill("short");
      await form.locator("button[type=submit]").click();
      await expect(page.locator("#field-password-error")).toHaveText(texts[lang].tooShort);
      // What was typed is kept, except the password.
      await expect(page.locator("input[name=email]")).toHaveValue("samer@example.com");
      await expect(page.locator("input[name=password]")).toHaveValue("");
      await expectNoHorizontalScroll(page, "the server's sign-up errors");
    });
  }
});
