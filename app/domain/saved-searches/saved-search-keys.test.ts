import { describe, expect, it } from "vitest";
import { listingKeys, searchKeys } from "./saved-search-keys.server";
import { normaliseSearch } from "./saved-search-query";

const keysOf = (raw: string, category?: string) => searchKeys(normaliseSearch(raw, category).query);

const listing = {
  categoryId: 1,
  subcategoryId: null,
  make: "kia",
  cities: ["aleppo"],
  words: ["كيا", "ريو", "kia", "rio", "2015", "i10"],
};

describe("where a saved search is filed", () => {
  it("a word search under its word's first letters, in both scripts", () => {
    const keys = keysOf("q=kia");
    expect(keys).toEqual(expect.arrayContaining(["w:kia", "w:كيا"]));
    for (const key of keys) expect(listingKeys(listing)).toContain(key);
  });

  it("the most telling word of several, and at most four letters of it", () => {
    expect(keysOf("q=a camry")).toEqual(expect.arrayContaining(["w:camr"]));
    expect(keysOf("q=a camry").every((key) => !key.startsWith("w:a"))).toBe(true);
  });

  it("a word of letters and digits under its first run only: PostgreSQL may part them", () => {
    expect(keysOf("q=i10")).toEqual(["w:i"]);
    expect(keysOf("q=٢٠١٥")).toEqual(["w:2015"]);
  });

  it("a search without telling words under what it fixes of category, subcategory, make and city", () => {
    expect(keysOf("make=kia&city=aleppo&maxPrice=5000000", "1")).toEqual(["p:1//kia/aleppo"]);
    expect(keysOf("", "2")).toEqual(["p:2///"]);
    expect(keysOf("q=i&make=kia", "1")).toEqual(["p:1//kia/"]);
    // A city typed as text is matched inside the location as typed: it files nothing.
    expect(keysOf("city=حلب", "1")).toEqual(["p:1///"]);
    // Only a price: the blank key, which every listing has.
    expect(keysOf("maxPrice=1000000")).toEqual(["p:///"]);
  });

  it("a listing under every combination of its parts, and each word's first one to four letters", () => {
    const keys = listingKeys(listing);
    for (const key of [
      "p:///",
      "p:1///",
      "p:1//kia/",
      "p:1//kia/aleppo",
      "p:///aleppo",
      "p://kia/",
    ]) {
      expect(keys).toContain(key);
    }
    for (const key of ["w:k", "w:ki", "w:kia", "w:2015", "w:201", "w:i1", "w:i10"]) {
      expect(keys).toContain(key);
    }
    expect(keys).not.toContain("p:2///");
    expect(keys.filter((key) => key.startsWith("p:"))).toHaveLength(8);
  });
});
