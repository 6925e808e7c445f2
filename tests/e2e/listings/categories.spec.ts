import { expect, type Page, test } from "@playwright/test";
import {
  categorySlugById,
  getFieldDefinitions,
} from "../../../app/db/reference-data/field-definitions";
import { expectNoHorizontalScroll } from "../support/layout";

/*
 * Every postable category can be posted with its own details, in both languages. Motors has its
 * own journey in listings.spec.ts; here the other five. An unconfirmed member may post two
 * listings, so each test signs up its own seller.
 */

const shots = "tests/.artifacts/screenshots";

const texts = {
  en: {
    signUpTab: "Sign Up",
    createAccount: "Create Account",
    email: "Email",
    password: "Password",
    fullName: "Full Name",
    specs: "Specifications",
    created: "Listing Created",
    text: "Accountant",
    price: "2500000",
  },
  ar: {
    signUpTab: "حساب جديد",
    createAccount: "إنشاء الحساب",
    email: "البريد الإلكتروني",
    password: "كلمة المرور",
    fullName: "الاسم الكامل",
    specs: "المواصفات",
    created: "تم إنشاء الإعلان",
    text: "محاسب",
    price: "٢٥٠٠٠٠٠",
  },
} as const;

const groups = [[2, 3], [4, 5], [7]] as const;

async function signUp(page: Page, lang: "en" | "ar", tag: string) {
  const t = texts[lang];
  await page.goto(`/auth?tab=signup&lang=${lang}`);
  const form = page.getByTestId("signup-form");
  await form.getByLabel(t.fullName).fill(lang === "ar" ? "سامر الخطيب" : "Samer Khatib");
  await form.getByLabel(t.email).fill(`${tag}-${Date.now()}@example.com`);
  await form.getByLabel(t.password).fill("Jasmine-Damascus-7");
  await form.getByRole("button", { name: t.createAccount }).click();
  await expect(page).not.toHaveURL(/\/auth/);
}

for (const lang of ["en", "ar"] as const) {
  for (const group of groups) {
    test(`post in categories ${group.join(" and ")} with their details in ${lang}`, async ({
      page,
    }, info) => {
      // The suite's time budget: the phone posts in Arabic (right to left), the desktop in both.
      test.skip(info.project.name === "phone" && lang === "en", "phone posts in Arabic");
      test.setTimeout(90_000);
      const t = texts[lang];
      await signUp(page, lang, `cat-${group.join("")}-${lang}-${info.project.name}`);

      for (const categoryId of group) {
        const slug = categorySlugById(categoryId) ?? "";
        const definitions = getFieldDefinitions(slug);
        await page.goto(`/post-ad?category=${categoryId}`);
        const form = page.locator('[data-testid="listing-form"][data-hydrated]');
        await expect(form).toBeVisible();

        await form.locator('[name="title"]').fill(`${slug} ${lang} ${categoryId}`);
        await form.locator('[name="description"]').fill(`${slug}: <b>bold?</b> & more`);
        await form.locator('[name="price"]').fill(t.price);
        await expect(page.getByTestId("usd-equivalent")).toContainText("≈");
        await form.locator('select[name="location"]').selectOption("aleppo");

        // Required selects came with their first option; fill the text and number fields and
        // choose the second option of every optional select, so every kind of value is saved.
        const expected: string[] = [];
        for (const field of definitions) {
          const name = `detail.${field.key}`;
          const label = lang === "ar" ? field.labelAr : field.label;
          if (field.type === "select") {
            const select = form.locator(`select[name="${name}"]`);
            if (field.required) {
              await expect(select).not.toHaveValue("");
            } else {
              const second = await select.locator("option").nth(1).getAttribute("value");
              await select.selectOption(second ?? "");
            }
            expected.push(label);
          } else if (field.type === "number") {
            await form.locator(`input[name="${name}"]`).fill("120");
            expected.push(label);
          } else {
            await form.locator(`input[name="${name}"]`).fill(t.text);
            expected.push(label);
          }
        }
        await expectNoHorizontalScroll(page, `filling the ${slug} form`);
        if (categoryId === group[0]) {
          await page.screenshot({
            path: `${shots}/${info.project.name}-${lang}-post-${slug}.png`,
            fullPage: true,
          });
        }
        await page.getByTestId("listing-submit").click();

        await expect(page).toHaveURL(/\/listing\/[0-9a-f-]{36}$/);
        await expect(page.getByText(t.created).first()).toBeVisible();
        await expect(page.getByTestId("listing-title")).toHaveText(`${slug} ${lang} ${categoryId}`);
        await expect(page.getByRole("heading", { name: t.specs })).toBeVisible();
        const specs = page.getByTestId("listing-specs");
        for (const label of expected) await expect(specs).toContainText(label);
        // Text typed as HTML stays text.
        await expect(page.getByTestId("listing-description")).toContainText("bold?");
        expect(await page.locator('[data-testid="listing-description"] b').count()).toBe(0);
        await expectNoHorizontalScroll(page, `posting in ${slug}`);
      }
    });
  }
}

for (const lang of ["en", "ar"] as const) {
  test(`the model list says Loading..., then Error loading when the network fails, in ${lang}`, async ({
    page,
  }, info) => {
    test.skip(info.project.name === "phone" && lang === "en", "phone checks it in Arabic");
    const words = {
      en: { loading: "Loading...", error: "Error loading" },
      ar: { loading: "جارٍ التحميل...", error: "خطأ في التحميل" },
    }[lang];
    await signUp(page, lang, `models-${lang}-${info.project.name}`);
    await page.goto("/post-ad?category=1");
    const form = page.locator('[data-testid="listing-form"][data-hydrated]');
    await expect(form).toBeVisible();
    const model = form.locator('select[name="detail.model"]');

    // A slow answer: the model select waits, saying so.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/listing-form**", async (route) => {
      await held;
      await route.continue();
    });
    await form.locator('select[name="detail.make"]').selectOption("kia");
    await expect(model.locator("option").first()).toHaveText(words.loading);
    await expect(model).toBeDisabled();
    release();
    await expect(model).toBeEnabled();
    await expect(model.locator('option[value="rio"]')).toHaveCount(1);

    // No answer at all: "Error loading", and the plain button to try again through the page.
    await page.unroute("**/api/listing-form**");
    await page.route("**/api/listing-form**", (route) => route.abort());
    await form.locator('select[name="detail.make"]').selectOption("toyota");
    await expect(model.locator("option").first()).toHaveText(words.error);
    await expect(page.getByTestId("refresh-form")).toBeVisible();
    await expectNoHorizontalScroll(page, "the models' loading error");
    await page.unroute("**/api/listing-form**");
    await form.locator('select[name="detail.make"]').selectOption("hyundai");
    await expect(model.locator('option[value="elantra"]')).toHaveCount(1);
  });
}
