import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { listingDetails, listingImages, listings, users } from "~/db/schema";
import {
  describeSavedSearch,
  normaliseSearch,
  resultsPath,
} from "~/domain/saved-searches/saved-search-query";
import { listingSearchColumns } from "~/domain/search/listing-document";
import { serverT } from "~/i18n/i18n.server";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { detailNumber, filterColumnsOf } from "./filter-columns";
import { findListings } from "./find-listings.server";
import {
  filtersApplied,
  PAGE_SIZE,
  parseListingQuery,
  queryString,
  withCategory,
  withoutFilters,
} from "./listing-query";
import { resolveCategory } from "./resolve-category";

const YEAR = new Date().getFullYear();

interface Seed {
  key: string;
  title: string;
  price: number;
  category: number;
  city: string;
  location: string;
  status?: "active" | "sold" | "inactive" | "removed";
  details?: Record<string, string | number>;
  ageDays: number;
  images?: number;
}

const corpus: Seed[] = [
  {
    key: "rio-2015",
    title: "Kia Rio",
    price: 9_000_000,
    category: 1,
    city: "damascus",
    location: "Damascus",
    details: { make: "kia", model: "rio", year: "2015", kilometers: 85_000 },
    ageDays: 1,
    images: 2,
  },
  {
    key: "cerato-1995",
    title: "Kia Cerato",
    price: 3_000_000,
    category: 1,
    city: "aleppo",
    location: "Aleppo",
    details: { make: "kia", model: "cerato", year: "1995", kilometers: 280_000 },
    ageDays: 2,
  },
  {
    key: "camry-no-year",
    title: "Toyota Camry",
    price: 12_000_000,
    category: 1,
    city: "homs",
    location: "Homs",
    details: { make: "toyota", model: "camry" },
    ageDays: 3,
  },
  {
    key: "sold-kia",
    title: "Kia Picanto",
    price: 4_000_000,
    category: 1,
    city: "damascus",
    location: "Damascus",
    status: "sold",
    details: { make: "kia", model: "picanto", year: "2018" },
    ageDays: 0,
  },
  {
    key: "flat",
    title: "Flat in Mezzeh",
    price: 500_000,
    category: 2,
    city: "damascus",
    location: "Damascus",
    details: { listing_type: "rent", type: "apartment", bedrooms: "3" },
    ageDays: 4,
  },
  {
    key: "removed-flat",
    title: "Flat removed",
    price: 400_000,
    category: 2,
    city: "damascus",
    location: "Damascus",
    status: "removed",
    ageDays: 5,
  },
];

let database: TestDatabase;
let db: Database;
const ids = new Map<string, string>();
const keyOf = (id: string) => [...ids].find(([, value]) => value === id)?.[0];

async function find(search: string, categoryId?: number) {
  const query = parseListingQuery(new URLSearchParams(search), { categoryId });
  const page = await findListings({ db, query });
  return { ...page, keys: page.items.map((item) => keyOf(item.id)) };
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await db.insert(users).values({ id: "seller", name: "S", email: "s@example.com" });
  const now = Date.now();
  for (const seed of corpus) {
    const columns = {
      title: seed.title,
      titleAr: "",
      description: "",
      descriptionAr: "",
      cityId: seed.city,
      location: seed.location,
      locationAr: "",
      categoryId: seed.category,
    };
    const [row] = await db
      .insert(listings)
      .values({
        ...columns,
        ...listingSearchColumns({ ...columns, details: seed.details }),
        userId: "seller",
        price: seed.price,
        status: seed.status ?? "active",
        createdAt: new Date(now - seed.ageDays * 86_400_000),
      })
      .returning({ id: listings.id });
    const id = row?.id ?? "";
    ids.set(seed.key, id);
    if (seed.details)
      await db.insert(listingDetails).values({ listingId: id, details: seed.details });
    for (let i = 0; i < (seed.images ?? 0); i++) {
      await db.insert(listingImages).values({
        listingId: id,
        storageKey: `listings/${id}/${i}`,
        variants: [{ width: 320, height: 240, key: `listings/${id}/${i}-320.webp` }],
        width: 320,
        height: 240,
        isPrimary: i === 1,
        sortOrder: i,
      });
    }
  }
});
afterAll(() => database?.destroy());

