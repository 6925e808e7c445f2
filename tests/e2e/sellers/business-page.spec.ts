import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yProblems } from "../support/accessibility";
import { shootBothWidths } from "../support/layout";
import { postListing, signUp } from "../support/members";

/*
 * Issue 32's business pages: a member makes their seller page a business page in Settings —
 * name, logo, address, hours, website — is told what to fix when the website is not one, and
 * then finds their seller page under the business's name with a "Business" label, and their
 * listing's card carrying it.
 */
const shots = "tests/.artifacts/screens-business";
mkdirSync(shots, { recursive: true });
const logo = path.resolve(import.meta.dirname, "../fixtures/avatar.png");

const texts = {
  en: {
    link: "Business page",
    name: "Business name",
    address: "Address",
    hours: "Opening hours",
    website: "Website",
    logo: "Logo",
    create: "Make it a business page",
    saved: "Business page saved",
    badWebsite: "Please write a web address like https://example.com",
    view: "View your seller page",
    label: "Business",
    business: "Bassam Motors",
    street: "Mezzeh Highway, near the Kuwaiti roundabout",
    open: "Saturday to Thursday, 9:00 to 19:00",
  },
  ar: {
    link: "صفحة النشاط التجاري",
    name: "اسم النشاط التجاري",
    address: "العنوان",
    hours: "أوقات العمل",
    website: "الموقع الإلكتروني",
    logo: "الشعار",
    create: "اجعلها صفحة نشاط تجاري",
    saved: "حُفظت صفحة النشاط التجاري",
    badWebsite: "يرجى كتابة عنوان موقع مثل https://example.com",
    view: "اعرض صفحتك كبائع",
    label: "نشاط تجاري",
    business: "معرض بسام للسيارات",
    street: "أوتوستراد المزة قرب الدوار الكويتي",
    open: "من السبت إلى الخميس، ٩ صباحًا حتى ٧ مساءً",
  },
} as const;

for (const lang of ["en", "ar"] as const) {
  test(`a member makes their seller page a business page (${lang})`, async ({ page }, info) => {
    test.skip(info.project.name !== "desktop", "one journey; phone widths are taken by resizing");
    test.setTimeout(120_000);
    const t = texts[lang];
    await signUp(page, { lang, tag: `business-${info.project.name}` });
    const title = `Wardrobe from the showroom ${lang} ${Date.now()}`;
    await postListing(page, title);

    await page.goto("/settings");
    await page.getByTestId("business-link").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.link);
    const form = page.locator('[data-testid="business-form"][data-validated]');
    await expect(form).toBeVisible();
    await form.getByLabel(t.name).fill(t.business);
    await form.getByLabel(t.address).fill(t.street);
    await form.getByLabel(t.hours).fill(t.open);
    await form.getByLabel(t.logo).setInputFiles(logo);
    // Not a web address: said in the page's language, the typed fields kept.
    await form.getByLabel(t.website).fill("javascript:alert(1)");
    await form.getByRole("button", { name: t.create }).click();
    await expect(form.getByText(t.badWebsite)).toBeVisible();
    await expect(form.getByLabel(t.name)).toHaveValue(t.business);
    await expectNoSeriousA11yProblems(page);
    await shootBothWidths(page, shots, `${lang}-form-error`);

    await form.getByLabel(t.website).fill("bassam-motors.example");
    await form.getByRole("button", { name: t.create }).click();
    await expect(page.getByText(t.saved).first()).toBeVisible();
    await expect(page.locator("form img")).toBeVisible();

    await page.getByRole("link", { name: t.view }).click();
    const header = page.getByTestId("seller-header");
    await expect(header.getByRole("heading", { level: 1 })).toHaveText(t.business);
    await expect(header.getByTestId("business-label")).toHaveText(t.label);
    await expect(header.getByTestId("business-details")).toContainText(t.street);
    await expect(header.getByRole("link", { name: "bassam-motors.example" })).toHaveAttribute(
      "rel",
      /nofollow/,
    );
    const card = page.getByTestId("listing-card").filter({ hasText: title });
    await expect(card.getByTestId("card-business")).toHaveText(t.business);
    // The notice fades first: a toast caught half-faded reads as too little contrast.
    await expect(page.getByText(t.saved)).toHaveCount(0, { timeout: 15_000 });
    await expectNoSeriousA11yProblems(page);
    await shootBothWidths(page, shots, `${lang}-seller-page`);
  });
}
