import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { queryStatsStorage } from "~/db/query-stats.server";
import { listingDetails, listings, savedSearches, users } from "~/db/schema";
import { findListings } from "~/domain/discovery/find-listings.server";
import { listingSearchColumns } from "~/domain/search/listing-document";
import { serverT } from "~/i18n/i18n.server";
import enErrors from "~/i18n/locales/en/errors";
import type { AppErrorCode } from "~/utils/app-error";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { deleteSavedSearch } from "./delete-saved-search.server";
import { findSavedSearchesMatching, readCandidates } from "./find-saved-searches-matching.server";
import { listSavedSearches } from "./list-saved-searches.server";
import { openSavedSearch } from "./open-saved-search.server";
import { rekeySavedSearches } from "./rekey-saved-searches.server";
import { renameSavedSearch } from "./rename-saved-search.server";
import { saveSearch } from "./save-search.server";
import { MATCH_KEYS_VERSION } from "./saved-search-keys.server";
import { describeSavedSearch, normaliseSearch, parseSavedSearch } from "./saved-search-query";
import { SAVED_SEARCH_LIMIT } from "./saved-searches-limits";
import { cadenceSchema, renameSavedSearchSchema, saveSearchSchema } from "./saved-searches-schemas";
import { setSavedSearchCadence } from "./set-saved-search-cadence.server";

const YEAR = new Date().getFullYear();

interface Seed {
  key: string;
  title: string;
  titleAr?: string;
  price: number;
  category: number;
  city: string;
  location: string;
  locationAr?: string;
  status?: "active" | "sold" | "inactive" | "removed";
  details?: Record<string, string | number>;
}

const corpus: Seed[] = [
  {
    key: "rio-2015",
    title: "Kia Rio",
    titleAr: "سيارة كيا ريو نظيفة",
    price: 4_500_000,
    category: 1,
    city: "aleppo",
    location: "Aleppo",
    locationAr: "حلب",
    details: { make: "kia", model: "rio", year: "2015", kilometers: 85_000 },
  },
  {
    key: "cerato-1995",
    title: "Kia Cerato",
    price: 3_000_000,
    category: 1,
    city: "damascus",
    location: "Damascus",
    details: { make: "kia", model: "cerato", year: "1995", kilometers: 280_000 },
  },
  {
    key: "camry",
    title: "Toyota Camry car",
    titleAr: "سيارات تويوتا كامري",
    price: 12_000_000,
    category: 1,
    city: "homs",
    location: "Homs",
    details: { make: "toyota", model: "camry", year: "2018" },
  },
  {
    key: "sold-kia",
    title: "Kia Picanto",
    price: 2_000_000,
    category: 1,
    city: "aleppo",
    location: "Aleppo",
    status: "sold",
    details: { make: "kia", model: "picanto", year: "2018" },
  },
  {
    key: "flat",
    title: "Flat in Mezzeh",
    titleAr: "شقة في المزة",
    price: 500_000,
    category: 2,
    city: "damascus",
    location: "Damascus",
    details: { listing_type: "rent", type: "apartment", bedrooms: "3" },
  },
  {
    // A word of letters and digits, and a location that names two cities.
    key: "i10",
    title: "Hyundai i10 2012",
    price: 6_000_000,
    category: 1,
    city: "homs",
    location: "Homs, on the road to Hama",
    details: { make: "hyundai", model: "i10", year: "2012", kilometers: 150_000 },
  },
  {
    key: "phone",
    title: "Samsung phone, like a car charger included",
    price: 900_000,
    category: 4,
    city: "aleppo",
    location: "Aleppo",
  },
];

let database: TestDatabase;
let db: Database;
const ids = new Map<string, string>();
const NOUR = { id: "nour" };
const KARIM = { id: "karim" };
const SELLER = { id: "seller" };
const SELLER_TWO = { id: "seller-two" };
const HIBA = { id: "hiba" };
const UNKNOWN = "3f2504e0-4f89-41d3-9a0c-0305e82c3301";

async function expectCode(promise: Promise<unknown>, code: AppErrorCode) {
  await expect(promise).rejects.toMatchObject({ name: "AppError", code });
}

