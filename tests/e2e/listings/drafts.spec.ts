import { expect, type Page, test } from "@playwright/test";
import { expectNoHorizontalScroll } from "../support/layout";

const shots = "tests/.artifacts/screenshots";

const texts = {
  en: {
    signUpName: "Full Name",
    email: "Email",
    password: "Password",
    createAccount: "Create Account",
    adTitle: "Kia Rio 2015, one owner",
    adDescription: "Well kept, new tyres.",
    price: "1500000",
    saved: "Draft saved at",
    offlineSaved: "You're offline - Draft saved at",
    restored: "Draft restored from",
    queued: "Will be posted when you're back online",
    clear: "Clear draft",
    created: "Listing Created",
  },
  ar: {
    signUpName: "الاسم الكامل",
    email: "البريد الإلكتروني",
    password: "كلمة المرور",
    createAccount: "إنشاء الحساب",
    adTitle: "كيا ريو ٢٠١٥ مالك واحد",
    adDescription: "نظيفة جداً، إطارات جديدة.",
    price: "١٥٠٠٠٠٠",
    saved: "حُفظت المسودة في",
    offlineSaved: "أنت غير متصل بالإنترنت - حُفظت المسودة في",
    restored: "استُعيدت المسودة المحفوظة في",
    queued: "سيُنشر الإعلان عندما يعود الاتصال",
    clear: "مسح المسودة",
    created: "تم إنشاء الإعلان",
  },
} as const;

type Lang = keyof typeof texts;

/** A new member, signed up from the post-ad page's sign-in redirect; ends on /post-ad. */
async function signUp(page: Page, lang: Lang, project: string) {
  const t = texts[lang];
  await page.goto(`/post-ad?lang=${lang}`);
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fpost-ad/);
  await page.getByTestId("tab-signup").click();
  const form = page.getByTestId("signup-form");
  await form.getByLabel(t.signUpName).fill(lang === "ar" ? "رنا الحلبي" : "Rana Halabi");
  await form.getByLabel(t.email).fill(`drafts-${lang}-${project}-${Date.now()}@example.com`);
  await form.getByLabel(t.password).fill("Olive-Tree-Aleppo-1");
  await form.getByRole("button", { name: t.createAccount }).click();
  await expect(page).toHaveURL(/\/post-ad/);
}

const storedDraft = (page: Page) =>
  page.evaluate(() => window.localStorage.getItem("form_create_listing"));

