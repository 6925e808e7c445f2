import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoHorizontalScroll } from "../support/layout";
import { signUp } from "../support/members";

/*
 * Favourites in both languages: a visitor saves a seeded listing in the browser, signs up and
 * finds it in the account (/favorites and the profile tab); the member then toggles hearts on a
 * card and on the listing page with JavaScript, and on the listing page without it.
 */

const shots = "tests/.artifacts/screens-favorites";
const GUEST_KEY = "souqna_guest_favorites";

const texts = {
  en: {
    added: "Added to favorites",
    removed: "Removed from favorites",
    loading: "Loading...",
    save: "Save to favorites",
    saved: "Saved to favorites",
    hint: /saved on this device only/,
    count: /^2 saved listings$/,
  },
  ar: {
    added: "تمت الإضافة إلى المفضلة",
    removed: "تمت الإزالة من المفضلة",
    loading: "جارٍ التحميل...",
    save: "أضف إلى المفضلة",
    saved: "محفوظ في المفضلة",
    hint: /محفوظة على هذا الجهاز فقط/,
    count: /^إعلانان محفوظان$/,
  },
} as const;

/** The heart of a card or page, once React has hydrated it. */
const heart = (scope: Page | Locator) =>
  scope.locator('[data-testid="favorite-form"][data-hydrated]').getByTestId("favorite-button");

const guestIds = (page: Page) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "[]") as string[], GUEST_KEY);

async function cardOf(list: Locator, index: number) {
  // A card's own list item (its detail chips are list items too).
  const item = list.locator('li:has(> div > [data-testid="listing-card"])').nth(index);
  const href = (await item.getByTestId("listing-card").getAttribute("href")) ?? "";
  const title = (await item.locator("h3").textContent())?.trim() ?? "";
  return { item, id: href.split("/").pop() ?? "", title };
}

for (const lang of ["en", "ar"] as const) {
  test(`a visitor's favourite follows them into the account, and hearts toggle, in ${lang}`, async ({
    page,
    browser,
  }, info) => {
    test.skip(
      info.project.name !== "desktop",
      "one journey; phone widths are screenshotted inside",
    );
    test.setTimeout(90_000);
    const t = texts[lang];
    const toast = (text: string) => page.locator("[data-sonner-toast]", { hasText: text }).first();

    // 1. A visitor saves the newest seeded listing from its card on the home page.
    await page.goto(`/?lang=${lang}`);
    const latest = page.getByTestId("latest-listings");
    const first = await cardOf(latest, 0);
    const second = await cardOf(latest, 1);
    await heart(first.item).click();
    await expect(toast(t.added)).toBeVisible();
    await expect(heart(first.item)).toHaveAttribute("data-favorited", "true");
    expect(await guestIds(page)).toEqual([first.id]);
    await expectNoHorizontalScroll(page, "saving from a card");

    // Their /favorites reads the browser's list, with a hint to sign in.
    await page.goto("/favorites");
    await expect(page.getByTestId("favorites-guest-hint")).toHaveText(t.hint);
    await expect(page.getByTestId("favorite-card")).toHaveCount(1);
    await expect(page.getByTestId("favorite-card")).toContainText(first.title);

    // 2. Signing up merges the list into the account and clears it from the browser.
    await signUp(page, { lang, tag: `fav-${lang}` });
    await expect.poll(() => guestIds(page)).toEqual([]);

    // 3. The member saves a second listing on its page (JS): "Loading..." while it is in flight.
    // The request is held until the in-flight state has been seen, so no timing decides it.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/favorites", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/listing/${second.id}`);
    const pageHeart = heart(page.getByTestId("listing-favorite"));
    await expect(pageHeart).toHaveText(t.save);
    await pageHeart.click();
    await expect(pageHeart).toBeDisabled();
    await expect(pageHeart).toHaveText(t.loading);
    release();
    await expect(toast(t.added)).toBeVisible();
    await expect(pageHeart).toHaveText(t.saved);
    await expectNoHorizontalScroll(page, "saving on the listing page");
    await page.unroute("**/api/favorites");

    await page.goto("/favorites");
    await expect(page.getByTestId("favorites-count")).toHaveText(t.count);
    const cards = page.getByTestId("favorite-card");
    await expect(cards).toHaveCount(2);
    // Newest first: the one saved on the listing page, then the merged one.
    await expect(cards.nth(0)).toContainText(second.title);
    await expect(cards.nth(1)).toContainText(first.title);
    await page.screenshot({ path: `${shots}/${lang}-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalScroll(page, "listing the favourites at 390 px");
    await page.screenshot({ path: `${shots}/${lang}-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    // The profile's Favorites tab previews them and links to all.
    await page.goto("/profile?tab=favorites");
    const panel = page.getByTestId("profile-panel-favorites");
    await expect(panel.getByTestId("favorite-card")).toHaveCount(2);
    await panel.getByTestId("view-all-favorites").click();
    await expect(page).toHaveURL(/\/favorites$/);

    // 4. A card's heart on the search page: off, then on again (the server keeps the state).
    await page.goto(`/search?lang=${lang}`);
    const searchCard = page.locator(`li:has(> div > a[href="/listing/${first.id}"])`);
    await expect(heart(searchCard)).toHaveAttribute("data-favorited", "true");
    await heart(searchCard).click();
    await expect(toast(t.removed)).toBeVisible();
    await expect(heart(searchCard)).toHaveAttribute("data-favorited", "false");
    await page.reload();
    await expect(heart(searchCard)).toHaveAttribute("data-favorited", "false");
    await heart(searchCard).click();
    await expect(heart(searchCard)).toHaveAttribute("data-favorited", "true");
    await expectNoHorizontalScroll(page, "toggling a card's heart");

    // 5. Without JavaScript the heart is a plain form that comes back with the new state.
    const noJs = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    const plain = await noJs.newPage();
    await plain.goto(`/listing/${second.id}`);
    const plainHeart = plain.getByTestId("listing-favorite").getByTestId("favorite-button");
    await expect(plainHeart).toHaveText(t.saved);
    await plainHeart.click();
    await expect(plain).toHaveURL(new RegExp(`/listing/${second.id}$`));
    await expect(plain.getByTestId("flash")).toContainText(t.removed);
    await expect(plainHeart).toHaveText(t.save);
    await plainHeart.click();
    await expect(plain.getByTestId("flash")).toContainText(t.added);
    await expect(plainHeart).toHaveText(t.saved);
    await expectNoHorizontalScroll(plain, "the heart's plain form");
    await noJs.close();
  });
}

test("a visitor without JavaScript is asked to sign in", async ({ browser }, info) => {
  test.skip(info.project.name !== "desktop", "one check is enough");
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/favorites?lang=en");
  await expect(page.getByTestId("favorites-sign-in")).toBeVisible();
  await page.goto("/");
  const first = page.getByTestId("latest-listings").getByTestId("favorite-button").first();
  await first.click();
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2F$/);
  await context.close();
});