async function queriesOf<T>(fn: () => Promise<T>): Promise<{ value: T; queries: number }> {
  const stats = { count: 0 };
  const value = await queryStatsStorage.run(stats, fn);
  return { value, queries: stats.count };
}

async function countOf(memberId: string) {
  const rows = await db
    .select({ id: savedSearches.id })
    .from(savedSearches)
    .where(eq(savedSearches.userId, memberId));
  return rows.length;
}

async function insertListing(seed: Seed) {
  const columns = {
    title: seed.title,
    titleAr: seed.titleAr ?? "",
    description: "",
    descriptionAr: "",
    cityId: seed.city,
    location: seed.location,
    locationAr: seed.locationAr ?? "",
    categoryId: seed.category,
  };
  const [row] = await db
    .insert(listings)
    .values({
      ...columns,
      ...listingSearchColumns({ ...columns, details: seed.details }),
      userId: SELLER.id,
      price: seed.price,
      status: seed.status ?? "active",
    })
    .returning({ id: listings.id });
  const id = row?.id ?? "";
  if (seed.details)
    await db.insert(listingDetails).values({ listingId: id, details: seed.details });
  return id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await db.insert(users).values([
    { id: SELLER.id, name: "S", email: "s@example.com" },
    { id: NOUR.id, name: "N", email: "n@example.com" },
    { id: KARIM.id, name: "K", email: "k@example.com" },
    { id: SELLER_TWO.id, name: "S2", email: "s2@example.com" },
    { id: HIBA.id, name: "H", email: "h@example.com" },
  ]);
  for (const seed of corpus) ids.set(seed.key, await insertListing(seed));
});
afterAll(() => database?.destroy());

/*
 * The table: what a member might save, as a results page's query string (and the category of a
 * category page). Each must list something, so the comparison says something.
 */
const CASES: { name: string; raw: string; category?: string; expected: string[] }[] = [
  // «سيارة» is also the motors category's own word (a listing's text holds its category's names),
  // and stands for "car" (the phone's title).
  {
    name: "Arabic word «سيارة»",
    raw: "q=سيارة",
    expected: ["rio-2015", "cerato-1995", "camry", "i10", "phone"],
  },
  { name: "English word kia", raw: "q=kia", expected: ["rio-2015", "cerato-1995"] },
  {
    name: "Arabic script for a Latin brand «كيا»",
    raw: "q=كيا",
    expected: ["rio-2015", "cerato-1995"],
  },
  {
    name: "English word car (the motors category's name, and a phone's title)",
    raw: "q=car",
    expected: ["rio-2015", "cerato-1995", "camry", "i10", "phone"],
  },
  {
    name: "price range in Arabic-Indic digits",
    raw: "category=1&minPrice=٣٠٠٠٠٠٠&maxPrice=٥٠٠٠٠٠٠",
    expected: ["rio-2015", "cerato-1995"],
  },
  {
    name: "up to 5M, category page",
    raw: "maxPrice=5000000",
    category: "1",
    expected: ["rio-2015", "cerato-1995"],
  },
  { name: "make", raw: "make=kia", category: "1", expected: ["rio-2015", "cerato-1995"] },
  { name: "make and model", raw: "make=kia&model=rio", category: "1", expected: ["rio-2015"] },
  {
    name: "year from 2010",
    raw: "yearMin=2010",
    category: "1",
    expected: ["rio-2015", "camry", "i10"],
  },
  {
    name: "Kia, 2010+, Aleppo, up to 5M",
    raw: "make=kia&yearMin=2010&city=aleppo&maxPrice=5000000",
    category: "1",
    expected: ["rio-2015"],
  },
  {
    name: "kilometres up to 100,000",
    raw: "kilometersMax=100000",
    category: "1",
    expected: ["rio-2015", "camry"],
  },
  { name: "category only", raw: "", category: "2", expected: ["flat"] },
  { name: "category only, search page", raw: "category=4", expected: ["phone"] },
  { name: "Arabic word and a category", raw: "q=شقه&category=2", expected: ["flat"] },
  { name: "detail filter", raw: "listing_type=rent&bedrooms=3", category: "2", expected: ["flat"] },
  { name: "city text in Arabic", raw: "city=حلب&category=1", expected: ["rio-2015"] },
  { name: "words and a price", raw: "q=kia&maxPrice=٤٠٠٠٠٠٠", expected: ["cerato-1995"] },
  { name: "a word of letters and digits", raw: "q=i10", expected: ["i10"] },
  { name: "the start of a word", raw: "q=hyun", expected: ["i10"] },
  {
    name: "a one-letter word with a make",
    raw: "q=i&make=hyundai",
    category: "1",
    expected: ["i10"],
  },
  { name: "Latin brand in Arabic script «هيونداي»", raw: "q=هيونداي", expected: ["i10"] },
  {
    name: "the second city its location names",
    raw: "city=hama",
    category: "1",
    expected: ["i10"],
  },
  { name: "a city in every category", raw: "city=aleppo", expected: ["rio-2015", "phone"] },
  { name: "a price alone, no category", raw: "maxPrice=1000000", expected: ["flat", "phone"] },
];

