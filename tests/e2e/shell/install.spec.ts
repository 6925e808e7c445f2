import { expect, type Page, test } from "@playwright/test";
import { expectNoHorizontalScroll } from "../support/layout";

/*
 * "Install Souqna" (the offline app of decision 024): the header (on phones, the menu's drawer)
 * offers it only once the browser has fired `beforeinstallprompt`, here a synthetic one with
 * `prompt()` and `userChoice` as Chromium's has. The footer's app links lead to /install: the steps
 * for Android and iPhone, drawn by the server, and the browser's own dialog where it offers one.
 */
const screenshotDir = "tests/.artifacts/screenshots";
const label = { en: "Install Souqna", ar: "ثبّت سوقنا" } as const;

const hydrated = (page: Page) =>
  page.locator('[data-testid="menu-button"][data-hydrated]').waitFor({ state: "attached" });

/** Where the entry is: in the header, or in the drawer that the phone's menu button opens. */
async function openMenu(page: Page, phone: boolean) {
  if (!phone) return;
  await page.getByTestId("menu-button").click();
  await expect(page.getByTestId("category-drawer")).toBeVisible();
}

/** What Chromium sends when the site may be installed; `prompt()` calls are counted. */
function offerInstall(page: Page) {
  return page.evaluate(() => {
    const event = new Event("beforeinstallprompt", { cancelable: true });
    const win = window as unknown as { promptCalls: number };
    win.promptCalls = 0;
    Object.assign(event, {
      prompt: () => {
        win.promptCalls++;
        return Promise.resolve({ outcome: "accepted" });
      },
      userChoice: Promise.resolve({ outcome: "accepted", platform: "web" }),
    });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });
}

for (const lang of ["en", "ar"] as const) {
  test(`offers to install in ${lang} once the browser does, and prompts on click`, async ({
    page,
  }, info) => {
    await page.goto(`/?lang=${lang}`);
    await hydrated(page);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
      "href",
      `/manifest.webmanifest?lang=${lang}`,
    );
    const entry = page.getByRole("button", { name: label[lang] });
    await expect(page.getByTestId("install-app")).toHaveCount(0);

    // Kept for later: the browser's own mini-infobar is not shown.
    expect(await offerInstall(page)).toBe(true);
    const phone = info.project.name === "phone";
    await openMenu(page, phone);
    await expect(entry).toBeVisible();
    await expectNoHorizontalScroll(page, "the install entry");
    await page.screenshot({ path: `${screenshotDir}/${info.project.name}-${lang}-install.png` });

    await entry.click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { promptCalls: number }).promptCalls))
      .toBe(1);
    // The browser's offer can be used once.
    await expect(entry).toHaveCount(0);
    if (phone) await expect(page.getByTestId("category-drawer")).toBeHidden();

    // Offered again, then installed some other way (the browser's menu): the entry goes.
    await offerInstall(page);
    await openMenu(page, phone);
    await expect(entry).toBeVisible();
    await page.evaluate(() => window.dispatchEvent(new Event("appinstalled")));
    await expect(entry).toHaveCount(0);
  });
}

test("keeps an offer that comes before the page's code has run", async ({ page }, info) => {
  // Fired as soon as the document is parsed: before hydration (its catalog is still loading).
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      const event = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
        prompt: () => Promise.resolve(),
        userChoice: Promise.resolve({ outcome: "dismissed" }),
      });
      window.dispatchEvent(event);
    });
  });
  await page.goto("/about?lang=ar");
  await hydrated(page);
  await openMenu(page, info.project.name === "phone");
  await expect(page.getByRole("button", { name: label.ar })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("shows no install entry", async ({ page }) => {
    await page.goto("/?lang=en");
    await expect(page.getByTestId("place-ad")).toBeVisible();
    await expect(page.getByTestId("install-app")).toHaveCount(0);
  });
});

