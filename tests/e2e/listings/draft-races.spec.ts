import { expect, type Locator, type Page, type Route, test } from "@playwright/test";
import { expectNoHorizontalScroll } from "../support/layout";
import { signUp } from "../support/members";

/*
 * A draft never overwrites what the person typed since the page opened (use-listing-draft.ts):
 * the form restores one by itself only while it is untouched; once they typed or chose anything,
 * an older draft (found on load) or another tab's (a `storage` event) is offered, not applied.
 * Both races are played on purpose: the form's code held back while the person types into the
 * server's form, and a second tab saving while the category's fields are slow to come.
 */
const shots = "tests/.artifacts/screenshots";
const texts = {
  en: {
    title: "Kia Rio 2015, one owner",
    description: "Well kept, new tyres.",
    price: "1500000",
    otherTitle: "Toyota Corolla 2012, from the other tab",
    staleTitle: "Old sofa from last week",
    offerEarlier: "You have a draft from",
    offerOtherTab: "Another tab saved a draft at",
    restore: "Restore draft",
    dismiss: "Dismiss",
    restored: "Draft restored from",
  },
  ar: {
    title: "كيا ريو ٢٠١٥ مالك واحد",
    description: "نظيفة جداً، إطارات جديدة.",
    price: "١٥٠٠٠٠٠",
    otherTitle: "تويوتا كورولا ٢٠١٢ من النافذة الأخرى",
    staleTitle: "كنبة قديمة من الأسبوع الماضي",
    offerEarlier: "لديك مسودة من",
    offerOtherTab: "حُفظت مسودة في علامة تبويب أخرى في",
    restore: "استعادة المسودة",
    dismiss: "تجاهل",
    restored: "استُعيدت المسودة المحفوظة في",
  },
} as const;

const storedDraft = (page: Page) =>
  page.evaluate(() => {
    const raw = window.localStorage.getItem("form_create_listing");
    return raw ? (JSON.parse(raw) as { values: Record<string, string>; savedAt: number }) : null;
  });

/** A request held until `release` is called (a connection that is slow to answer). */
function holder() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held: Route[] = [];
  return {
    held,
    release,
    handle: async (route: Route) => {
      held.push(route);
      await released;
      await route.continue();
    },
  };
}

async function expectValues(form: Locator, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    await expect(form.locator(`[name="${name}"]:not([type="hidden"])`)).toHaveValue(value);
  }
}

