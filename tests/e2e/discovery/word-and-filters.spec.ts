import { expect, type Page, test } from "@playwright/test";
import { expectNoHorizontalScroll } from "../support/layout";
import { signUp } from "../support/members";

/*
 * A word search narrowed with a category's filters, on the demo data the e2e server seeds (five
 * Kias, one of them a 2018 Rio in Homs; other tests post Kias too, so the word alone finds "some"): a person types a word, picks a category, then its
 * subcategory, a city and a year, and the word stays through every step; clearing the category
 * drops its filters. With and without JavaScript, in both languages, on a phone and a desktop.
 */

const shots = "tests/.artifacts/screenshots";

const texts = {
  en: {
    word: "kia",
    newWord: "rio",
    motors: "Motors",
    all: "All categories",
    title: 'Search Results for "kia"',
    inMotors: 'Search Results for "kia" in Motors',
    inCars: 'Search Results for "kia" in Cars',
    // Five demo Kias, and any other test's Kia posted earlier in the run.
    five: /^Found \d+ listings$/,
    one: "Found 1 listing",
    showOne: "Show 1 listing",
    apply: "Show results",
    savedName: "“kia”, Cars, 2005+, Homs",
  },
  ar: {
    word: "كيا",
    newWord: "ريو",
    motors: "سيارات ومركبات",
    all: "كل الفئات",
    title: "نتائج البحث عن «كيا»",
    inMotors: "نتائج البحث عن «كيا» في سيارات ومركبات",
    inCars: "نتائج البحث عن «كيا» في سيارات",
    // Any count of several: the catalog spells 11–99 "إعلاناً" (its plural "many").
    five: /^تم العثور على [٠-٩]+ (إعلانات|إعلانًا|إعلاناً|إعلان)$/,
    one: "تم العثور على إعلان واحد",
    showOne: "عرض إعلان واحد",
    apply: "عرض النتائج",
    savedName: "«كيا»، سيارات، ٢٠٠٥+، حمص",
  },
} as const;

/** The URL's parameters, decoded, without the language. */
function paramsOf(page: Page) {
  const params = new URL(page.url()).searchParams;
  params.delete("lang");
  return Object.fromEntries(params);
}

