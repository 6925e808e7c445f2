import { expect, type Page, test } from "@playwright/test";
import { expectNoHorizontalScroll } from "../support/layout";

const shots = "tests/.artifacts/screenshots";

/** Finds, in the local outbox (/dev/mail), the newest message to `to` with a link matching `pattern`. */
async function linkFromMail(page: Page, to: string, pattern: RegExp) {
  let found: string | undefined;
  await expect(async () => {
    await page.goto("/dev/mail");
    const hrefs = await page
      .locator("tr", { hasText: to })
      .getByRole("link")
      .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
    for (const href of hrefs) {
      await page.goto(href);
      const links = await page
        .getByTestId("mail-link")
        .evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
      found = links.find((link) => pattern.test(link));
      if (found) return;
    }
    throw new Error(`no mail to ${to} with a link matching ${pattern} yet`);
  }).toPass({ timeout: 20_000 });
  return found!;
}

const texts = {
  en: {
    signUpTab: "Sign Up",
    createAccount: "Create Account",
    signIn: "Sign In",
    email: "Email",
    password: "Password",
    fullName: "Full Name",
    confirmed: "E-mail confirmed",
    forgot: "Forgot password?",
    sendReset: "Send reset link",
    resetSent: "Reset link sent",
    newPassword: "New Password",
    confirmPassword: "Confirm Password",
    updatePassword: "Update Password",
    resetDone: "Password reset successful",
    logout: "Logout",
    wrong: "Invalid email or password",
    mismatch: "Passwords do not match",
  },
  ar: {
    signUpTab: "حساب جديد",
    createAccount: "إنشاء الحساب",
    signIn: "تسجيل الدخول",
    email: "البريد الإلكتروني",
    password: "كلمة المرور",
    fullName: "الاسم الكامل",
    confirmed: "تم تأكيد البريد الإلكتروني",
    forgot: "نسيت كلمة المرور؟",
    sendReset: "إرسال رابط إعادة التعيين",
    resetSent: "تم إرسال رابط إعادة التعيين",
    newPassword: "كلمة المرور الجديدة",
    confirmPassword: "تأكيد كلمة المرور",
    updatePassword: "تحديث كلمة المرور",
    resetDone: "تمت إعادة تعيين كلمة المرور بنجاح",
    logout: "تسجيل الخروج",
    wrong: "البريد الإلكتروني أو كلمة المرور غير صحيحة",
    mismatch: "كلمتا المرور غير متطابقتين",
  },
} as const;

