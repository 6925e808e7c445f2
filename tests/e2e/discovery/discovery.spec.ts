import { expect, test } from "@playwright/test";
import { expectNoHorizontalScroll } from "../support/layout";

/*
 * Finding listings on the demo data the e2e server seeds: home, category pages with filters (with
 * and without JavaScript), paging and search in Arabic spelling variants, in both languages.
 */

const shots = "tests/.artifacts/screenshots";

const texts = {
  en: {
    found: /Found [\d,]+ listings/,
    motors: "Motors",
    next: "Next",
    viewAll: "View All Listings",
  },
  ar: {
    found: /تم العثور على/,
    motors: "سيارات ومركبات",
    next: "التالي",
    viewAll: "عرض جميع الإعلانات",
  },
} as const;

for (const lang of ["en", "ar"] as const) {
  test(`home shows the latest listings and leads to all of them, in ${lang}`, async ({
    page,
  }, info) => {
    await page.goto(`/?lang=${lang}`);
    const latest = page.getByTestId("latest-listings");
    await expect(latest.getByTestId("listing-card")).toHaveCount(3);
    // Images keep their box: width and height are set before they load.
    const image = latest.locator("img").first();
    await expect(image).toHaveAttribute("width", /\d+/);
    await expect(image).toHaveAttribute("srcset", /\.webp \d+w/);
    await expectNoHorizontalScroll(page, "the home page");
    await page.screenshot({
      path: `${shots}/${info.project.name}-${lang}-home-latest.png`,
      fullPage: true,
    });
    await page.getByTestId("view-all").click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByTestId("results-count")).toHaveText(texts[lang].found);
    await expect(page.getByTestId("listing-card")).toHaveCount(24);
  });

  test(`the category strip opens a category page with its filters, in ${lang}`, async ({
    page,
  }, info) => {
    await page.goto(`/?lang=${lang}`);
    await page.getByTestId("category-strip").getByRole("link").first().click();
    await expect(page).toHaveURL(/\/category\/motors$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts[lang].motors);
    await expect(page.getByTestId("filter-model-waiting")).toBeVisible();
    await expectNoHorizontalScroll(page, "a category page with its filters");
    await page.screenshot({
      path: `${shots}/${info.project.name}-${lang}-category.png`,
      fullPage: true,
    });
  });

  test(`search finds Arabic spelling variants, in ${lang}`, async ({ page }, info) => {
    test.skip(info.project.name === "phone", "the same search on every screen");
    await page.goto(`/search?q=${encodeURIComponent("سياره")}&lang=${lang}`);
    const plain = await page.getByTestId("results-count").textContent();
    await page.goto(`/search?q=${encodeURIComponent("السيّارات")}&lang=${lang}`);
    await expect(page.getByTestId("results-count")).toHaveText(plain ?? "");
    await page.goto(`/search?q=${encodeURIComponent("zzzqqq")}&lang=${lang}`);
    await expect(page.getByTestId("search-empty")).toBeVisible();
  });
}

test("motors filters work without JavaScript: make, then model, year and price", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/category/motors?lang=en");
  const panel = page.getByTestId("filter-panel");
  await panel.locator('select[name="make"]').selectOption("kia");
  await panel.getByRole("button").click();
  await expect(page).toHaveURL(/make=kia/);
  const model = panel.locator('select[name="model"]');
  await expect(model).toBeVisible();
  await model.selectOption("rio");
  await panel.locator('input[name="yearMin"]').fill("2005");
  await panel.locator('input[name="maxPrice"]').fill("9000000");
  await panel.getByRole("button").click();
  await expect(page).toHaveURL(/model=rio/);
  await expect(page).toHaveURL(/yearMin=2005/);
  await expect(page).toHaveURL(/maxPrice=9000000/);
  for (const card of await page.getByTestId("listing-card").all()) {
    await expect(card).toContainText(/Kia|كيا/);
  }
  // "Clear All" goes back to the whole category.
  await page.getByTestId("clear-filters").click();
  await expect(page).toHaveURL(/\/category\/motors$/);
  await context.close();
});

test("motors filters apply themselves with JavaScript, and changing make clears the model", async ({
  page,
}) => {
  await page.goto("/category/motors?make=kia&model=rio&lang=en");
  const panel = page.locator('[data-testid="filter-panel"][data-hydrated]');
  await expect(panel.locator('select[name="model"]')).toHaveValue("rio");
  await panel.locator('select[name="make"]').selectOption("hyundai");
  await expect(page).toHaveURL(/make=hyundai/);
  await expect(page).not.toHaveURL(/model=rio/);
  await expect(panel.locator('select[name="model"]')).toHaveValue("");
});

test("results page through plain links", async ({ page }) => {
  await page.goto("/search?lang=en");
  const first = await page.getByTestId("listing-card").first().getAttribute("href");
  await page.getByTestId("pagination").getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByTestId("listing-card").first()).not.toHaveAttribute("href", first ?? "");
  // Garbage and past-the-end pages never fail.
  expect((await page.goto("/search?page=abc"))?.status()).toBe(200);
  expect((await page.goto("/search?page=99999"))?.status()).toBe(200);
  await expect(page.getByTestId("listing-card").first()).toBeVisible();
  expect((await page.goto("/category/no-such-thing"))?.status()).toBe(404);
});

test("the phone drawer leads to a category page", async ({ page }, info) => {
  test.skip(info.project.name !== "phone", "the drawer is the phone's menu");
  for (const [lang, name] of [
    ["en", "Property"],
    ["ar", "عقارات"],
  ] as const) {
    await page.goto(`/?lang=${lang}`);
    await page.locator('[data-testid="menu-button"][data-hydrated]').click();
    const drawer = page.getByTestId("category-drawer");
    await expect(drawer).toBeVisible();
    await drawer.getByRole("link", { name }).click();
    await expect(page).toHaveURL(/\/category\/property$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(drawer).toBeHidden();
  }
});

test("price and year sliders apply themselves with JavaScript", async ({ page }) => {
  await page.goto("/category/motors?lang=en");
  const panel = page.locator('[data-testid="filter-panel"][data-hydrated]');
  await panel.locator('input[name="yearMin"]').fill("2012");
  await expect(page).toHaveURL(/yearMin=2012/);
  await panel.locator('input[name="maxPrice"]').fill("5000000");
  await expect(page).toHaveURL(/maxPrice=5000000/);
  await expect(page).toHaveURL(/yearMin=2012/);
});