describe("results pages", () => {
  it("show only active listings, newest first", async () => {
    const { keys, total } = await find("");
    expect(keys).toEqual(["rio-2015", "cerato-1995", "camry-no-year", "flat"]);
    expect(total).toBe(4);
  });

  it("carry each listing's primary image, else none", async () => {
    const { items } = await find("", 1);
    const rio = items.find((item) => keyOf(item.id) === "rio-2015");
    expect(rio?.image?.variants[0]?.key).toMatch(/\/1-320\.webp$/);
    expect(items.find((item) => keyOf(item.id) === "camry-no-year")?.image).toBeNull();
  });

  it("filter by category, make and model exactly", async () => {
    expect((await find("make=kia", 1)).keys).toEqual(["rio-2015", "cerato-1995"]);
    expect((await find("make=kia&model=rio", 1)).keys).toEqual(["rio-2015"]);
    // A model that is not the make's is dropped, not applied.
    expect((await find("make=toyota&model=rio", 1)).keys).toEqual(["camry-no-year"]);
    // A model without a make means nothing.
    expect((await find("model=rio", 1)).keys).toHaveLength(3);
    // An unknown make is not applied at all.
    expect((await find("make=<script>", 1)).keys).toHaveLength(3);
    expect((await find("make=zzz", 1)).keys).toHaveLength(3);
  });

  it("apply the year range only when it is not the default, and only to items with a year", async () => {
    // The default range (2000 to this year) filters nothing: the 1995 car stays.
    expect((await find(`yearMin=2000&yearMax=${YEAR}`, 1)).keys).toHaveLength(3);
    // A narrower range drops the 1995 car but keeps the car without a year.
    expect((await find("yearMin=2010", 1)).keys).toEqual(["rio-2015", "camry-no-year"]);
    expect((await find("yearMin=1990&yearMax=1999", 1)).keys).toEqual([
      "cerato-1995",
      "camry-no-year",
    ]);
  });

  it("apply kilometres the same way", async () => {
    expect((await find("kilometersMin=0&kilometersMax=300000", 1)).keys).toHaveLength(3);
    expect((await find("kilometersMax=100000", 1)).keys).toEqual(["rio-2015", "camry-no-year"]);
  });

  it("apply price only when it is not the full range", async () => {
    expect((await find("minPrice=0&maxPrice=10000000", 1)).keys).toHaveLength(3);
    expect((await find("maxPrice=9500000", 1)).keys).toEqual(["rio-2015", "cerato-1995"]);
    // Above the range's top is the top: "full range" again.
    expect((await find("minPrice=0&maxPrice=99999999999", 1)).keys).toHaveLength(3);
    // Swapped bounds are put right; Arabic digits are read.
    expect((await find("minPrice=٩٥٠٠٠٠٠&maxPrice=2000000", 1)).keys).toEqual([
      "rio-2015",
      "cerato-1995",
    ]);
  });

  it("match the city inside the location, in any case, by id or text", async () => {
    expect((await find("city=damascus")).keys).toEqual(["rio-2015", "flat"]);
    expect((await find("city=ALEP")).keys).toEqual(["cerato-1995"]);
    expect((await find("city=100%")).keys).toEqual([]);
    expect((await find("city=_")).keys).toEqual([]);
  });

  it("sort by price both ways", async () => {
    expect((await find("sort=price_asc", 1)).keys).toEqual([
      "cerato-1995",
      "rio-2015",
      "camry-no-year",
    ]);
    expect((await find("sort=price_desc", 1)).keys).toEqual([
      "camry-no-year",
      "rio-2015",
      "cerato-1995",
    ]);
    expect((await find("sort=DROP TABLE", 1)).keys).toEqual([
      "rio-2015",
      "cerato-1995",
      "camry-no-year",
    ]);
  });

  it("forgive a typo only when the words as typed find nothing", async () => {
    expect((await find("q=Camri")).keys).toEqual(["camry-no-year"]);
    // "Kia" finds the Kias as typed; no similar-looking word is added to them.
    expect((await find("q=Kia")).keys).toEqual(["rio-2015", "cerato-1995"]);
  });

  it("combine search with filters", async () => {
    expect((await find("q=kia&maxPrice=5000000")).keys).toEqual(["cerato-1995"]);
    expect((await find("q=كيا", 1)).keys).toEqual(["rio-2015", "cerato-1995"]);
  });

  it("page safely: page 0, garbage and past the end", async () => {
    for (const page of ["0", "-1", "abc", "1e3", "", "٢x"]) {
      const result = await find(`page=${page}`);
      expect(result.page, page).toBe(1);
      expect(result.keys).toHaveLength(4);
    }
    const past = await find("page=999");
    expect(past.page).toBe(1);
    expect(past.keys).toHaveLength(4);
    const small = await findListings({
      db,
      query: parseListingQuery(new URLSearchParams("page=2")),
      pageSize: 3,
    });
    expect(small.items).toHaveLength(1);
    expect(small.pageCount).toBe(2);
  });
});

