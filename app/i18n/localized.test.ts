import { describe, expect, it } from "vitest";
import { localized } from "./localized";

describe("localized", () => {
  const city = { name: "Aleppo", nameAr: "حلب" };

  it("picks the page's language", () => {
    expect(localized("en", city)).toBe("Aleppo");
    expect(localized("ar", city)).toBe("حلب");
    expect(localized("ar", { label: "Make", labelAr: "الماركة" }, "label")).toBe("الماركة");
  });

  it("falls back to the other language where the page's is empty", () => {
    expect(localized("ar", { title: "Bike", titleAr: "" }, "title")).toBe("Bike");
    expect(localized("en", { title: "", titleAr: "دراجة" }, "title")).toBe("دراجة");
  });
});
