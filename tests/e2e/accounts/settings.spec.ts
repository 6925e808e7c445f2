import { expect, test } from "@playwright/test";
import { expectNoHorizontalScroll } from "../support/layout";
import { signUp } from "../support/members";

/*
 * Settings' notifications card, in both languages at 390 px and on a desktop: it says how long a
 * message waits unread before its e-mail as this server is set (the e2e server waits one second:
 * scripts/e2e-server.mjs), in words and the language's plural forms; a change is saved.
 */

const shots = "tests/.artifacts/screenshots";

const texts = {
  en: { delay: "Unread messages (e-mail after 1 second,", saved: "Your notification settings" },
  ar: { delay: "الرسائل غير المقروءة (بريد إلكتروني بعد ثانية واحدة،", saved: "حُفظت" },
} as const;

for (const lang of ["en", "ar"] as const) {
  test(`the notifications card says the server's delay and saves a change, in ${lang}`, async ({
    page,
  }, info) => {
    const t = texts[lang];
    await signUp(page, { lang, tag: `settings-notify-${lang}` });
    await page.goto(`/settings?lang=${lang}`);
    const messages = page.getByTestId("notify-messages");
    await expect(messages).toContainText(t.delay);
    await expectNoHorizontalScroll(page, "opening Settings");

    // Alerts by e-mail off, saved.
    const form = page.locator('[data-testid="notifications-form"]');
    await form.getByTestId("notify-alerts-email").uncheck();
    await form.getByTestId("notifications-submit").click();
    await expect(page).toHaveURL(/saved=notifications/);
    await expect(page.getByTestId("settings-notifications")).toContainText(t.saved);
    await expect(page.getByTestId("notify-alerts-email")).not.toBeChecked();
    await expectNoHorizontalScroll(page, "saving the notifications");
    await page.getByTestId("settings-notifications").scrollIntoViewIfNeeded();
    await page.screenshot({
      path: `${shots}/${info.project.name}-${lang}-settings-notifications.png`,
    });
  });
}
