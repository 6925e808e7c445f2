import { type BrowserContext, expect, type Page } from "@playwright/test";

const signUpTexts = {
  en: {
    fullName: "Full Name",
    email: "Email",
    password: "Password",
    createAccount: "Create Account",
    signIn: "Sign In",
  },
  ar: {
    fullName: "الاسم الكامل",
    email: "البريد الإلكتروني",
    password: "كلمة المرور",
    createAccount: "إنشاء الحساب",
    signIn: "تسجيل الدخول",
  },
} as const;

/**
 * Signs a new member up through the real form and returns their e-mail address. `tag` keeps the
 * address unique per test, language and project.
 */
export async function signUp(
  page: Page,
  { lang, tag, name }: { lang: "en" | "ar"; tag: string; name?: string },
): Promise<string> {
  const t = signUpTexts[lang];
  const email = `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.goto(`/auth?tab=signup&lang=${lang}`);
  const form = page.getByTestId("signup-form");
  await form.getByLabel(t.fullName).fill(name ?? (lang === "ar" ? "سامر الخطيب" : "Samer Khatib"));
  await form.getByLabel(t.email).fill(email);
  await form.getByLabel(t.password).fill("Jasmine-Damascus-7");
  await form.getByRole("button", { name: t.createAccount }).click();
  await expect(page).not.toHaveURL(/\/auth/);
  return email;
}

/** Signs an existing member in through the real form, in the given language. */
export async function signIn(
  page: Page,
  { lang, email, password }: { lang: "en" | "ar"; email: string; password: string },
): Promise<void> {
  const t = signUpTexts[lang];
  await page.goto(`/auth?lang=${lang}`);
  const form = page.getByTestId("signin-form");
  await form.getByLabel(t.email).fill(email);
  await form.getByLabel(t.password).fill(password);
  await form.getByRole("button", { name: t.signIn }).click();
  await expect(page).not.toHaveURL(/\/auth/);
}

/**
 * Posts a plain listing (furniture, no photos) through the real form and returns its id.
 */
export async function postListing(page: Page, title: string): Promise<string> {
  await page.goto("/post-ad?category=5");
  const form = page.locator('[data-testid="listing-form"][data-hydrated]');
  await expect(form).toBeVisible();
  await form.locator('[name="title"]').fill(title);
  await form.locator('[name="description"]').fill(`${title}: a test listing.`);
  await form.locator('[name="price"]').fill("1500000");
  await form.locator('select[name="location"]').selectOption("aleppo");
  await form.getByTestId("listing-submit").click();
  await expect(page).toHaveURL(/\/listing\/[0-9a-f-]{36}$/);
  return page.url().split("/").pop() ?? "";
}

const phoneTexts = {
  en: { send: "Text me a code", code: "Code from the text message", confirm: "Verify the number" },
  ar: { send: "أرسلوا لي رمزًا", code: "الرمز من الرسالة النصية", confirm: "توثيق الرقم" },
} as const;

/**
 * Verifies `phone` (as typed, e.g. "0944 123 450") for the signed-in member as they would in
 * Settings: the number, the code read from the SMS outbox (/dev/mail), the code typed back.
 * `e164` is the number as the outbox shows it ("+963944123450").
 */
export async function verifyPhone(
  page: Page,
  {
    lang,
    phone,
    e164,
    shot,
  }: {
    lang: "en" | "ar";
    phone: string;
    e164: string;
    /** Takes the test's screenshot `name` (the code step, then the verified number). */
    shot?: (name: string) => Promise<unknown>;
  },
): Promise<void> {
  const t = phoneTexts[lang];
  await page.goto(`/settings?lang=${lang}`);
  const card = page.getByTestId("settings-phone");
  await card.getByTestId("phone-send-form").locator('input[name="phone"]').fill(phone);
  await card.getByRole("button", { name: t.send }).click();
  await expect(card.getByTestId("phone-confirm-form")).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shot?.("phone-code");
  const code = await codeFromOutbox(page.context(), e164);
  await card.getByLabel(t.code).fill(code);
  await card.getByRole("button", { name: t.confirm }).click();
  await expect(page.getByTestId("settings-phone").getByTestId("phone-verified")).toBeVisible();
  await shot?.("phone-verified");
}

/** The newest code texted to `e164` that is not one of `not`, read from the SMS outbox (/dev/mail). */
export async function codeFromOutbox(context: BrowserContext, e164: string, not: string[] = []) {
  const outbox = await context.newPage();
  let code = "";
  await expect(async () => {
    await outbox.goto("/dev/mail");
    // The message's own cell: the row's text runs the number and the code together.
    const cells = await outbox
      .locator("tr[data-sms-id]", { hasText: e164 })
      .evaluateAll((rows) => rows.map((row) => row.querySelectorAll("td")[1]?.textContent ?? ""));
    code =
      cells.map((text) => /\b(\d{6})\b/.exec(text)?.[1] ?? "").find((c) => c && !not.includes(c)) ??
      "";
    expect(code).not.toBe("");
  }).toPass({ timeout: 20_000 });
  await outbox.close();
  return code;
}

const phoneSignUpTexts = {
  en: {
    useIt: "Use my phone number",
    signUpTab: "Sign Up",
    fullName: "Full Name",
    number: "Mobile number",
    send: "Text me a code",
    code: "Code from the text message",
    confirm: "Continue",
  },
  ar: {
    useIt: "استخدام رقم هاتفي",
    signUpTab: "حساب جديد",
    fullName: "الاسم الكامل",
    number: "رقم الجوال",
    send: "أرسلوا لي رمزًا",
    code: "الرمز الموجود في الرسالة النصية",
    confirm: "متابعة",
  },
} as const;

/**
 * Signs a new member up with a name and a phone number alone, as the sign-in page offers it
 * (decision 037): the number, the code read from the SMS outbox, signed in with it verified.
 */
export async function signUpByPhone(
  page: Page,
  { lang, name, phone, e164 }: { lang: "en" | "ar"; name: string; phone: string; e164: string },
): Promise<void> {
  const t = phoneSignUpTexts[lang];
  await page.goto(`/auth?lang=${lang}`);
  await page.getByRole("link", { name: t.useIt }).click();
  // Each link is a page of its own: the next one is pressed on it, not on the page before.
  await expect(page).toHaveURL(/tab=phone/);
  await page.getByRole("link", { name: t.signUpTab }).click();
  await expect(page).toHaveURL(/tab=phone-signup/);
  const form = page.getByTestId("phone-number-form");
  await form.getByLabel(t.fullName).fill(name);
  await form.getByLabel(t.number).fill(phone);
  await form.getByRole("button", { name: t.send }).click();
  await expect(page.getByTestId("phone-code-form")).toBeVisible();
  await page.getByLabel(t.code).fill(await codeFromOutbox(page.context(), e164));
  await page.getByRole("button", { name: t.confirm }).click();
  await expect(page).not.toHaveURL(/\/auth/);
}
