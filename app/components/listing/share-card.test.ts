import { describe, expect, it } from "vitest";
import { whatsappShareHref } from "./share-card";

describe("the WhatsApp share link", () => {
  it("keeps Arabic letters as they are and encodes what a query value cannot hold", () => {
    const href = whatsappShareHref(
      "كيا ريو 2018 & more #1 on Souqna: https://souqna.sy/listing/a?b=1",
    );
    expect(href).toBe(
      "https://wa.me/?text=كيا%20ريو%202018%20%26%20more%20%231%20on%20Souqna:%20https://souqna.sy/listing/a?b%3D1",
    );
  });

  it("reads back, through the URL parser, as the message itself", () => {
    for (const message of [
      'طاولة "سفرة" <b>خشب</b> 100% + كراسي',
      "Oak table, 50% off! 🎉 https://souqna.sy/listing/x",
    ]) {
      expect(new URL(whatsappShareHref(message)).searchParams.get("text")).toBe(message);
    }
  });
});
