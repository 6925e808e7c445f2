import { expect, type Page, test } from "@playwright/test";
import { expectNoHorizontalScroll } from "../support/layout";
import { signUp } from "../support/members";

/*
 * The settings and profile forms are checked twice with one schema (decision 015): in the browser,
 * once a form's code has arrived, a mistake is shown when the field is left and nothing is sent;
 * without JavaScript the action answers with the same words, under the same field.
 */
const texts = {
  en: {
    tooShort: "Password must be at least 8 characters",
    mismatch: "Passwords do not match",
    username: "Usernames are 3 to 30 characters: lowercase letters a–z, digits and _",
    notTicked: "Please tick the box to confirm",
  },
  ar: {
    tooShort: "يجب أن تتكون كلمة المرور من ٨ أحرف على الأقل",
    mismatch: "كلمتا المرور غير متطابقتين",
    username: "اسم المستخدم من ٣ إلى ٣٠ خانة: أحرف إنجليزية صغيرة a–z وأرقام و _",
    notTicked: "يرجى تحديد المربع للتأكيد",
  },
};

/** The POSTs the page sends from now on. */
function countPosts(page: Page) {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  return posts;
}

for (const lang of ["en", "ar"] as const) {
  const t = texts[lang];

  test(`settings reports a short or unmatched new password before sending, in ${lang}`, async ({
    page,
  }) => {
    await signUp(page, { lang, tag: `settings-js-${lang}` });
    await page.goto(`/settings?lang=${lang}`);
    const posts = countPosts(page);
    const form = page.getByTestId("password-form");
    await expect(form).toHaveAttribute("data-validated", "");
    await form.locator("input[name=currentPassword]").fill("Jasmine-Damascus-7");
    await form.locator("input[name=password]").fill("short");
    await form.locator("input[name=confirmPassword]").fill("shorter");
    await form.locator("input[name=confirmPassword]").blur();
    await expect(form.locator("#field-password-error")).toHaveText(t.tooShort);
    await form.locator("button[type=submit]").click();
    await expect(form.locator("#field-confirmPassword-error")).toHaveText(t.mismatch);
    // Corrected as typed: each message goes once its value is valid.
    await form.locator("input[name=password]").fill("Olive-Tree-Aleppo-1");
    await expect(form.locator("#field-password-error")).toHaveCount(0);
    await form.locator("input[name=confirmPassword]").fill("Olive-Tree-Aleppo-1");
    await expect(form.locator("#field-confirmPassword-error")).toHaveCount(0);

    // Deleting needs the box ticked; said before anything is sent.
    const remove = page.getByTestId("delete-form");
    await expect(remove).toHaveAttribute("data-validated", "");
    await remove.locator("input[name=password]").fill("Jasmine-Damascus-7");
    await remove.locator("button[type=submit]").click();
    await expect(remove.locator("#delete-confirm-error")).toHaveText(t.notTicked);
    await expectNoHorizontalScroll(page, "Settings' errors");
    expect(posts).toEqual([]);
  });

  test(`the profile form reports an invalid username before sending, in ${lang}`, async ({
    page,
  }) => {
    await signUp(page, { lang, tag: `profile-js-${lang}` });
    await page.goto(`/profile?edit=1&lang=${lang}`);
    const posts = countPosts(page);
    const form = page.getByTestId("profile-form");
    await expect(form).toHaveAttribute("data-validated", "");
    await form.locator("input[name=username]").fill("no spaces!");
    await form.locator("input[name=username]").blur();
    await expect(form.locator("#field-username-error")).toHaveText(t.username);
    await form.locator("button[type=submit]").click();
    await expect(form.locator("#field-username-error")).toHaveText(t.username);
    await expectNoHorizontalScroll(page, "the profile form's error");
    expect(posts).toEqual([]);
    // A handle typed with its "@" and capitals is a valid one: the form is sent and saved.
    await form.locator("input[name=username]").fill(`@Samer_${Date.now() % 1e6}`);
    await expect(form.locator("#field-username-error")).toHaveCount(0);
    await form.locator("button[type=submit]").click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByTestId("profile-header")).toContainText(/@samer_\d+/);
  });
}

// React Router streams its loader data in a late segment of its own (a <script>); any other late
// segment would be a form a browser without JavaScript never shows.
const lateContent = /<div hidden id="S:\d+">(?!<script)/;

test("the forms fetched on demand are drawn in place and hydrate without errors", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  const paths = ["/settings", "/profile?edit=1", "/profile"];
  await signUp(page, { lang: "ar", tag: "forms-in-place" });
  for (const path of [...paths, "/forgot-password"]) {
    const html = await (await page.request.get(path)).text();
    expect(html, path).not.toMatch(lateContent);
    expect(html, path).toContain("<form");
  }
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator("form[data-validated]").first()).toBeAttached();
  }
  expect(errors).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const lang of ["en", "ar"] as const) {
    const t = texts[lang];

    test(`the server reports the same mistakes, under their fields, in ${lang}`, async ({
      page,
    }) => {
      await signUp(page, { lang, tag: `forms-nojs-${lang}` });

      await page.goto(`/settings?lang=${lang}`);
      const password = page.getByTestId("password-form");
      // The browser's own checks stay on without JavaScript; this test is about the server's.
      await password.evaluate((element) => element.setAttribute("novalidate", ""));
      await password.locator("input[name=currentPassword]").fill("Jasmine-Damascus-7");
      await password.locator("input[name=password]").fill("short");
      await password.locator("input[name=confirmPassword]").fill("shorter");
      await password.locator("button[type=submit]").click();
      await expect(page.locator("#field-password-error")).toHaveText(t.tooShort);
      await expect(page.locator("#field-confirmPassword-error")).toHaveText(t.mismatch);
      // Passwords are never sent back.
      await expect(page.locator("input[name=currentPassword]")).toHaveValue("");
      await expectNoHorizontalScroll(page, "the server's Settings errors");

      await page.goto(`/profile?edit=1&lang=${lang}`);
      const profile = page.getByTestId("profile-form");
      await profile.locator("input[name=username]").fill("no spaces!");
      await profile.locator("input[name=phoneNumber]").fill("0944 123 456");
      await profile.locator("button[type=submit]").click();
      await expect(page.locator("#field-username-error")).toHaveText(t.username);
      // What was typed is kept.
      await expect(page.locator("input[name=username]")).toHaveValue("no spaces!");
      await expect(page.locator("input[name=phoneNumber]")).toHaveValue("0944 123 456");
      await expectNoHorizontalScroll(page, "the server's profile errors");
    });
  }
});