describe("a saved search matches a new listing exactly when its results page lists it", () => {
  it.each(CASES)("$name", async ({ raw, category, expected }) => {
    const { text } = normaliseSearch(raw, category);
    const query = parseSavedSearch(text);
    const page = await findListings({ db, query, pageSize: 100 });
    const listed = page.items.map((item) => [...ids].find(([, id]) => id === item.id)?.[0]);
    expect(listed.sort()).toEqual([...expected].sort());

    const saved = await saveSearch({ db, member: NOUR, query: raw, category });
    try {
      for (const [key, id] of ids) {
        const matches = await findSavedSearchesMatching(db, id);
        const matched = matches.some((match) => match.id === saved.id);
        expect(matched, `${key} against ${text}`).toBe(listed.includes(key));
      }
    } finally {
      await deleteSavedSearch({ db, member: NOUR, id: saved.id });
    }
  });

  it("tests every candidate in a bounded number of statements, however many searches there are", async () => {
    const made: string[] = [];
    // Each case saved by two members (four, past the limit of 20 each).
    for (const [at, { raw, category }] of CASES.entries()) {
      const pair = at < SAVED_SEARCH_LIMIT ? [NOUR, KARIM] : [SELLER_TWO, HIBA];
      for (const member of pair)
        made.push((await saveSearch({ db, member, query: raw, category })).id);
    }
    const rio = ids.get("rio-2015") ?? "";
    const { value, queries } = await queriesOf(() => findSavedSearchesMatching(db, rio));
    // The listing, its candidates, one test of their distinct queries (fewer than a thousand).
    expect(queries).toBe(3);
    // Both members' copies of each matching query, none of the other category's.
    const expected = CASES.filter((c) => c.expected.includes("rio-2015")).length * 2;
    expect(value).toHaveLength(expected);
    for (const id of made) await db.delete(savedSearches).where(eq(savedSearches.id, id));
  });

  it("reads only the searches filed under the listing's keys: other words, makes and cities are never read", async () => {
    const saved = new Map<string, string>();
    for (const [raw, category] of [
      ["q=kia", undefined],
      ["q=كيا", undefined],
      ["make=kia", "1"],
      ["city=aleppo", "1"],
      ["maxPrice=5000000", "1"],
      ["q=camry", undefined],
      ["make=toyota", "1"],
      ["city=homs", "1"],
      ["q=شقه&category=2", undefined],
      ["", "2"],
    ] as const) {
      saved.set(
        `${raw}|${category ?? ""}`,
        (await saveSearch({ db, member: NOUR, query: raw, category })).id,
      );
    }
    const read = await readCandidates(db, ids.get("rio-2015") ?? "");
    const names = [...saved]
      .filter(([, id]) => read.some((c) => c.id === id))
      .map(([name]) => name);
    expect(names.sort()).toEqual(
      ["q=kia|", "q=كيا|", "make=kia|1", "city=aleppo|1", "maxPrice=5000000|1"].sort(),
    );
    // Testing every search instead finds the same matches.
    const every = await findSavedSearchesMatching(db, ids.get("rio-2015") ?? "", {
      everySearch: true,
    });
    const filed = await findSavedSearchesMatching(db, ids.get("rio-2015") ?? "");
    expect(filed.map((m) => m.id).sort()).toEqual(every.map((m) => m.id).sort());
    expect(filed).toHaveLength(5);
    for (const id of saved.values()) await db.delete(savedSearches).where(eq(savedSearches.id, id));
  });

  it("a search not yet filed is tested against every listing, and start-up files it", async () => {
    const { id } = await saveSearch({ db, member: NOUR, query: "q=camry" });
    // As a row written before keys existed, or by an older version of them.
    await db
      .update(savedSearches)
      .set({ matchKeys: null, matchKeysVersion: 0 })
      .where(eq(savedSearches.id, id));
    expect((await readCandidates(db, ids.get("rio-2015") ?? "")).map((c) => c.id)).toContain(id);
    expect((await findSavedSearchesMatching(db, ids.get("camry") ?? "")).map((m) => m.id)).toEqual([
      id,
    ]);

    expect(await rekeySavedSearches(database)).toBe(1);
    const [row] = await db.select().from(savedSearches).where(eq(savedSearches.id, id));
    expect(row?.matchKeys).toEqual(expect.arrayContaining(["w:camr", "w:كامر"]));
    expect(row?.matchKeysVersion).toBe(MATCH_KEYS_VERSION);
    expect((await readCandidates(db, ids.get("rio-2015") ?? "")).map((c) => c.id)).not.toContain(
      id,
    );
    expect((await findSavedSearchesMatching(db, ids.get("camry") ?? "")).map((m) => m.id)).toEqual([
      id,
    ]);
    expect(await rekeySavedSearches(database)).toBe(0);
    await deleteSavedSearch({ db, member: NOUR, id });
  });

  it("never tells members about their own listing, nor matches a sold or unknown listing", async () => {
    const own = await saveSearch({ db, member: SELLER, query: "q=kia" });
    const other = await saveSearch({ db, member: NOUR, query: "q=kia" });
    const matches = await findSavedSearchesMatching(db, ids.get("rio-2015") ?? "");
    expect(matches.map((m) => m.id)).toEqual([other.id]);
    expect(await findSavedSearchesMatching(db, ids.get("sold-kia") ?? "")).toEqual([]);
    expect(await findSavedSearchesMatching(db, UNKNOWN)).toEqual([]);
    expect(await findSavedSearchesMatching(db, "../../etc/passwd")).toEqual([]);
    await deleteSavedSearch({ db, member: SELLER, id: own.id });
    await deleteSavedSearch({ db, member: NOUR, id: other.id });
  });
});