for (const lang of ["en", "ar"] as const) {
  test(`the account journey in ${lang}`, async ({ page }, info) => {
    // The suite's time budget: the phone walks the journey in Arabic (right to left), the
    // desktop in both languages.
    test.skip(info.project.name === "phone" && lang === "en", "phone runs the Arabic journey");
    test.setTimeout(120_000);
    const t = texts[lang];
    const shot = (name: string) =>
      page.screenshot({
        path: `${shots}/${info.project.name}-${lang}-auth-${name}.png`,
        fullPage: true,
      });
    const email = `journey-${lang}-${info.project.name}-${Date.now()}@example.com`;
    const firstPassword = "Olive-Tree-Aleppo-1";
    const secondPassword = "Jasmine-Damascus-22";

    // A member-only page sends a visitor to sign in, remembering where they were going.
    await page.goto(`/settings?lang=${lang}`);
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fsettings/);
    await shot("signin");

    // Sign up.
    await page.getByTestId("tab-signup").click();
    const signUp = page.getByTestId("signup-form");
    await signUp.getByLabel(t.fullName).fill(lang === "ar" ? "سامر الخطيب" : "Samer Khatib");
    await signUp.getByLabel(t.email).fill(email);
    await signUp.getByLabel(t.password).fill(firstPassword);
    await shot("signup");
    await signUp.getByRole("button", { name: t.createAccount }).click();
    await expect(page).toHaveURL(/\/settings/);
    await expect(page.getByTestId("member-menu")).toBeVisible();

    // Confirm the e-mail with the link from the mail.
    const confirmLink = await linkFromMail(page, email, /\/auth\/confirm\?token=/);
    await page.goto(confirmLink);
    await expect(page.getByTestId("confirm-result")).toContainText(t.confirmed);
    await expectNoHorizontalScroll(page, "confirming the e-mail");
    await shot("confirmed");

    // Sign out.
    await page.goto(`/?lang=${lang}`);
    await page.getByTestId("member-menu").locator("summary").click();
    await page.getByTestId("logout").click();
    await expect(page).toHaveURL(/\/auth/);
    await expect(page.getByTestId("login-link")).toBeVisible();

    // A wrong password is refused in the page's language.
    const signIn = page.getByTestId("signin-form");
    await signIn.getByLabel(t.email).fill(email);
    await signIn.getByLabel(t.password).fill("not-my-password");
    await signIn.getByRole("button", { name: t.signIn }).click();
    await expect(signIn.getByRole("alert").first()).toHaveText(t.wrong);
    await expectNoHorizontalScroll(page, "a refused sign-in");

    // Forgot password → reset via the link.
    await page.getByRole("link", { name: t.forgot }).click();
    await page.getByTestId("forgot-form").getByLabel(t.email).fill(email);
    await page.getByRole("button", { name: t.sendReset }).click();
    await expect(page.getByText(t.resetSent).first()).toBeVisible();
    await expectNoHorizontalScroll(page, "asking for a reset link");
    await shot("forgot-sent");
    await expect(page).toHaveURL(/\/auth/, { timeout: 10_000 });
    const resetLink = await linkFromMail(page, email, /type=recovery/);
    await page.goto(resetLink);
    const recovery = page.getByTestId("recovery-form");
    await recovery.getByLabel(t.newPassword).fill(secondPassword);
    await recovery.getByLabel(t.confirmPassword).fill(`${secondPassword}x`);
    await recovery.getByRole("button", { name: t.updatePassword }).click();
    await expect(recovery.getByText(t.mismatch)).toBeVisible();
    await expectNoHorizontalScroll(page, "the reset form's error");
    await shot("recovery");
    await recovery.getByLabel(t.newPassword).fill(secondPassword);
    await recovery.getByLabel(t.confirmPassword).fill(secondPassword);
    await recovery.getByRole("button", { name: t.updatePassword }).click();
    await expect(page.getByText(t.resetDone).first()).toBeVisible();
    await expect(page).not.toHaveURL(/fromReset/);

    // The old password no longer works; the new one does.
    await page.getByTestId("signin-form").getByLabel(t.email).fill(email);
    await page.getByTestId("signin-form").getByLabel(t.password).fill(secondPassword);
    await page.getByTestId("signin-form").getByRole("button", { name: t.signIn }).click();
    await expect(page.getByTestId("member-menu")).toBeVisible();

    // Edit the profile with an avatar.
    await page.goto(`/profile?edit=1&lang=${lang}`);
    const form = page.locator("form[enctype='multipart/form-data']");
    await form
      .locator("input[name=phoneNumber]")
      .fill(lang === "ar" ? "٠٩٤٤١٢٣٤٥٦" : "0944 123 456");
    await form.locator("input[type=file]").setInputFiles("tests/e2e/fixtures/avatar.png");
    await expectNoHorizontalScroll(page, "choosing an avatar");
    await shot("profile-edit");
    await form.locator("button[type=submit]").last().click();
    await expect(page).toHaveURL(/\/profile(\?|$)/);
    await expect(page.locator("main")).toContainText("+963 944 123 456");
    await expect(page.getByTestId("member-menu").locator("summary img")).toHaveAttribute(
      "src",
      /\/media\/avatars\/.+\.webp$/,
    );
    await expectNoHorizontalScroll(page, "saving the profile");
    await shot("profile");

    // Sign out everywhere.
    await page.goto(`/settings?lang=${lang}`);
    await expectNoHorizontalScroll(page, "opening Settings");
    await shot("settings");
    await page
      .locator("form", { has: page.locator("input[name=intent][value=signout-all]") })
      .locator("button[type=submit]")
      .click();
    await expect(page).toHaveURL(/\/auth/);
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fprofile/);
  });
}