describe("a word search with a category's filters (the search page's address)", () => {
  it("gives the intersection of the words, the category and each filter", async () => {
    expect((await find("q=kia&category=1")).keys).toEqual(["rio-2015", "cerato-1995"]);
    expect((await find("q=kia&category=1&city=damascus")).keys).toEqual(["rio-2015"]);
    expect((await find("q=kia&category=1&yearMin=2010")).keys).toEqual(["rio-2015"]);
    expect((await find("q=kia&category=1&make=kia&model=cerato")).keys).toEqual(["cerato-1995"]);
    expect((await find("q=kia&category=1&kilometersMin=100000&maxPrice=5000000")).keys).toEqual([
      "cerato-1995",
    ]);
    // Words that match nothing the filters keep, and a category the words are not in.
    expect((await find("q=camry&category=1&make=kia")).keys).toEqual([]);
    expect((await find("q=kia&category=2")).keys).toEqual([]);
    // A category's filters mean nothing without the category: they are not applied.
    expect((await find("q=kia&make=toyota")).keys).toEqual(["rio-2015", "cerato-1995"]);
  });

  it("still reads Arabic words every way they are written, inside the filters", async () => {
    const columns = {
      title: "سيّارة تويوتا كامري ٢٠١٢ للبيع",
      titleAr: "",
      description: "",
      descriptionAr: "",
      cityId: "aleppo",
      location: "Aleppo",
      locationAr: "حلب",
      categoryId: 1,
      subcategoryId: 101,
    };
    const details = { make: "toyota", model: "camry", year: "2012" };
    const [row] = await db
      .insert(listings)
      .values({
        ...columns,
        ...listingSearchColumns({ ...columns, details }),
        userId: "seller",
        price: 8_000_000,
      })
      .returning({ id: listings.id });
    const id = row?.id ?? "";
    ids.set("arabic-camry", id);
    try {
      await db.insert(listingDetails).values({ listingId: id, details });
      const filters = "category=1&sub=101&city=aleppo&yearMin=2010";
      for (const word of ["تويوتا", "تويـوتا", "toyota", "سياره تويوتا", "السيارات", "كامري"]) {
        const q = encodeURIComponent(word);
        expect((await find(`q=${q}&${filters}`)).keys, word).toEqual(["arabic-camry"]);
      }
      // The same words where the filters hold nothing of theirs.
      expect(
        (await find(`q=${encodeURIComponent("تويوتا")}&category=1&city=damascus&yearMin=2010`))
          .keys,
      ).toEqual([]);
      // A car without a year is not held to the range; this one's year is out of it.
      expect(
        (await find(`q=${encodeURIComponent("تويوتا")}&category=1&yearMax=2005`)).keys,
      ).toEqual(["camry-no-year"]);
    } finally {
      await db.delete(listings).where(eq(listings.id, id));
    }
  });

  it("drops a category's own filters with the category, and keeps the words, city, price and sort", () => {
    const query = parseListingQuery(
      new URLSearchParams(
        "q=كيا&category=1&sub=101&city=homs&maxPrice=5000000&make=kia&yearMin=2005&sort=price_asc&page=3",
      ),
    );
    expect(filtersApplied(query)).toBe(true);
    expect(queryString(withCategory(query, 5), {}, { includeCategory: true })).toBe(
      `?q=${encodeURIComponent("كيا")}&category=5&city=homs&maxPrice=5000000&sort=price_asc`,
    );
    expect(queryString(withCategory(query, null), {}, { includeCategory: true })).toBe(
      `?q=${encodeURIComponent("كيا")}&city=homs&maxPrice=5000000&sort=price_asc`,
    );
    const bare = withoutFilters(query);
    expect(filtersApplied(bare)).toBe(false);
    expect(queryString(bare, {}, { includeCategory: true })).toBe(
      `?q=${encodeURIComponent("كيا")}&category=1&sort=price_asc`,
    );
  });

  it("is saved whole, and its saved results open on the search page with every filter", () => {
    const saved = normaliseSearch(
      "?q=كيا&category=1&sub=101&city=homs&yearMin=2005&make=kia&sort=price_asc&page=2",
    );
    expect(saved.text).toBe(
      `?q=${encodeURIComponent("كيا")}&category=1&sub=101&city=homs&make=kia&yearMin=2005&yearMax=${YEAR}`,
    );
    expect(saved.query).toMatchObject({
      q: "كيا",
      categoryId: 1,
      subcategoryId: 101,
      city: "homs",
      exact: { make: "kia" },
      ranges: [{ key: "year", min: 2005, max: YEAR }],
    });
    expect(resultsPath(saved.query)).toBe(`/search${saved.text}`);
    expect(describeSavedSearch("ar", saved.query, serverT("ar", "savedSearches"))).toBe(
      "«كيا»، سيارات، كيا، ٢٠٠٥+، حمص",
    );
  });
});

