import { expect, test } from "@playwright/test";
import { expectNoHorizontalScroll } from "../support/layout";
import { signUp } from "../support/members";

/*
 * A member saves the search they are looking at, finds it on /saved-searches with a name that
 * says what it is, renames it, changes how often they are told, opens its results and deletes
 * it — in both languages, on a phone and a desktop. The rename form checks an empty name in the
 * browser with the action's own schema.
 */

const shots = "tests/.artifacts/screenshots";

const texts = {
  en: {
    name: "Kia, 2010+, Aleppo, up to 5M",
    saved: "Search saved",
    renamed: "Name saved",
    newName: "Cheap Kias 🚗",
    required: "Please give the search a name",
    cadenceSaved: "Alerts updated",
    deleted: "Saved search deleted",
    empty: "No saved searches yet",
    menu: "Saved searches",
    searchName: "“apartment”",
  },
  ar: {
    name: "كيا، ٢٠١٠+، حلب، حتى ٥ مليون",
    saved: "حُفظ البحث",
    renamed: "حُفظ الاسم",
    newName: "كيا رخيصة 🚗",
    required: "يرجى إعطاء البحث اسمًا",
    cadenceSaved: "حُدّثت التنبيهات",
    deleted: "حُذف البحث المحفوظ",
    empty: "لا توجد عمليات بحث محفوظة بعد",
    menu: "عمليات البحث المحفوظة",
    searchName: "«شقة»",
  },
} as const;

for (const lang of ["en", "ar"] as const) {
  test(`a member saves, renames, re-times, opens and deletes a search, in ${lang}`, async ({
    page,
  }, info) => {
    test.setTimeout(120_000);
    const t = texts[lang];
    await signUp(page, { lang, tag: `saved-${lang}` });

    // A category page with filters: "Save this search" saves exactly them.
    await page.goto(
      `/category/motors?make=kia&yearMin=2010&city=aleppo&maxPrice=٥٠٠٠٠٠٠&sort=price_asc&lang=${lang}`,
    );
    await page.getByTestId("save-search").click();
    await expect(page).toHaveURL(/\/saved-searches\?done=saved&id=/);
    await expect(page.getByTestId("saved-searches-notice")).toContainText(t.saved);
    const row = page.getByTestId("saved-search");
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId("saved-search-name")).toHaveText(t.name);
    await expectNoHorizontalScroll(page, "saving a search");
    await page.screenshot({
      path: `${shots}/${info.project.name}-${lang}-saved-searches.png`,
      fullPage: true,
    });

    // Saving it again does not add a second one.
    await page.goto(
      `/category/motors?city=aleppo&make=kia&maxPrice=5000000&yearMin=2010&lang=${lang}`,
    );
    await page.getByTestId("save-search").click();
    await expect(page).toHaveURL(/\/saved-searches\?done=saved/);
    await expect(page.getByTestId("saved-search")).toHaveCount(1);

    // An empty name is reported in place, with no request; a good one is saved.
    const rename = page.locator('[data-testid="rename-form"][data-validated]');
    await expect(rename).toBeVisible();
    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") sent.push(request.url());
    });
    await rename.getByRole("textbox").fill("   ");
    await rename.getByRole("button").click();
    await expect(rename.getByRole("alert")).toHaveText(t.required);
    await expectNoHorizontalScroll(page, "the rename form's error");
    expect(sent).toEqual([]);
    await rename.getByRole("textbox").fill(t.newName);
    await rename.getByRole("button").click();
    await expect(page.getByTestId("saved-searches-notice")).toContainText(t.renamed);
    await expect(row.getByTestId("saved-search-name")).toHaveText(t.newName);
    // The name from the search stays beside the member's own.
    await expect(row).toContainText(t.name);

    // Alerts once a day.
    const cadence = page.locator('[data-testid="cadence-form"][data-validated]');
    await cadence.getByRole("combobox").selectOption("daily");
    await cadence.getByRole("button").click();
    await expect(page.getByTestId("saved-searches-notice")).toContainText(t.cadenceSaved);
    await expect(page.locator('[data-testid="cadence-form"] select')).toHaveValue("daily");
    await expectNoHorizontalScroll(page, "renaming and re-timing a search");
    await page.screenshot({
      path: `${shots}/${info.project.name}-${lang}-saved-searches-renamed.png`,
      fullPage: true,
    });

    // Its results open on the category page with its filters.
    await row.getByTestId("saved-search-open").click();
    await expect(page).toHaveURL(
      /\/category\/motors\?city=aleppo&maxPrice=5000000&make=kia&yearMin=2010/,
    );
    await expect(page.getByTestId("category-page")).toBeVisible();
    await expectNoHorizontalScroll(page, "opening a saved search's results");

    // The member menu leads back (the phone's menu is the same <details>).
    await page.getByRole("banner").locator("details summary").last().click();
    await page.getByTestId("menu-saved-searches").click();
    await expect(page).toHaveURL(/\/saved-searches$/);

    // A search with words is saved from the search page too, and named after them.
    await page.goto(`/search?q=${lang === "ar" ? "شقة" : "apartment"}&lang=${lang}`);
    await page.getByTestId("save-search").click();
    await expect(page.getByTestId("saved-search")).toHaveCount(2);
    await expect(page.getByTestId("saved-search-name").last()).toHaveText(t.searchName);

    // Deleted, both are gone.
    for (let left = 2; left > 0; left--) {
      await page
        .locator('[data-testid="delete-form"][data-validated]')
        .first()
        .getByRole("button")
        .click();
      await expect(page.getByTestId("saved-searches-notice")).toContainText(t.deleted);
      await expect(page.getByTestId("saved-search")).toHaveCount(left - 1);
    }
    await expect(page.getByTestId("saved-searches-empty")).toContainText(t.empty);
    await expectNoHorizontalScroll(page, "deleting the saved searches");
    await page.screenshot({
      path: `${shots}/${info.project.name}-${lang}-saved-searches-empty.png`,
      fullPage: true,
    });
  });
}

test("a visitor is asked to sign in and comes back to the same results", async ({ page }) => {
  await page.goto("/category/motors?make=kia&lang=en");
  await page.getByTestId("save-search-sign-in").click();
  await expect(page).toHaveURL(/\/auth\?redirectTo=/);
  await signUpFromHere(page);
  await expect(page).toHaveURL(/\/category\/motors\?make=kia/);
  await expect(page.getByTestId("save-search")).toBeVisible();
});

async function signUpFromHere(page: import("@playwright/test").Page) {
  // The sign-up tab of the same page keeps where to come back to.
  const url = new URL(page.url());
  url.searchParams.set("tab", "signup");
  await page.goto(url.toString());
  const form = page.getByTestId("signup-form");
  await form.getByLabel("Full Name").fill("Lina Haddad");
  await form.getByLabel("Email").fill(`visitor-${Date.now()}-${Math.random()}@example.com`);
  await form.getByLabel("Password").fill("Jasmine-Damascus-7");
  await form.getByRole("button", { name: "Create Account" }).click();
}