describe("saving", () => {
  it("stores the normalised query, never the raw URL, and the same search once", async () => {
    const first = await saveSearch({
      db,
      member: NOUR,
      query: "?maxPrice=٥٠٠٠٠٠٠&make=kia&sort=price_asc&page=3&yearMin=2010&junk=1&city=aleppo",
      category: "1",
    });
    const again = await saveSearch({
      db,
      member: NOUR,
      query: "city=aleppo&make=kia&yearMin=2010&maxPrice=5000000",
      category: "١",
    });
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false });
    const [row] = await db.select().from(savedSearches).where(eq(savedSearches.id, first.id));
    expect(row?.query).toBe(
      `?category=1&city=aleppo&maxPrice=5000000&make=kia&yearMin=2010&yearMax=${YEAR}`,
    );
    expect(row?.cadence).toBe("instant");
    // Filed under what it fixes of category, subcategory, make and city (saved-search-keys).
    expect(row?.matchKeys).toEqual(["p:1//kia/aleppo"]);
    await deleteSavedSearch({ db, member: NOUR, id: first.id });
  });

  it("names it in both languages, numbers in the page's digits", () => {
    const { query } = normaliseSearch("make=kia&yearMin=2010&city=aleppo&maxPrice=5000000", "1");
    expect(describeSavedSearch("en", query, serverT("en", "savedSearches"))).toBe(
      "Kia, 2010+, Aleppo, up to 5M",
    );
    // ICU puts a no-break space inside «٥ مليون».
    expect(
      describeSavedSearch("ar", query, serverT("ar", "savedSearches")).replace(/\u00a0/g, " "),
    ).toBe("كيا، ٢٠١٠+، حلب، حتى ٥ مليون");
    const words = normaliseSearch("q=سيارة&category=1&minPrice=1000000").query;
    expect(describeSavedSearch("en", words, serverT("en", "savedSearches"))).toBe(
      "“سيارة”, Motors, from 1M",
    );
  });

  it("drops garbage filter values as the results page does, and refuses what cannot be read", async () => {
    // Unknown values are not applied on the results page, so they are not saved either.
    const { text } = normaliseSearch("make=<script>&minPrice=abc&sub=999&yearMin=DROP", "1");
    expect(text).toBe("?category=1");
    for (const [raw, category, code] of [
      ["", undefined, "SAVED_SEARCH_EMPTY"],
      ["q=!!!%20'%22", undefined, "SAVED_SEARCH_EMPTY"],
      ["sort=price_asc&page=2", undefined, "SAVED_SEARCH_EMPTY"],
      ["category=99", undefined, "SAVED_SEARCH_INVALID"],
      ["category=-1", undefined, "SAVED_SEARCH_INVALID"],
      ["category=1;drop table saved_searches", undefined, "SAVED_SEARCH_INVALID"],
      ["", "../../etc", "SAVED_SEARCH_INVALID"],
      ["", "motors", "SAVED_SEARCH_INVALID"],
    ] as const) {
      await expectCode(saveSearch({ db, member: NOUR, query: raw, category }), code);
    }
    expect(await countOf(NOUR.id)).toBe(0);
  });

  it(`keeps at most ${SAVED_SEARCH_LIMIT} per member, with a message in both languages`, async () => {
    for (let i = 0; i < SAVED_SEARCH_LIMIT; i++) {
      await saveSearch({
        db,
        member: KARIM,
        query: `maxPrice=${(i + 1) * 100_000}`,
        category: "1",
      });
    }
    await expectCode(
      saveSearch({ db, member: KARIM, query: "maxPrice=9000000", category: "1" }),
      "SAVED_SEARCH_LIMIT",
    );
    // Saving one already there is not a 21st.
    await expect(
      saveSearch({ db, member: KARIM, query: "maxPrice=100000", category: "1" }),
    ).resolves.toMatchObject({ created: false });
    expect(await countOf(KARIM.id)).toBe(SAVED_SEARCH_LIMIT);
    expect(enErrors.SAVED_SEARCH_LIMIT).toContain(String(SAVED_SEARCH_LIMIT));
    expect(serverT("ar")("errors.SAVED_SEARCH_LIMIT")).toContain("٢٠");
    await db.delete(savedSearches).where(eq(savedSearches.userId, KARIM.id));
  });
});