describe("the query string", () => {
  it("round-trips the state without defaults", () => {
    const query = parseListingQuery(
      new URLSearchParams("make=kia&model=rio&yearMin=2010&maxPrice=5000000&sort=price_asc&page=2"),
      { categoryId: 1 },
    );
    expect(queryString(query)).toBe(
      "?maxPrice=5000000&make=kia&model=rio&yearMin=2010&yearMax=" +
        YEAR +
        "&sort=price_asc&page=2",
    );
    expect(queryString(query, { page: null })).not.toContain("page=");
    expect(PAGE_SIZE).toBe(24);
  });
});

describe("category lookup", () => {
  it.each([
    ["motors", "motors"],
    ["1", "motors"],
    ["5", "furniture"],
    ["Property", "property"],
    ["عقارات", "property"],
    ["furn", "furniture"],
    ["إلكترون", "electronics"],
    ["cars", "motors"],
    ["real-estate", "property"],
    ["career", "jobs"],
    ["%D8%B9%D9%82%D8%A7%D8%B1%D8%A7%D8%AA", "property"],
  ])("%s → %s", (input, slug) => {
    expect(resolveCategory(input)?.slug).toBe(slug);
  });

  it.each(["", "99", "nothing-here", "%E0%A4%A", "x".repeat(200), "<script>"])(
    "%s → not found",
    (input) => {
      expect(resolveCategory(input)).toBeUndefined();
    },
  );
});

describe("statuses", () => {
  it("hide sold, inactive and removed listings everywhere", async () => {
    const id = ids.get("flat") ?? "";
    await db.update(listings).set({ status: "inactive" }).where(eq(listings.id, id));
    expect((await find("", 2)).keys).toEqual([]);
    await db.update(listings).set({ status: "active" }).where(eq(listings.id, id));
    expect((await find("", 2)).keys).toEqual(["flat"]);
  });
});

