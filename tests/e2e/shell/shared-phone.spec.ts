import { type BrowserContext, expect, type Page, type Route, test } from "@playwright/test";
import { signIn, signUp } from "../support/members";
import { controlled } from "../support/service-worker";

/*
 * Two people, one phone (decision 024): what the first opened must not be shown to the second,
 * offline or on a network slower than the service worker's 4 s patience. The home page drawn for
 * a member carries their name and e-mail; it, like every saved page and photo, goes when their
 * session ends on the device — as the sign-out goes by, before any page has loaded, or, for a
 * session ended elsewhere, at the first page drawn for nobody.
 */
const screenshotDir = "tests/.artifacts/screenshots";
const PASSWORD = "Jasmine-Damascus-7";
const names = { en: "Rania Haddad", ar: "رانيا حداد" } as const;
const offlineTitle = { en: "You're offline", ar: "أنت غير متصل بالإنترنت" } as const;
const PERSONAL = ["souqna-listings", "souqna-personal", "souqna-pages", "souqna-media"];

/** The member's own home page, saved on the device for offline use. */
async function homeSavedFor(page: Page, email: string) {
  await page.goto("/");
  await controlled(page);
  await page.goto("/");
  await expect
    .poll(() =>
      page.evaluate(async (email) => {
        const saved = await (await caches.open("souqna-pages")).match("/");
        return saved ? (await saved.text()).includes(email) : false;
      }, email),
    )
    .toBe(true);
}

/** Nothing of the first person anywhere in what the second is shown. */
async function expectNothingOf(page: Page, who: { name: string; email: string }) {
  const html = await page.content();
  expect(html).not.toContain(who.email);
  expect(html).not.toContain(who.name);
  await expect(page.getByTestId("saved-copy")).toHaveCount(0);
}

/** Holds every request to the site (the service worker's too) until released. */
async function stallable(context: BrowserContext, origin: string) {
  let stalled = false;
  const held: Route[] = [];
  await context.route("**/*", async (route) => {
    if (stalled && route.request().url().startsWith(origin)) {
      held.push(route);
      return;
    }
    await route.continue();
  });
  return {
    stall: () => {
      stalled = true;
    },
    async release() {
      stalled = false;
      for (const route of held.splice(0)) await route.continue().catch(() => {});
    },
  };
}

for (const lang of ["en", "ar"] as const) {
  test(`after one person signs out, the next sees nothing of theirs, offline or on a stalled network (${lang})`, async ({
    page,
    context,
    baseURL,
  }, info) => {
    test.setTimeout(120_000);
    const first = { name: names[lang], email: "" };
    first.email = await signUp(page, { lang, tag: `shared-${lang}`, name: first.name });
    await homeSavedFor(page, first.email);
    const network = await stallable(context, new URL(baseURL ?? "").origin);

    // The first person signs out, and hands the phone over at once.
    await page.getByTestId("member-menu").locator("summary").click();
    await page.getByTestId("logout").click();
    await expect(page).toHaveURL(/\/auth/);

    // The second opens the app with no connection: the offline screen, nothing of the first.
    await context.setOffline(true);
    await page.goto(`/?lang=${lang}`);
    await expect(page.getByTestId("offline-screen")).toBeVisible();
    await expect(page.locator("h1")).toHaveText(offlineTitle[lang]);
    await expectNothingOf(page, first);
    await page.screenshot({
      path: `${screenshotDir}/shared-phone-offline-${lang}-${info.project.name}.png`,
    });
    await context.setOffline(false);

    // And on a connection slower than the worker waits for (4 s): no saved copy is shown in the
    // meantime — the home page comes when the network does, drawn for nobody.
    network.stall();
    // Committed as soon as the worker answers, from the network or from a saved copy.
    const home = page.goto(`/?lang=${lang}`, { timeout: 60_000, waitUntil: "commit" });
    // Past the worker's patience (4 s) a saved copy would be on the screen: whatever has come
    // by then must be nobody's.
    const early = await Promise.race([
      home.then(() => "shown" as const),
      new Promise<"waiting">((resolve) => setTimeout(() => resolve("waiting"), 6_000)),
    ]);
    if (early === "shown") await expectNothingOf(page, first);
    await network.release();
    await home;
    await page.waitForLoadState("load");
    await expect(page.getByTestId("member-menu")).toHaveCount(0);
    await expectNothingOf(page, first);
    await page.screenshot({
      path: `${screenshotDir}/shared-phone-stalled-${lang}-${info.project.name}.png`,
    });
  });
}

test("a session ended on another device leaves nothing once a page is drawn for nobody", async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(120_000);
  const lang = "ar";
  const first = { name: names[lang], email: "" };
  first.email = await signUp(page, { lang, tag: "shared-elsewhere", name: first.name });
  await homeSavedFor(page, first.email);

  // On their laptop, the member signs out of every device: the phone's session ends unseen.
  const laptop = await browser.newContext();
  try {
    const other = await laptop.newPage();
    await signIn(other, { lang, email: first.email, password: PASSWORD });
    await other.goto(`/settings?lang=${lang}`);
    await other
      .locator("form", { has: other.locator("input[name=intent][value=signout-all]") })
      .locator("button[type=submit]")
      .click();
    await expect(other).toHaveURL(/\/auth/);
  } finally {
    await laptop.close();
  }

  // The next person on the phone opens a page the worker does not save: it is drawn for nobody,
  // and the device forgets what the member opened.
  await page.goto(`/auth?lang=${lang}`);
  await expect(page.getByTestId("signin-form")).toBeVisible();
  await expect
    .poll(() => page.evaluate((names) => Promise.all(names.map((n) => caches.has(n))), PERSONAL), {
      timeout: 20_000,
    })
    .toEqual(PERSONAL.map(() => false));

  await context.setOffline(true);
  await page.goto(`/?lang=${lang}`);
  await expect(page.getByTestId("offline-screen")).toBeVisible();
  await expectNothingOf(page, first);
  await context.setOffline(false);
});
