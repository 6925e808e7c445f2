import { describe, expect, it } from "vitest";
import { fromAcceptLanguage, negotiateLanguage, readCookie } from "./negotiate";

describe("negotiateLanguage", () => {
  it("uses English when nothing is known", () => {
    expect(negotiateLanguage({})).toEqual({ lang: "en", explicit: false });
  });

  it("prefers ?lang= over the cookie and the browser, and marks it explicit", () => {
    expect(negotiateLanguage({ query: "ar", cookie: "en", acceptLanguage: "en-US" })).toEqual({
      lang: "ar",
      explicit: true,
    });
    expect(negotiateLanguage({ query: "EN", cookie: "ar" })).toEqual({
      lang: "en",
      explicit: true,
    });
  });

  it("prefers the cookie over Accept-Language", () => {
    expect(negotiateLanguage({ cookie: "ar", acceptLanguage: "en-GB,en;q=0.9" }).lang).toBe("ar");
    expect(negotiateLanguage({ cookie: "en", acceptLanguage: "ar-SY" }).lang).toBe("en");
  });

  it("falls back quietly past garbage in any source", () => {
    expect(negotiateLanguage({ query: "fr", cookie: "ar" })).toEqual({
      lang: "ar",
      explicit: false,
    });
    expect(negotiateLanguage({ query: "<script>", cookie: "xx", acceptLanguage: "ar" }).lang).toBe(
      "ar",
    );
    expect(negotiateLanguage({ query: "'; drop table users; --", cookie: "%%%" }).lang).toBe("en");
    expect(negotiateLanguage({ query: "", cookie: "", acceptLanguage: ";;;,,q=abc" }).lang).toBe(
      "en",
    );
    expect(negotiateLanguage({ query: "عربي" }).lang).toBe("en");
  });
});

describe("fromAcceptLanguage", () => {
  it("reads regional tags by their base language", () => {
    expect(fromAcceptLanguage("ar-SY,ar;q=0.9,en;q=0.8")).toBe("ar");
    expect(fromAcceptLanguage("en-US")).toBe("en");
  });

  it("honours quality values and skips unsupported languages", () => {
    expect(fromAcceptLanguage("fr-FR,fr;q=0.9,en;q=0.5,ar;q=0.7")).toBe("ar");
    expect(fromAcceptLanguage("de,tr;q=0.8")).toBeUndefined();
    expect(fromAcceptLanguage("ar;q=0,en;q=0.1")).toBe("en");
  });

  it("ignores malformed and absurdly long headers", () => {
    expect(fromAcceptLanguage("ar;q=2")).toBeUndefined();
    expect(fromAcceptLanguage("ar;q=NaN")).toBeUndefined();
    expect(fromAcceptLanguage(`ar,${"x".repeat(2000)}`)).toBeUndefined();
    expect(fromAcceptLanguage(null)).toBeUndefined();
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