describe("reserved listings (issue 31)", () => {
  it("stay in results with their mark, after the available ones, in every sort", async () => {
    const rio = ids.get("rio-2015") ?? "";
    await db.update(listings).set({ reservedAt: new Date() }).where(eq(listings.id, rio));
    try {
      const newest = await find("");
      expect(newest.keys).toEqual(["cerato-1995", "camry-no-year", "flat", "rio-2015"]);
      expect(newest.items.map((item) => item.reserved)).toEqual([false, false, false, true]);
      expect(newest.total).toBe(4);
      const cheapest = await find("sort=price_asc", 1);
      expect(cheapest.keys.at(-1)).toBe("rio-2015");
      // A page without a count (the home page's latest) puts them last within the page.
      const query = parseListingQuery(new URLSearchParams(""), {});
      const latest = await findListings({ db, query, withTotal: false });
      expect(latest.items.at(-1)?.id).toBe(rio);
    } finally {
      await db.update(listings).set({ reservedAt: null }).where(eq(listings.id, rio));
    }
  });
});

describe("details copied onto listings for the motors filter", () => {
  it("follow every write of the details, and filter as the details would", async () => {
    const columns = {
      title: "Kia with odd details",
      titleAr: "",
      description: "",
      descriptionAr: "",
      cityId: "homs",
      location: "Homs",
      locationAr: "",
      categoryId: 1,
    };
    const [row] = await db
      .insert(listings)
      .values({ ...columns, ...listingSearchColumns(columns), userId: "seller", price: 1_000 })
      .returning({ id: listings.id });
    const id = row?.id ?? "";
    ids.set("odd", id);
    try {
      // Text that is not a number fails a range; an empty detail is not held to it.
      await db
        .insert(listingDetails)
        .values({ listingId: id, details: { make: "kia", year: "abc", kilometers: "" } });
      expect((await find("make=kia", 1)).keys).toContain("odd");
      expect((await find("make=kia&yearMin=2010", 1)).keys).not.toContain("odd");
      expect((await find("make=kia&kilometersMax=100000", 1)).keys).toContain("odd");

      // The listing form's upsert: a number is read as one.
      await db
        .insert(listingDetails)
        .values({ listingId: id, details: { make: "toyota", year: 2016 } })
        .onConflictDoUpdate({
          target: listingDetails.listingId,
          set: { details: { make: "toyota", year: 2016 } },
        });
      expect((await find("make=kia", 1)).keys).not.toContain("odd");
      expect((await find("make=toyota&yearMin=2016", 1)).keys).toContain("odd");
      expect((await find("make=toyota&yearMax=2015", 1)).keys).not.toContain("odd");

      await db.delete(listingDetails).where(eq(listingDetails.listingId, id));
      expect((await find("make=toyota", 1)).keys).not.toContain("odd");
      // A detail filter holds only listings that have details, a range alone too.
      expect((await find("yearMin=2010", 1)).keys).not.toContain("odd");
      expect((await find("", 1)).keys).toContain("odd");
      const [copies] = await db
        .select({ make: listings.make, year: listings.year, km: listings.kilometers })
        .from(listings)
        .where(eq(listings.id, id));
      expect(copies).toEqual({ make: null, year: null, km: null });
    } finally {
      await db.delete(listings).where(eq(listings.id, id));
    }
  });

  it("are computed by the seeder exactly as the database computes them", async () => {
    const values = ["", "2015", "2015.5", "abc", "-5", "1e3", " 2015", "٢٠١٥", "0"];
    for (const value of values) {
      const result = await db.execute<{ n: string | null }>(
        sql`select souqna_detail_number(${value})::text as n`,
      );
      const [{ n }] = (result as unknown as { rows: { n: string | null }[] }).rows as [
        { n: string | null },
      ];
      const expected = detailNumber(value);
      expect(n === null ? null : Number(n), value).toEqual(expected);
    }
    expect(filterColumnsOf({ make: "kia", year: 2015 })).toEqual({
      make: "kia",
      year: 2015,
      kilometers: null,
    });
    expect(filterColumnsOf({ make: 3 }).make).toBeNull();
  });
});