describe("the member's searches", () => {
  it("count the new matches since the last visit in two statements, and opening resets them", async () => {
    const kia = await saveSearch({ db, member: NOUR, query: "q=kia" });
    const flats = await saveSearch({ db, member: NOUR, query: "", category: "2" });
    await db
      .update(savedSearches)
      .set({ lastSeenAt: sql`now() - interval '1 day'` })
      .where(eq(savedSearches.userId, NOUR.id));
    const { value: rows, queries } = await queriesOf(() => listSavedSearches({ db, member: NOUR }));
    expect(queries).toBe(2);
    expect(rows.map((row) => [row.id, row.newMatches])).toEqual([
      [kia.id, 2],
      [flats.id, 1],
    ]);
    expect(await openSavedSearch({ db, member: NOUR, id: kia.id })).toBe("/search?q=kia");
    expect(await openSavedSearch({ db, member: NOUR, id: flats.id })).toBe("/category/property");
    const after = await listSavedSearches({ db, member: NOUR });
    expect(after.map((row) => row.newMatches)).toEqual([0, 0]);
    // A listing posted after the visit is new again.
    const fresh = await insertListing({ ...corpus[0], key: "fresh" } as Seed);
    expect((await listSavedSearches({ db, member: NOUR })).map((r) => r.newMatches)).toEqual([
      1, 0,
    ]);
    await db.delete(listings).where(eq(listings.id, fresh));
    await db.delete(savedSearches).where(eq(savedSearches.userId, NOUR.id));
  });

  it("are renamed, re-timed and deleted only by their owner", async () => {
    const { id } = await saveSearch({ db, member: NOUR, query: "q=kia" });
    // Another member: the same answer as for an id that does not exist.
    await expectCode(
      renameSavedSearch({ db, member: KARIM, id, name: "mine" }),
      "SAVED_SEARCH_NOT_FOUND",
    );
    await expectCode(
      setSavedSearchCadence({ db, member: KARIM, id, cadence: "off" }),
      "SAVED_SEARCH_NOT_FOUND",
    );
    await expectCode(deleteSavedSearch({ db, member: KARIM, id }), "SAVED_SEARCH_NOT_FOUND");
    await expectCode(openSavedSearch({ db, member: KARIM, id }), "SAVED_SEARCH_NOT_FOUND");
    for (const bad of [
      "",
      "../x",
      `${UNKNOWN}/../..`,
      "1 or 1=1",
      "٣f2504e0-4f89-41d3-9a0c-0305e82c3301",
    ]) {
      await expectCode(deleteSavedSearch({ db, member: NOUR, id: bad }), "SAVED_SEARCH_NOT_FOUND");
    }
    await expectCode(
      deleteSavedSearch({ db, member: NOUR, id: UNKNOWN }),
      "SAVED_SEARCH_NOT_FOUND",
    );

    await renameSavedSearch({
      db,
      member: NOUR,
      id,
      name: "  Kia <b>cheap</b>'; drop table x; -- 🚗  ",
    });
    await setSavedSearchCadence({ db, member: NOUR, id, cadence: "daily" });
    const [row] = await listSavedSearches({ db, member: NOUR });
    expect(row).toMatchObject({
      id,
      name: "Kia <b>cheap</b>'; drop table x; -- 🚗",
      cadence: "daily",
    });
    await deleteSavedSearch({ db, member: NOUR, id });
    expect(await countOf(NOUR.id)).toBe(0);
  });
});