for (const lang of ["en", "ar"] as const) {
  test(`a listing draft is saved, restored, kept offline and cleared on success in ${lang}`, async ({
    page,
    context,
  }, info) => {
    test.setTimeout(120_000);
    const t = texts[lang];
    // Each state shown (banner, restored form, offline notice) is also checked for sideways scroll.
    const shot = async (name: string) => {
      await expectNoHorizontalScroll(page, `the draft's ${name} state`);
      await page.screenshot({ path: `${shots}/${info.project.name}-${lang}-draft-${name}.png` });
    };

    await signUp(page, lang, info.project.name);
    const form = page.locator('[data-testid="listing-form"][data-hydrated]');
    await expect(form).toBeVisible();
    const banner = page.getByTestId("draft-banner");
    await expect(banner).toHaveCount(0);

    // Typing saves a draft after a second: the banner says when, in green.
    await form.locator('[name="title"]').fill(t.adTitle);
    await form.locator('[name="description"]').fill(t.adDescription);
    await form.locator('[name="price"]').fill(t.price);
    await expect(banner).toContainText(t.saved);
    await expect(banner).toHaveAttribute("data-tone", "online");
    if (lang === "ar") await expect(banner).toContainText(/[٠-٩]/);
    else await expect(banner).toContainText(/\d{1,2}:\d{2}\s?[AP]M/);
    const draft = JSON.parse((await storedDraft(page)) ?? "{}");
    expect(draft.values).toMatchObject({ title: t.adTitle, price: t.price });
    expect(draft.values.images).toBeUndefined();

    // A category, a make and its model, and a detail: the draft keeps them too.
    await form.locator('select[name="categoryId"]').selectOption("1");
    const make = form.locator('select[name="detail.make"]');
    await expect(make).toBeVisible();
    await make.selectOption("kia");
    const model = form.locator('select[name="detail.model"]');
    await expect(model).toBeEnabled();
    await expect(model.locator('option[value="rio"]')).toHaveCount(1);
    await model.selectOption("rio");
    await form.locator('input[name="detail.kilometers"]').fill("85000");
    await expect
      .poll(async () => JSON.parse((await storedDraft(page)) ?? "{}").values?.["detail.model"])
      .toBe("rio");
    await banner.scrollIntoViewIfNeeded();
    await shot("saved");

    // After a reload everything is back, the category's fields included.
    await page.reload();
    await expect(form).toBeVisible();
    await expect(form.locator('[name="title"]')).toHaveValue(t.adTitle);
    await expect(form.locator('[name="description"]')).toHaveValue(t.adDescription);
    await expect(form.locator('[name="price"]')).toHaveValue(t.price);
    await expect(form.locator('select[name="categoryId"]')).toHaveValue("1");
    await expect(form.locator('select[name="detail.make"]')).toHaveValue("kia");
    await expect(form.locator('select[name="detail.model"]')).toHaveValue("rio");
    // The field itself: the restore sends the draft's values with its question for the
    // category's fields in hidden inputs of the same name (use-listing-draft.ts).
    await expect(form.locator('input[name="detail.kilometers"]:not([type="hidden"])')).toHaveValue(
      "85000",
    );
    await expect(page.getByTestId("draft-restored")).toContainText(t.restored);

    // Offline: the banner turns amber.
    await context.setOffline(true);
    await expect(banner).toHaveAttribute("data-tone", "offline");
    await expect(banner).toContainText(t.offlineSaved);
    await banner.scrollIntoViewIfNeeded();
    await shot("offline");

    // Posting offline waits for the connection, and the draft stays meanwhile.
    await form.locator('select[name="location"]').selectOption("damascus");
    await page.getByTestId("listing-submit").click();
    await expect(page.getByTestId("listing-queued")).toHaveText(t.queued);
    await expect(page).toHaveURL(/\/post-ad/);
    await expect
      .poll(async () => JSON.parse((await storedDraft(page)) ?? "{}").values?.location)
      .toBe("damascus");
    await page.getByTestId("listing-queued").scrollIntoViewIfNeeded();
    await shot("offline-submit");

    // Back online, the listing goes out by itself and the draft is gone.
    await context.setOffline(false);
    await expect(page).toHaveURL(/\/listing\/[0-9a-f-]{36}$/);
    await expect(page.getByText(t.created).first()).toBeVisible();
    await expect.poll(() => storedDraft(page)).toBeNull();
    const listingId = new URL(page.url()).pathname.split("/").pop() ?? "";

    if (lang === "en") {
      // The edit form keeps its own draft, restored over the stored values and cleared on update.
      const editKey = `form_edit_listing_${listingId}`;
      const editDraft = () => page.evaluate((key) => window.localStorage.getItem(key), editKey);
      await page.goto(`/edit-listing/${listingId}`);
      await expect(form).toBeVisible();
      await expect(form.locator('[name="price"]')).toHaveValue(/1500000|1,500,000/);
      await form.locator('[name="price"]').fill("1750000");
      await expect(banner).toContainText(t.saved);
      await page.reload();
      await expect(form.locator('[name="price"]')).toHaveValue("1750000");
      await expect(form.locator('select[name="detail.model"]')).toHaveValue("rio");
      expect(await editDraft()).not.toBeNull();
      await page.getByTestId("listing-submit").click();
      await expect(page).toHaveURL(new RegExp(`/listing/${listingId}$`));
      await expect.poll(editDraft).toBeNull();
    }

    await page.goto("/post-ad");
    await expect(form).toBeVisible();
    await expect(form.locator('[name="title"]')).toHaveValue("");
    await expect(form.locator('[name="price"]')).toHaveValue("");
    await expect(banner).toHaveCount(0);
  });
}

test("a draft follows other tabs and can be cleared", async ({ page, context }, info) => {
  test.setTimeout(90_000);
  await signUp(page, "en", info.project.name);
  const form = page.locator('[data-testid="listing-form"][data-hydrated]');
  await expect(form).toBeVisible();
  await form.locator('[name="title"]').fill("Sofa, three seats");
  await expect(page.getByTestId("draft-banner")).toContainText("Draft saved at");

  const other = await context.newPage();
  await other.goto("/post-ad");
  const otherForm = other.locator('[data-testid="listing-form"][data-hydrated]');
  await expect(otherForm.locator('[name="title"]')).toHaveValue("Sofa, three seats");

  // Typing in one tab updates the other.
  await form.locator('[name="title"]').fill("Sofa, three seats, blue");
  await expect(otherForm.locator('[name="title"]')).toHaveValue("Sofa, three seats, blue");

  // Clearing in one tab clears it everywhere; a reload then starts empty.
  await other.getByTestId("draft-clear").click();
  await expect(other.getByTestId("draft-banner")).toHaveCount(0);
  await expect(page.getByTestId("draft-banner")).toHaveCount(0);
  await page.reload();
  await expect(form).toBeVisible();
  await expect(form.locator('[name="title"]')).toHaveValue("");
  await other.close();
});
