import { describe, expect, it } from "vitest";
import { cleanQuery, normalizeText, searchDocument, searchTerms, stemWord } from "./normalize";

describe("normalizeText", () => {
  it.each([
    ["سيّارة", "سياره"],
    ["سَيَّارَةٌ", "سياره"],
    ["أحمد إبراهيم آمنة ٱلله", "احمد ابراهيم امنه الله"],
    ["مستشفى", "مستشفي"],
    ["مؤسسة", "موسسه"],
    ["مسائي", "مسايي"],
    ["کتاب فارسی", "كتاب فارسي"],
    ["جـــديد", "جديد"],
    ["\u200Fشقة\u200F للبيع", "شقه للبيع"],
    ["٢٠١٥", "2015"],
    ["۱۳۹۹", "1399"],
    ["TOYOTA Camry", "toyota camry"],
    ["Café Crème", "cafe creme"],
    ["ﻻ", "لا"],
    ["ﺳﻴﺎﺭﺓ", "سياره"],
    ["iPhone 13 — Pro/Max!", "iphone 13 pro max"],
    ["  lots   of\tspace\n", "lots of space"],
    ["<script>alert(1)</script>", "script alert 1 script"],
    ["'; drop table listings; --", "drop table listings"],
    ["🚗 سيارة 🔥", "سياره"],
    ["", ""],
  ])("%s → %s", (input, expected) => {
    expect(normalizeText(input)).toBe(expected);
  });
});

describe("stemWord", () => {
  it.each([
    ["الايجار", "ايجار"],
    ["للايجار", "ايجار"],
    ["والسيارات", "سيار"],
    ["بالسياره", "سياره"],
    ["كالجديد", "جديد"],
    ["فالبيت", "بيت"],
    ["وبيت", "بيت"],
    ["سيارات", "سيار"],
    ["مهندسون", "مهندس"],
    ["مهندسين", "مهندس"],
    ["سوريه", "سور"],
    ["غرفتان", "غرفت"],
    ["شقتها", "شقت"],
    // At least two letters always remain.
    ["ال", "ال"],
    ["وان", "ان"],
    ["ون", "ون"],
    ["phones", "phone"],
    ["glass", "glass"],
    ["bus", "bus"],
    ["2015", "2015"],
  ])("%s → %s", (input, expected) => {
    expect(stemWord(input)).toBe(expected);
  });
});

describe("searchTerms and searchDocument", () => {
  it("gives the same terms for the spellings Syrians use", () => {
    expect(searchTerms("للايجار")).toEqual(searchTerms("الإيجار"));
    expect(searchTerms("ايجار")).toEqual(searchTerms("للإيجار"));
    expect(searchTerms("سياره")).toEqual(searchTerms("سيّارة"));
    expect(searchTerms("٢٠١٥")).toEqual(searchTerms("2015"));
  });

  it("keeps each term once, in order", () => {
    expect(searchDocument(["شقة للإيجار", "شقة في دمشق", null, "", undefined])).toBe(
      "شقه ايجار في دمشق",
    );
  });
});

describe("cleanQuery", () => {
  it("trims and drops quotes, apostrophes and backslashes", () => {
    expect(cleanQuery(`  "kia" 'rio' \\ o’clock “x” \``)).toBe("kia rio  oclock x");
    expect(cleanQuery("   ")).toBe("");
  });
});
