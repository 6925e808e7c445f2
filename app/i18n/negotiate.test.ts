import { describe, expect, it } from "vitest";
import { negotiateLanguage, readCookie } from "./negotiate";

describe("negotiateLanguage", () => {
  it("uses English when nothing is known", () => {
    expect(negotiateLanguage({})).toEqual({ lang: "en", explicit: false });
  });

  it("prefers ?lang= over the cookie and the browser, and marks it explicit", () => {
    expect(negotiateLanguage({ query: "ar", cookie: "en", accepted: "en" })).toEqual({
      lang: "ar",
      explicit: true,
    });
    expect(negotiateLanguage({ query: "EN", cookie: "ar" })).toEqual({
      lang: "en",
      explicit: true,
    });
  });

  it("prefers the cookie over Accept-Language, and that over English", () => {
    expect(negotiateLanguage({ cookie: "ar", accepted: "en" }).lang).toBe("ar");
    expect(negotiateLanguage({ cookie: "en", accepted: "ar" }).lang).toBe("en");
    expect(negotiateLanguage({ accepted: "ar" }).lang).toBe("ar");
    expect(negotiateLanguage({ accepted: false }).lang).toBe("en");
  });

  it("falls back quietly past garbage in any source", () => {
    expect(negotiateLanguage({ query: "fr", cookie: "ar" })).toEqual({
      lang: "ar",
      explicit: false,
    });
    expect(negotiateLanguage({ query: "<script>", cookie: "xx", accepted: "ar" }).lang).toBe("ar");
    expect(negotiateLanguage({ query: "'; drop table users; --", cookie: "%%%" }).lang).toBe("en");
    expect(negotiateLanguage({ query: "", cookie: "", accepted: "<x>" }).lang).toBe("en");
    expect(negotiateLanguage({ query: "عربي" }).lang).toBe("en");
  });
});

describe("readCookie", () => {
  it("finds a cookie among others", () => {
    expect(readCookie("a=1; lang=ar; b=2", "lang")).toBe("ar");
    expect(readCookie("language=en", "lang")).toBeUndefined();
    expect(readCookie("lang=%E0%A4%A", "lang")).toBeUndefined();
    expect(readCookie(undefined, "lang")).toBeUndefined();
  });
});