for (const lang of ["en", "ar"] as const) {
  test.describe(`draft races (${lang})`, () => {
    // The service worker would answer the form's code from its cache, out of the test's reach.
    test.use({ serviceWorkers: "block" });

    test("typing before the form's code arrives is kept, and the older draft is offered", async ({
      page,
    }, info) => {
      test.setTimeout(90_000);
      const t = texts[lang];
      await signUp(page, { lang, tag: `draft-race-load-${info.project.name}` });
      // A draft left from an earlier visit (a week's drafts are kept): another category, price
      // and title than what the person is about to type.
      const stale = {
        values: {
          title: t.staleTitle,
          description: "",
          price: "90000",
          categoryId: "5",
          location: "",
          fieldsFor: "",
        },
        savedAt: Date.now() - 60 * 60 * 1000,
      };
      await page.evaluate(
        (draft) => window.localStorage.setItem("form_create_listing", JSON.stringify(draft)),
        stale,
      );

      // The form's own code is slow to come (a thin connection): meanwhile the server's form is
      // a plain one, and the person types into it.
      const code = holder();
      await page.route(/\/assets\/listing-form-[\w-]{8}\.js$/, code.handle);
      await page.goto(`/post-ad?lang=${lang}`);
      const plain = page.getByTestId("listing-form");
      await expect(plain).toBeVisible();
      await expect.poll(() => code.held.length).toBeGreaterThan(0);
      await expect(plain).not.toHaveAttribute("data-hydrated");
      await plain.locator('[name="title"]').fill(t.title);
      await plain.locator('[name="price"]').fill(t.price);
      await plain.locator('select[name="categoryId"]').selectOption("1");

      code.release();
      const form = page.locator('[data-testid="listing-form"][data-hydrated]');
      await expect(form).toBeVisible();
      // What they typed is still there, and is what the device keeps now.
      await expectValues(form, { title: t.title, price: t.price, categoryId: "1" });
      const offer = page.getByTestId("draft-offer");
      await expect(offer).toContainText(t.offerEarlier);
      await expect(page.getByTestId("draft-restored")).toHaveCount(0);
      await expect.poll(async () => (await storedDraft(page))?.values.title).toBe(t.title);
      await expectValues(form, { title: t.title, price: t.price, categoryId: "1" });
      await offer.scrollIntoViewIfNeeded();
      await expectNoHorizontalScroll(page);
      await page.screenshot({
        path: `${shots}/${info.project.name}-${lang}-draft-offer-stored.png`,
      });

      // Taking the offer is the person's choice: the older draft comes back, category included.
      await offer.getByRole("button", { name: t.restore }).click();
      await expect(offer).toHaveCount(0);
      await expectValues(form, { title: t.staleTitle, price: "90000", categoryId: "5" });
      await expect(form.locator('select[name="detail.condition"]')).toBeVisible();
      await expect(page.getByTestId("draft-restored")).toContainText(t.restored);
      await expect.poll(async () => (await storedDraft(page))?.values.title).toBe(t.staleTitle);
    });

    test("another tab's draft, saved while the category's fields are slow, is offered and not applied", async ({
      page,
      context,
    }, info) => {
      test.setTimeout(120_000);
      const t = texts[lang];
      await signUp(page, { lang, tag: `draft-race-tabs-${info.project.name}` });
      await page.goto(`/post-ad?lang=${lang}`);
      const form = page.locator('[data-testid="listing-form"][data-hydrated]');
      await expect(form).toBeVisible();

      await form.locator('[name="title"]').fill(t.title);
      await form.locator('[name="price"]').fill(t.price);
      await expect.poll(async () => (await storedDraft(page))?.values.price).toBe(t.price);

      // The category's fields are slow to come; the person goes on typing meanwhile.
      const fields = holder();
      await page.route("**/api/listing-form?*", fields.handle);
      await form.locator('select[name="categoryId"]').selectOption("1");
      await expect.poll(() => fields.held.length).toBe(1);
      await form.locator('[name="description"]').fill(t.description);
      await expect
        .poll(async () => (await storedDraft(page))?.values.description)
        .toBe(t.description);

      // A second tab: it follows the stored draft while untouched, then the person types there.
      const other = await context.newPage();
      await other.goto(`/post-ad?lang=${lang}`);
      const otherForm = other.locator('[data-testid="listing-form"][data-hydrated]');
      await expectValues(otherForm, { title: t.title, price: t.price });
      await otherForm.locator('[name="title"]').fill(t.otherTitle);
      await otherForm.locator('[name="price"]').fill("2000000");
      await expect.poll(async () => (await storedDraft(other))?.values.title).toBe(t.otherTitle);

      // The first tab keeps what was typed in it, and offers the other tab's draft.
      const offer = page.getByTestId("draft-offer");
      await expect(offer).toContainText(t.offerOtherTab);
      const mine = { title: t.title, price: t.price, categoryId: "1", description: t.description };
      await expectValues(form, mine);

      // The fields come at last: they appear, and nothing typed is replaced.
      fields.release();
      await expect(form.locator('select[name="detail.make"]')).toBeVisible();
      await expectValues(form, mine);
      await form.locator('select[name="detail.make"]').selectOption("kia");
      await expect.poll(async () => (await storedDraft(page))?.values["detail.make"]).toBe("kia");
      await expectValues(form, mine);
      await offer.scrollIntoViewIfNeeded();
      await expectNoHorizontalScroll(page);
      await page.screenshot({
        path: `${shots}/${info.project.name}-${lang}-draft-offer-other-tab.png`,
      });

      // The other tab was typed in too: it keeps its own text and is offered this one's.
      await expect(other.getByTestId("draft-offer")).toContainText(t.offerOtherTab);
      await expectValues(otherForm, { title: t.otherTitle, price: "2000000" });

      // Dismissed, the offer goes and the form stays as typed.
      await offer.getByRole("button", { name: t.dismiss }).click();
      await expect(offer).toHaveCount(0);
      await expectValues(form, mine);
      await other.close();
    });
  });
}
