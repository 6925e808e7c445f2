import { mkdirSync } from "node:fs";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { shootBothWidths } from "../support/layout";
import { postListing, signUp } from "../support/members";

/*
 * Issue 31's photos in messages: a buyer adds a photo to a message (made smaller and uploaded as
 * soon as it is picked), sends it; the seller sees it; a third member asking for its address gets
 * 404, as does a visitor.
 */
const shots = "tests/.artifacts/screens-message-photos";
mkdirSync(shots, { recursive: true });

const texts = {
  en: {
    title: "Kia Rio gearbox, photo test",
    available: "Is it still available?",
    caption: "Is this the part?",
  },
  ar: {
    title: "علبة سرعة كيا ريو، تجربة الصور",
    available: "هل ما زال متوفرًا؟",
    caption: "هل هذه القطعة؟",
  },
} as const;

for (const lang of ["en", "ar"] as const) {
  test(`a photo sent in a message is seen by the seller and refused to anyone else (${lang})`, async ({
    page: buyer,
    browser,
  }, info) => {
    test.skip(info.project.name !== "desktop", "one journey; phone widths are taken by resizing");
    test.setTimeout(150_000);
    const t = texts[lang];
    const photo = await sharp({
      create: { width: 1600, height: 1200, channels: 3, background: { r: 20, g: 120, b: 90 } },
    })
      .jpeg()
      .toBuffer();
    const sellerContext = await browser.newContext();
    const strangerContext = await browser.newContext();
    try {
      const seller = await sellerContext.newPage();
      await signUp(seller, { lang, tag: `mphoto-seller-${info.project.name}` });
      const listingId = await postListing(seller, `${t.title} ${Date.now()}`);

      await signUp(buyer, { lang, tag: `mphoto-buyer-${info.project.name}` });
      await buyer.goto(`/listing/${listingId}`);
      await buyer.getByTestId("quick-replies").getByRole("button", { name: t.available }).click();
      await expect(buyer).toHaveURL(/\/messages\/[0-9a-f-]{36}/);
      const thread = new URL(buyer.url()).pathname;
      await expect(buyer.locator('[data-testid="composer"][data-hydrated]')).toBeVisible();

      await buyer
        .getByTestId("composer-photo-input")
        .setInputFiles({ name: "part.jpg", mimeType: "image/jpeg", buffer: photo });
      await expect(buyer.getByTestId("picked-photos").locator("li")).toHaveAttribute(
        "data-state",
        "ready",
      );
      await buyer.getByTestId("composer-input").fill(t.caption);
      await buyer.getByTestId("composer-send").click();
      const sent = buyer.getByTestId("messages").getByTestId("message-photo");
      await expect(sent).toHaveCount(1);
      await expect(buyer.getByTestId("picked-photos")).toHaveCount(0);
      await shootBothWidths(buyer, shots, `${lang}-buyer`);

      await seller.goto(thread);
      const seen = seller.getByTestId("messages").getByTestId("message-photo");
      await expect(seen).toHaveCount(1);
      await seen.scrollIntoViewIfNeeded();
      await expect
        .poll(() => seen.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      await shootBothWidths(seller, shots, `${lang}-seller`);

      const address = await seen.getAttribute("src");
      expect(address).toMatch(/^\/messages\/[0-9a-f-]{36}\/photos\/[0-9a-f-]{36}\/\d+$/);
      const stranger = await strangerContext.newPage();
      await signUp(stranger, { lang, tag: `mphoto-stranger-${info.project.name}` });
      const refused = await stranger.request.get(address ?? "/");
      expect(refused.status()).toBe(404);
      const visitor = await browser.newContext();
      try {
        expect((await visitor.request.get(address ?? "/")).status()).toBe(404);
      } finally {
        await visitor.close();
      }
      const own = await seller.request.get(address ?? "/");
      expect(own.status()).toBe(200);
      expect(own.headers()["cache-control"]).toBe("private, no-store");
    } finally {
      await sellerContext.close();
      await strangerContext.close();
    }
  });
}
