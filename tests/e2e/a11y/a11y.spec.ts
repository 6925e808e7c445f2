import { test } from "@playwright/test";
import { expectNoSeriousA11yProblems } from "../support/accessibility";
import { expectNoHorizontalScroll } from "../support/layout";

// Serious and critical problems only: each is something that blocks a person from using the page.
// One page of each kind: /safety-tips and /jobs share /about's template, the empty results
// page the full one's.
const pages = [
  "/",
  "/about",
  "/terms-conditions",
  "/auth",
  "/auth?tab=signup",
  "/forgot-password",
  "/search?q=kia",
  "/category/motors?make=kia",
  "/category/property",
  "/my-listings",
  "/nope",
  // The offline screen the service worker shows (a page of its own, outside React).
  "/offline",
];
// The phone's layout differs (drawer, stacked filters, compact cards); the texts do not. To keep
// the suite within its time budget the phone checks the pages whose layout changes most.
const phonePages = new Set([
  "/",
  "/auth",
  "/search?q=kia",
  "/category/motors?make=kia",
  "/offline",
]);

for (const lang of ["en", "ar"] as const) {
  for (const path of pages) {
    test(`${path} in ${lang} has no serious accessibility problems`, async ({ page }, info) => {
      test.skip(info.project.name === "phone" && !phonePages.has(path), "desktop only");
      await page.goto(`${path}${path.includes("?") ? "&" : "?"}lang=${lang}`);
      await expectNoSeriousA11yProblems(page);
      await expectNoHorizontalScroll(page, `loading ${path}`);
    });
  }
}

test("a listing page has no serious accessibility problems, in both languages", async ({
  page,
}) => {
  await page.goto("/search?lang=en");
  const href = await page.getByTestId("listing-card").first().getAttribute("href");
  for (const lang of ["en", "ar"]) {
    await page.goto(`${href}?lang=${lang}`);
    await expectNoSeriousA11yProblems(page);
    await expectNoHorizontalScroll(page, `loading a listing in ${lang}`);
  }
});