describe("the forms' schemas", () => {
  const issues = (
    schema: {
      safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } };
    },
    value: unknown,
  ) => schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

  it("refuse empty, huge and malformed input with an `errors` key", () => {
    expect(issues(renameSavedSearchSchema, { intent: "rename", id: UNKNOWN, name: "" })).toEqual([
      "savedSearchNameRequired",
    ]);
    expect(
      issues(renameSavedSearchSchema, { intent: "rename", id: UNKNOWN, name: "\u0000 \u202e" }),
    ).toEqual(["savedSearchNameRequired"]);
    expect(
      issues(renameSavedSearchSchema, { intent: "rename", id: UNKNOWN, name: "x".repeat(10_000) }),
    ).toEqual(["savedSearchNameTooLong"]);
    expect(
      issues(renameSavedSearchSchema, { intent: "rename", id: "../../etc", name: "ok" }),
    ).toEqual(["savedSearchNotFound"]);
    expect(issues(cadenceSchema, { intent: "cadence", id: UNKNOWN, cadence: "hourly" })).toEqual([
      "savedSearchCadenceInvalid",
    ]);
    expect(issues(saveSearchSchema, { intent: "save", query: "q=".padEnd(5000, "x") })).toEqual([
      "savedSearchInvalid",
    ]);
    for (const name of [
      "كيا ريو في حلب",
      "🚗🚙",
      "<script>alert(1)</script>",
      "'; drop table saved_searches; --",
    ]) {
      expect(
        renameSavedSearchSchema.safeParse({ intent: "rename", id: UNKNOWN, name }).success,
      ).toBe(true);
    }
  });

  it("has every message in both catalogs", () => {
    for (const key of [
      "savedSearchNameRequired",
      "savedSearchNameTooLong",
      "savedSearchNotFound",
      "savedSearchCadenceInvalid",
      "savedSearchInvalid",
      "SAVED_SEARCH_NOT_FOUND",
      "SAVED_SEARCH_INVALID",
      "SAVED_SEARCH_EMPTY",
    ] as const) {
      expect(serverT("en")(`errors.${key}`)).not.toContain("errors.");
      expect(serverT("ar")(`errors.${key}`)).toMatch(/[\u0600-\u06FF]/);
    }
  });
});
