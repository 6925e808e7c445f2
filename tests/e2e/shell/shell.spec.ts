import { expect, type Page, test } from "@playwright/test";
import { expectNoHorizontalScroll } from "../support/layout";

const screenshotDir = "tests/.artifacts/screenshots";

// What JavaScript adds (the footer's dialogs — without it Contact Support is a mailto: link — and
// the connection notice) works once the page has hydrated, which starts after its first paint.
const hydrated = (page: Page) =>
  page.locator('[data-testid="menu-button"][data-hydrated]').waitFor({ state: "attached" });

test.describe("home page", () => {
  for (const lang of ["en", "ar"] as const) {
    test(`renders in ${lang} with the right direction`, async ({ page }, info) => {
      const response = await page.goto(`/?lang=${lang}`);
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
      await expect(page.getByTestId("hero-title")).toHaveText(
        lang === "ar" ? "اكتشف • تواصل • تاجر في سوريا" : "Discover • Connect • Trade in Syria",
      );
      await expect(page.getByTestId("category-strip").locator("li")).toHaveCount(8);
      await expectNoHorizontalScroll(page, "loading the home page");
      await expect(page.getByTestId("copyright")).toContainText(
        lang === "ar"
          ? new Intl.NumberFormat("ar-SY", { useGrouping: false }).format(new Date().getFullYear())
          : String(new Date().getFullYear()),
      );
      await page.screenshot({
        path: `${screenshotDir}/${info.project.name}-${lang}-home.png`,
        fullPage: true,
      });
    });
  }

  test("the search box sends a full page GET to /search", async ({ page }, info) => {
    await page.goto("/?lang=en");
    const id = info.project.name === "phone" ? "search-mobile" : "search-desktop";
    const form = page.getByTestId(id);
    await expect(form).toHaveAttribute("action", "/search");
    await expect(form).toHaveAttribute("method", "get");
    await form.getByPlaceholder("What are you looking for?").fill("سيارة كيا");
    await form.getByPlaceholder("What are you looking for?").press("Enter");
    await page.waitForURL(/\/search\?q=/);
    expect(new URL(page.url()).searchParams.get("q")).toBe("سيارة كيا");
  });
});

test.describe("language", () => {
  test("the switch persists over a reload and is saved in local storage", async ({ page }) => {
    await page.goto("/about?lang=en");
    await page.getByTestId("language-switch").click();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expectNoHorizontalScroll(page, "switching to Arabic");
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem("preferredLanguage")))
      .toBe("ar");
    await page.goto("/about");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await page.getByTestId("language-switch").click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("a saved choice is restored when the cookie is gone", async ({ page, context }) => {
    await page.goto("/?lang=ar");
    // The choice is stored once the page has hydrated.
    await page.waitForFunction(() => localStorage.getItem("preferredLanguage") === "ar");
    await context.clearCookies();
    await page.goto("/");
    // The saved choice is applied once the page's JavaScript has run, then the page reloads.
    await page.waitForURL(/lang=ar/, { timeout: 15_000 });
    await expect(page.locator("html")).toHaveAttribute("lang", "ar", { timeout: 15_000 });
  });
});

test.describe("category drawer", () => {
  test.skip(({ isMobile }) => !isMobile, "the drawer is for phones");

  for (const lang of ["en", "ar"] as const) {
    test(`opens from the ${lang === "ar" ? "right" : "left"} in ${lang}`, async ({
      page,
    }, info) => {
      await page.goto(`/?lang=${lang}`);
      await page.locator('[data-testid="menu-button"][data-hydrated]').click();
      const drawer = page.getByTestId("category-drawer");
      await expect(drawer).toBeVisible();
      await expect(drawer.getByRole("heading")).toHaveText(lang === "ar" ? "الفئات" : "Categories");
      const box = await drawer.boundingBox();
      const width = page.viewportSize()?.width ?? 0;
      expect(box?.width).toBe(280);
      if (lang === "ar") expect(Math.round((box?.x ?? 0) + (box?.width ?? 0))).toBe(width);
      else expect(box?.x).toBe(0);
      await expectNoHorizontalScroll(page, "opening the drawer");
      await page.screenshot({ path: `${screenshotDir}/${info.project.name}-${lang}-drawer.png` });
      await drawer.getByRole("link").first().click();
      await expect(page).toHaveURL(/\/category\/motors/);
    });
  }
});