for (const lang of ["en", "ar"] as const) {
  test(`Chromium finds the site installable: manifest, icons, a worker controlling the start (${lang})`, async ({
    page,
    context,
  }) => {
    // What Lighthouse's installability audit asked Chromium (Page.getInstallabilityErrors).
    await page.goto(`/?lang=${lang}`);
    await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), null, {
      timeout: 30_000,
    });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
      installabilityErrors: { errorId: string }[];
    };
    // A test's browser context is a private window, which Chromium never installs from: that
    // one is the test's, not the site's.
    const errors = installabilityErrors.map((error) => error.errorId);
    expect(errors.filter((id) => id !== "in-incognito")).toEqual([]);
    const manifest = (await cdp.send("Page.getAppManifest")) as {
      url: string;
      errors: { message: string }[];
    };
    expect(manifest.url).toContain(`/manifest.webmanifest?lang=${lang}`);
    expect(manifest.errors).toEqual([]);
  });
}

const guide = {
  en: {
    android: "Install on Android",
    ios: "Install on iPhone",
    title: "Install Souqna on your phone",
    androidTitle: "On Android (Chrome)",
    iosTitle: "On iPhone and iPad (Safari)",
    share: "Tap the Share button at the bottom of the screen.",
    now: "Install now",
  },
  ar: {
    android: "ثبّت سوقنا على أندرويد",
    ios: "ثبّت سوقنا على آيفون",
    title: "ثبّت سوقنا على هاتفك",
    androidTitle: "على أندرويد (كروم)",
    iosTitle: "على آيفون وآيباد (سفاري)",
    share: "اضغط على زر المشاركة أسفل الشاشة.",
    now: "ثبّته الآن",
  },
} as const;

for (const lang of ["en", "ar"] as const) {
  test(`the footer's app links lead to the install steps, without JavaScript too (${lang})`, async ({
    browser,
    page,
  }, info) => {
    const t = guide[lang];
    const plain = await browser.newContext({
      javaScriptEnabled: false,
      viewport: page.viewportSize(),
    });
    const noJs = await plain.newPage();
    await noJs.goto(`/?lang=${lang}`);
    await noJs.getByRole("link", { name: t.ios }).click();
    await expect(noJs).toHaveURL(/\/install#ios$/);
    await expect(noJs.locator("h1")).toHaveText(t.title);
    const ios = noJs.getByTestId("install-ios");
    await expect(ios.getByRole("heading", { level: 2 })).toHaveText(t.iosTitle);
    await expect(ios.locator("li")).toHaveCount(4);
    await expect(ios.locator("li").nth(1)).toContainText(t.share);
    await expect(ios.locator("svg")).toHaveCount(5);
    await noJs.goto(`/?lang=${lang}`);
    await noJs.getByRole("link", { name: t.android }).click();
    await expect(noJs).toHaveURL(/\/install#android$/);
    const android = noJs.getByTestId("install-android");
    await expect(android.getByRole("heading", { level: 2 })).toHaveText(t.androidTitle);
    await expect(android.locator("li")).toHaveCount(4);
    await expect(noJs.locator("main")).not.toContainText("{{");
    // Only the browser can say it may install: nothing about it without JavaScript.
    await expect(noJs.getByTestId("install-now")).toHaveCount(0);
    await plain.close();

    // With it, where the browser offers to install, its dialog is one tap away.
    await page.goto(`/install?lang=${lang}`);
    await hydrated(page);
    await expect(page.getByTestId("install-now")).toHaveCount(0);
    await offerInstall(page);
    const now = page.getByRole("button", { name: t.now });
    await expect(now).toBeVisible();
    await expectNoHorizontalScroll(page, "the install page");
    await page.screenshot({
      path: `${screenshotDir}/${info.project.name}-${lang}-install-page.png`,
      fullPage: true,
    });
    await now.click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { promptCalls: number }).promptCalls))
      .toBe(1);
    await expect(now).toHaveCount(0);
  });
}