for (const lang of ["en", "ar"] as const) {
  const t = texts[lang];

  test(`a word search takes a category's filters and keeps the word, in ${lang}`, async ({
    page,
  }, info) => {
    const phone = info.project.name === "phone";
    await page.goto(`/?lang=${lang}`);
    const header = page.getByTestId(phone ? "search-mobile" : "search-desktop");
    await header.getByRole("searchbox").fill(t.word);
    await header.getByRole("searchbox").press("Enter");
    await page.waitForURL(/\/search\?q=/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.title);
    await expect(page.getByTestId("results-count")).toHaveText(t.five);
    // No category yet: the filters every category shares, none of a category's own.
    const panel = page.locator('[data-testid="filter-panel"][data-hydrated]');
    await expect(panel.locator('select[name="city"]')).toBeVisible();
    await expect(panel.locator('select[name="make"]')).toHaveCount(0);

    // Choosing a category brings its filters, with the word.
    await page.getByTestId("category-choices").getByRole("link", { name: t.motors }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.inMotors);
    expect(paramsOf(page)).toEqual({ q: t.word, category: "1" });
    await expect(
      page.getByTestId("category-choices").getByRole("link", { name: t.motors }),
    ).toHaveAttribute("aria-current", "page");
    await expect(panel.locator('select[name="make"]')).toBeVisible();

    // Its subcategory, a city and a year range, each applied as it is chosen; the word stays.
    await panel.locator('select[name="sub"]').selectOption("101");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.inCars);
    await panel.locator('select[name="city"]').selectOption("homs");
    await expect(page).toHaveURL(/city=homs/);
    await panel.locator('input[name="yearMin"]').fill("2005");
    await expect(page).toHaveURL(/yearMin=2005/);
    // Only what filters is in the address: no empty choice, no slider at its default.
    expect(paramsOf(page)).toEqual({
      q: t.word,
      category: "1",
      sub: "101",
      city: "homs",
      yearMin: "2005",
    });
    await expect(page.getByTestId("results-count")).toHaveText(t.one);
    await expect(page.getByTestId("listing-card")).toHaveCount(1);
    await expect(page.getByTestId("listing-card")).toContainText(/Kia|كيا/);
    await expect(page.getByTestId("search-form").getByRole("searchbox")).toHaveValue(t.word);
    // The panel applied itself where it is; the page is pictured from its top.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoHorizontalScroll(page);
    await page.screenshot({
      path: `${shots}/${info.project.name}-${lang}-search-with-filters.png`,
      fullPage: true,
    });

    if (phone) {
      // The panel is under the results on a phone: it leads back up to what it found.
      const back = panel.getByTestId("show-results");
      await expect(back).toHaveText(t.showOne);
      await back.click();
      await expect(page.getByTestId("results-count")).toBeInViewport();
    }

    // "All categories" drops the category and its filters, and keeps the word and the city.
    await page.getByTestId("category-choices").getByRole("link", { name: t.all }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.title);
    expect(paramsOf(page)).toEqual({ q: t.word, city: "homs" });
    await expect(panel.locator('select[name="make"]')).toHaveCount(0);
    await expect(panel.locator('select[name="sub"]')).toHaveCount(0);
    await expect(panel.locator('select[name="city"]')).toHaveValue("homs");
  });

  test(`a word search takes a category's filters without JavaScript, in ${lang}`, async ({
    browser,
  }, info) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: info.project.use.viewport ?? undefined,
    });
    const page = await context.newPage();
    await page.goto(`/search?q=${encodeURIComponent(t.word)}&lang=${lang}`);
    await page.getByTestId("category-choices").getByRole("link", { name: t.motors }).click();
    const panel = page.getByTestId("filter-panel");
    await panel.locator('select[name="make"]').selectOption("kia");
    await panel.locator('select[name="city"]').selectOption("homs");
    await panel.locator('input[name="yearMin"]').fill("2005");
    await panel.getByRole("button", { name: t.apply }).click();
    expect(paramsOf(page)).toMatchObject({
      q: t.word,
      category: "1",
      make: "kia",
      city: "homs",
      yearMin: "2005",
    });
    await expect(page.getByTestId("results-count")).toHaveText(t.one);
    await expectNoHorizontalScroll(page);
    await page.screenshot({
      path: `${shots}/${info.project.name}-${lang}-search-with-filters-no-js.png`,
      fullPage: true,
    });

    // A new word keeps the category and every filter.
    const words = page.getByTestId("search-form");
    await words.getByRole("searchbox").fill(t.newWord);
    await words.getByRole("button").click();
    expect(paramsOf(page)).toMatchObject({
      q: t.newWord,
      category: "1",
      make: "kia",
      city: "homs",
      yearMin: "2005",
    });
    await expect(panel.locator('select[name="make"]')).toHaveValue("kia");
    await context.close();
  });

  test(`a category page's search box keeps the category and its filters, in ${lang}`, async ({
    page,
  }) => {
    await page.goto(`/category/motors?make=kia&city=homs&lang=${lang}`);
    const words = page.getByTestId("search-form");
    await words.getByRole("searchbox").fill(t.newWord);
    await words.getByRole("searchbox").press("Enter");
    await page.waitForURL(/\/search\?/);
    expect(paramsOf(page)).toEqual({ q: t.newWord, category: "1", make: "kia", city: "homs" });
    const panel = page.locator('[data-testid="filter-panel"][data-hydrated]');
    await expect(panel.locator('select[name="make"]')).toHaveValue("kia");
    await expect(panel.locator('select[name="city"]')).toHaveValue("homs");
    await expect(page.getByTestId("listing-card").first()).toContainText(/Rio|ريو/);
  });

  test(`a member saves a word search with its category and filters, in ${lang}`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signUp(page, { lang, tag: `word-filters-${lang}` });
    await page.goto(
      `/search?q=${encodeURIComponent(t.word)}&category=1&sub=101&city=homs&yearMin=2005&lang=${lang}`,
    );
    await page.getByTestId("save-search").click();
    await expect(page).toHaveURL(/\/saved-searches\?done=saved/);
    const row = page.getByTestId("saved-search");
    await expect(row.getByTestId("saved-search-name")).toHaveText(t.savedName);
    await row.getByTestId("saved-search-open").click();
    await page.waitForURL(/\/search\?/);
    expect(paramsOf(page)).toMatchObject({
      q: t.word,
      category: "1",
      sub: "101",
      city: "homs",
      yearMin: "2005",
    });
    await expect(page.getByTestId("results-count")).toHaveText(t.one);
  });
}

test("Clear All empties the filter panel as well as the address", async ({ page }) => {
  await page.goto("/search?q=kia&category=1&make=kia&city=homs&yearMin=2010&lang=en");
  const panel = page.locator('[data-testid="filter-panel"][data-hydrated]');
  await expect(panel.locator('select[name="make"]')).toHaveValue("kia");
  await panel.getByTestId("clear-filters").click();
  await page.waitForURL((url) => url.search === "?q=kia&category=1");
  // Drawn afresh from the address: nothing stale is shown, or sent with the next change.
  await expect(panel.locator('select[name="make"]')).toHaveValue("");
  await expect(panel.locator('select[name="city"]')).toHaveValue("");
  await expect(panel.locator('input[name="yearMin"]')).toHaveValue("2000");
  await panel.locator('select[name="sub"]').selectOption("101");
  await expect(page).toHaveURL(/sub=101/);
  expect(paramsOf(page)).toEqual({ q: "kia", category: "1", sub: "101" });
});

test("one set of results has one address", async ({ request }) => {
  const words = await request.get("/category/motors?q=kia&make=kia&lang=ar", {
    maxRedirects: 0,
  });
  expect(words.status()).toBe(301);
  expect(words.headers().location).toBe("/search?q=kia&category=1&make=kia&lang=ar");
  const noWords = await request.get("/search?category=1&make=kia", { maxRedirects: 0 });
  expect(noWords.status()).toBe(301);
  expect(noWords.headers().location).toBe("/category/motors?make=kia");
});