test.describe("404", () => {
  test("unknown paths show the 404 page with status 404", async ({ page }) => {
    const response = await page.goto("/this/does/not/exist?lang=en");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Page not found");
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("in Arabic too", async ({ page }) => {
    const response = await page.goto("/nope?lang=ar");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("عذرًا! الصفحة غير موجودة");
  });
});

test.describe("footer dialogs", () => {
  test("Contact Support checks every field, then opens the mail client", async ({ page }, info) => {
    await page.goto("/?lang=en");
    await hydrated(page);
    await page.getByTestId("contact-support-link").click();
    const dialog = page.getByTestId("contact-dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Please fill in all required fields");
    await dialog.getByLabel("Email").fill("rania@example.com");
    await dialog.getByLabel("Subject").fill("   ");
    await dialog.getByLabel("Message").fill("The photos on my ad do not show");
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Please fill in all required fields");
    await expectNoHorizontalScroll(page, "the contact form's error");
    await page.screenshot({ path: `${screenshotDir}/${info.project.name}-en-contact.png` });
    await dialog.getByLabel("Subject").fill("Photos missing");
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(page.getByText("Email Sent")).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test("Contact Support speaks Arabic", async ({ page }) => {
    await page.goto("/?lang=ar");
    await hydrated(page);
    await page.getByTestId("contact-support-link").click();
    const dialog = page.getByTestId("contact-dialog");
    await dialog.getByRole("button", { name: "إرسال" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("يرجى تعبئة جميع الحقول المطلوبة");
    await expectNoHorizontalScroll(page, "the Arabic contact form's error");
  });

  test("the social links say Coming Soon!", async ({ page }) => {
    await page.goto("/?lang=en");
    await hydrated(page);
    await page.getByRole("button", { name: "Facebook" }).click();
    await expect(page.getByTestId("coming-soon-dialog")).toContainText("Coming Soon!");
    await expectNoHorizontalScroll(page, "a coming-soon note");
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("coming-soon-dialog")).toBeHidden();
  });
});

test.describe("network status", () => {
  test("tells the visitor when the connection drops and returns", async ({ page, context }) => {
    await page.goto("/?lang=en");
    await hydrated(page);
    await context.setOffline(true);
    await expect(page.getByText("You are offline. Some features may be limited.")).toBeVisible();
    await expectNoHorizontalScroll(page, "the connection dropping");
    await context.setOffline(false);
    await expect(page.getByText("You are back online!")).toBeVisible();
  });
});

test.describe("static pages", () => {
  const pages = [
    ["about", "/about"],
    ["jobs", "/jobs"],
    ["safety-tips", "/safety-tips"],
    ["terms", "/terms-conditions"],
  ] as const;
  for (const lang of ["en", "ar"] as const) {
    for (const [name, path] of pages) {
      test(`${name} in ${lang}`, async ({ page }, info) => {
        const response = await page.goto(`${path}?lang=${lang}`);
        expect(response?.status()).toBe(200);
        await expect(page.locator("h1")).toBeVisible();
        await expect(page.locator("main")).not.toContainText("{{");
        await expectNoHorizontalScroll(page, `loading ${path}`);
        await page.screenshot({
          path: `${screenshotDir}/${info.project.name}-${lang}-${name}.png`,
          fullPage: true,
        });
      });
    }
  }

  test("safety tips has its seven sections and the terms their nine", async ({ page }) => {
    await page.goto("/safety-tips?lang=en");
    await expect(page.locator("main h2")).not.toHaveCount(0);
    await expect(page.locator("main section[id]")).toHaveCount(7);
    await page.goto("/terms-conditions?lang=ar");
    await expect(page.locator("main section[id]:not(#contact)")).toHaveCount(9);
  });
});

test.describe("native wrapper", () => {
  test("shows the banner inside a native app", async ({ browser }) => {
    const context = await browser.newContext({
      userAgent: "Mozilla/5.0 (Linux; Android 14) SouqnaApp/1.0",
    });
    const page = await context.newPage();
    await page.goto("/?lang=en");
    await expect(page.getByTestId("native-app-banner")).toHaveText("Running as native app");
    await context.close();
  });
});
