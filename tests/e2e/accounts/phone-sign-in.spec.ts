import { expect, type Page, test } from "@playwright/test";
import { expectNoHorizontalScroll } from "../support/layout";
import { codeFromOutbox } from "../support/members";

/*
 * Signing up and in with a phone number (decision 037), en and ar, at 390 and 1280 px: a name and
 * a number, the code read from the SMS outbox (/dev/mail), signed in with no e-mail; signed out,
 * then in again with the number alone. Without JavaScript, a number new to Souqna signs in, is
 * asked its name, and has an account. Numbers 0933 55x xxx are this spec's alone.
 */
const shots = "tests/.artifacts/screenshots";

const texts = {
  en: {
    useIt: "Use my phone number",
    signUpTab: "Sign Up",
    fullName: "Full Name",
    number: "Mobile number",
    send: "Text me a code",
    code: "Code from the text message",
    confirm: "Continue",
    created: "Account created successfully",
    noEmail: "No e-mail yet",
    nameTitle: "Welcome! What is your name?",
    create: "Create Account",
    name: "Rami Haddad",
  },
  ar: {
    useIt: "استخدام رقم هاتفي",
    signUpTab: "حساب جديد",
    fullName: "الاسم الكامل",
    number: "رقم الجوال",
    send: "أرسلوا لي رمزًا",
    code: "الرمز الموجود في الرسالة النصية",
    confirm: "متابعة",
    created: "تم إنشاء الحساب بنجاح",
    noEmail: "لا يوجد بريد إلكتروني بعد",
    nameTitle: "أهلًا بك! ما اسمك؟",
    create: "إنشاء الحساب",
    name: "رامي حداد",
  },
} as const;

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

for (const lang of ["en", "ar"] as const) {
  const t = texts[lang];

  test(`signs up with a name and a phone, signs out, signs in with the phone again (${lang})`, async ({
    page,
    context,
  }, info) => {
    test.setTimeout(180_000);
    const slot = (info.project.name === "phone" ? 2 : 0) + (lang === "ar" ? 1 : 0);
    const local = `0933 55${slot} 201`;
    const e164 = `+96393355${slot}201`;
    const name = (step: string) => `${info.project.name}-${lang}-phone-sign-in-${step}`;

    await page.goto(`/auth?lang=${lang}`);
    await page.getByRole("link", { name: t.useIt }).click();
    await expect(page).toHaveURL(/tab=phone/);
    await page.getByRole("link", { name: t.signUpTab }).click();
    await expect(page).toHaveURL(/tab=phone-signup/);
    const form = page.getByTestId("phone-number-form");
    await form.getByLabel(t.fullName).fill(t.name);
    await form.getByLabel(t.number).fill(local);
    await expectNoHorizontalScroll(page);
    await shot(page, name("1-number"));
    const sentAt = Date.now();
    await form.getByRole("button", { name: t.send }).click();

    await expect(page.getByTestId("phone-code-form")).toBeVisible();
    // The number is in the page, never in its address.
    expect(page.url()).not.toContain("933");
    await expect(page.getByTestId("phone-code-sent")).toContainText(`+963 933 55${slot} 201`);
    await shot(page, name("2-code"));
    const first = await codeFromOutbox(context, e164);
    await page.getByLabel(t.code).fill(first);
    await page.getByRole("button", { name: t.confirm }).click();
    await expect(page).not.toHaveURL(/\/auth/);
    await expect(page.getByText(t.created).first()).toBeVisible();
    await shot(page, name("3-signed-up"));

    await page.goto(`/settings?lang=${lang}`);
    const account = page.getByTestId("settings-account");
    await expect(account.getByTestId("account-email")).toHaveText(t.noEmail);
    await expect(page.getByTestId("settings-phone").getByTestId("phone-verified")).toBeVisible();
    await expect(page.locator("body")).not.toContainText("phone.invalid");
    await account.scrollIntoViewIfNeeded();
    await shot(page, name("4-settings"));

    // Signed out: a plain form post, as the menu's button does.
    await page
      .locator('form[action="/logout"]')
      .first()
      .evaluate((f) => (f as HTMLFormElement).requestSubmit());
    await expect(page).toHaveURL(/\/($|\?|auth)/);
    await page.goto(`/settings?lang=${lang}`);
    await expect(page).toHaveURL(/\/auth/);

    // A second code to one number waits a minute.
    await page.waitForTimeout(Math.max(0, sentAt + 62_000 - Date.now()));
    await page.goto(`/auth?tab=phone&lang=${lang}`);
    await page.getByTestId("phone-number-form").getByLabel(t.number).fill(e164);
    await page.getByRole("button", { name: t.send }).click();
    await expect(page.getByTestId("phone-code-form")).toBeVisible();
    const second = await codeFromOutbox(context, e164, [first]);
    await page.getByLabel(t.code).fill(second);
    await page.getByRole("button", { name: t.confirm }).click();
    await expect(page).not.toHaveURL(/\/auth/);
    await page.goto(`/settings?lang=${lang}`);
    await expect(page.getByTestId("settings-account").getByTestId("account-email")).toHaveText(
      t.noEmail,
    );
  });

  test(`without JavaScript, a new number signs in, gives its name, and has an account (${lang})`, async ({
    browser,
  }, info) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: info.project.use.viewport ?? { width: 1280, height: 800 },
      baseURL: info.project.use.baseURL,
    });
    const page = await context.newPage();
    const slot = (info.project.name === "phone" ? 2 : 0) + (lang === "ar" ? 1 : 0);
    const e164 = `+96393355${slot}202`;
    const name = (step: string) => `${info.project.name}-${lang}-phone-sign-in-nojs-${step}`;

    await page.goto(`/auth?lang=${lang}`);
    await page.getByRole("link", { name: t.useIt }).click();
    await page.getByTestId("phone-number-form").getByLabel(t.number).fill(`0933 55${slot} 202`);
    await page.getByRole("button", { name: t.send }).click();
    await expect(page.getByTestId("phone-code-form")).toBeVisible();
    const code = await codeFromOutbox(context, e164);
    // Typed as an Arabic keyboard types it.
    await page
      .getByLabel(t.code)
      .fill(code.replace(/\d/g, (d) => String.fromCharCode(0x660 + Number(d))));
    await page.getByRole("button", { name: t.confirm }).click();

    await expect(page.getByRole("heading", { name: t.nameTitle })).toBeVisible();
    await shot(page, name("name"));
    await page.getByTestId("phone-name-form").getByLabel(t.fullName).fill(t.name);
    await page.getByRole("button", { name: t.create }).click();
    await expect(page).not.toHaveURL(/\/auth/);
    await page.goto(`/settings?lang=${lang}`);
    await expect(page.getByTestId("settings-account").getByTestId("account-email")).toHaveText(
      t.noEmail,
    );
    await shot(page, name("settings"));
    await context.close();
  });
}
