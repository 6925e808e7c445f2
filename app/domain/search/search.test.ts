import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { listingDetails, listings, searchWords, users } from "~/db/schema";
import { splitByScript } from "~/domain/listings/listings-schemas";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { alternativesOf } from "./aliases";
import { listingSearchColumns } from "./listing-document";
import { SEARCH_VERSION, searchTerms } from "./normalize";
import { reindexSearch } from "./reindex.server";
import { type Corrections, expandQuery, findCorrections, searchMatch } from "./search-query.server";

/*
 * Search against real PostgreSQL matching (PGlite here, PostgreSQL in CI): each case is a query
 * as Syrians type it and the listings it must (and must not) find.
 */

interface Seed {
  key: string;
  text: string;
  description?: string;
  city: string;
  category: number;
  details?: Record<string, string | number>;
}

const corpus: Seed[] = [
  { key: "camry", text: "تويوتا كامري 2015 نظيفة", city: "damascus", category: 1 },
  {
    key: "elantra",
    text: "Hyundai Elantra 2018 automatic",
    city: "aleppo",
    category: 1,
    details: { make: "hyundai", model: "elantra", year: "2018" },
  },
  {
    key: "kia-details",
    text: "سيارة بحالة ممتازة",
    description: "فحص كامل، مالك واحد",
    city: "homs",
    category: 1,
    details: { make: "kia", model: "rio", year: "2012" },
  },
  { key: "flat-rent", text: "شقة للإيجار في المزة", city: "damascus", category: 2 },
  { key: "flat-sale", text: "Apartment for sale, 3 bedrooms", city: "latakia", category: 2 },
  { key: "house", text: "بيت عربي قديم", city: "hama", category: 2 },
  { key: "samsung", text: "موبايل سامسونغ جالاكسي S21", city: "aleppo", category: 4 },
  { key: "iphone", text: "iPhone 13 Pro Max 256GB", city: "damascus", category: 4 },
  { key: "iphone-ar", text: "آيفون ١١ مستعمل نظيف", city: "tartus", category: 4 },
  { key: "laptop", text: "لابتوب ديل للطلاب", city: "homs", category: 4 },
  { key: "accountant", text: "مطلوب محاسبين لشركة تجارية", city: "damascus", category: 3 },
  { key: "engineer", text: "Civil engineers wanted", city: "aleppo", category: 3 },
  { key: "sofa", text: "كنبايات وطقم صالون", city: "damascus", category: 5 },
  { key: "moving", text: "خدمات نقل أثاث داخل دمشق", city: "damascus", category: 7 },
  { key: "diacritics", text: "سَيَّارَةٌ للبَيْعِ بسعرٍ مُغْرٍ", city: "daraa", category: 1 },
  { key: "tatweel", text: "غســـالة أوتوماتيك", city: "idlib", category: 4 },
];

const cases: [query: string, mustFind: string[], mustNotFind?: string[]][] = [
  // Arabic spelling variants and diacritics.
  ["سياره", ["diacritics", "kia-details"], ["flat-rent"]],
  ["سيّارة", ["diacritics", "kia-details"]],
  ["السيارة", ["diacritics", "kia-details"]],
  ["سيارات", ["diacritics", "kia-details"]],
  ["غسالة", ["tatweel"]],
  ["غساله", ["tatweel"]],
  ["اوتوماتيك", ["tatweel"]],
  ["نظيفه", ["camry"]],
  // The shorter word is a prefix of the longer: "نظيف" finds "نظيفة" as well.
  ["نظيف", ["camry", "iphone-ar"]],
  ["مغر", ["diacritics"]],
  // Attached articles and prepositions.
  ["للايجار", ["flat-rent"], ["flat-sale"]],
  ["ايجار", ["flat-rent"]],
  ["الإيجار", ["flat-rent"]],
  ["بالمزة", ["flat-rent"]],
  ["محاسب", ["accountant"]],
  ["المحاسبين", ["accountant"]],
  // Digits in either script.
  ["٢٠١٥", ["camry"], ["elantra"]],
  ["2015", ["camry"]],
  ["11", ["iphone-ar"]],
  ["١٣", ["iphone"]],
  // Across scripts, through the alias table.
  ["toyota", ["camry"], ["elantra"]],
  ["Toyota Camry", ["camry"]],
  ["camry", ["camry"]],
  ["هيونداي", ["elantra"], ["camry"]],
  ["هونداي", ["elantra"]],
  ["النترا", ["elantra"]],
  ["samsung", ["samsung"], ["iphone"]],
  ["سامسونج", ["samsung"]],
  ["galaxy", ["samsung"]],
  ["ايفون", ["iphone", "iphone-ar"], ["samsung"]],
  ["iphone", ["iphone", "iphone-ar"]],
  ["آيفون 13", ["iphone"], ["iphone-ar"]],
  ["Damascus", ["camry", "flat-rent", "moving"], ["elantra"]],
  ["الشام", ["camry", "flat-rent"]],
  ["sham", ["flat-rent"]],
  ["حلب", ["elantra", "samsung", "engineer"], ["camry"]],
  ["aleppo", ["elantra", "samsung"]],
  ["laptop", ["laptop"]],
  ["apartment", ["flat-sale", "flat-rent"]],
  ["شقة", ["flat-rent", "flat-sale"]],
  ["furniture", ["moving", "sofa"]],
  // Details chosen from lists are searchable in both languages.
  ["kia", ["kia-details"]],
  ["كيا ريو", ["kia-details"]],
  ["rio 2012", ["kia-details"]],
  // Category names in both languages.
  ["jobs", ["accountant", "engineer"], ["camry"]],
  ["وظائف", ["accountant", "engineer"]],
  ["electronics", ["samsung", "laptop", "iphone"]],
  // Typos.
  ["Elantre", ["elantra"]],
  ["engeneers", ["engineer"]],
  ["سامسونك", ["samsung"]],
  ["لابتوبب", ["laptop"]],
  // Mixed scripts and several words: every word must match.
  ["شقة damascus", ["flat-rent"], ["flat-sale", "camry"]],
  ["toyota حلب", [], ["camry", "elantra"]],
  // Case and punctuation do not matter.
  ["IPHONE!!!", ["iphone"]],
  ['"kia"', ["kia-details"]],
];

let database: TestDatabase;
let db: Database;
const ids = new Map<string, string>();

/** As the results pages do: the words as typed, else their corrections. */
async function search(query: string, options: { expandFirst?: boolean } = {}) {
  const exact = await searchRows(query, undefined, options);
  if (exact.length > 0) return exact;
  return searchRows(query, await findCorrections(db, query), options);
}

async function searchRows(
  query: string,
  corrections?: Corrections,
  options: { expandFirst?: boolean } = {},
) {
  let match = searchMatch(query, { corrections });
  if (!match) return [];
  if (options.expandFirst) {
    // As findListings does: one statement expands the words, the next carries them as text.
    const expanded = await expandQuery(db, query, { corrections });
    match = searchMatch(query, { corrections, expanded }) ?? match;
  }
  const rows = await db
    .select({ id: listings.id })
    .from(listings)
    .where(sql`${listings.status} = 'active' and ${match.where}`)
    .orderBy(desc(match.rank), desc(listings.createdAt));
  const keys = new Map([...ids].map(([key, id]) => [id, key]));
  return rows.map((row) => keys.get(row.id));
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await db.insert(users).values({ id: "seller", name: "S", email: "s@example.com" });
  for (const seed of corpus) {
    const title = splitByScript(seed.text);
    const description = splitByScript(seed.description ?? "");
    const columns = {
      title: title.en,
      titleAr: title.ar,
      description: description.en,
      descriptionAr: description.ar,
      cityId: seed.city,
      location: seed.city,
      locationAr: "",
      categoryId: seed.category,
    };
    const [row] = await db
      .insert(listings)
      .values({
        ...columns,
        ...listingSearchColumns({ ...columns, details: seed.details }),
        userId: "seller",
        price: 1,
      })
      .returning({ id: listings.id });
    ids.set(seed.key, row?.id ?? "");
    if (seed.details) {
      await db.insert(listingDetails).values({ listingId: row?.id ?? "", details: seed.details });
    }
  }
});
afterAll(() => database?.destroy());

describe("search matching", () => {
  it.each(cases)("%s", async (query, mustFind, mustNotFind = []) => {
    const found = await search(query);
    for (const key of mustFind) expect(found, `"${query}" should find ${key}`).toContain(key);
    for (const key of mustNotFind)
      expect(found, `"${query}" must not find ${key}`).not.toContain(key);
    // The page query carries the words the count query expanded: it must find the same.
    expect(await search(query, { expandFirst: true })).toEqual(found);
  });

  it("searches a prefix of many known words as a prefix, and still finds them all", async () => {
    // More known words start with "zqx" than a query word is expanded to.
    await db
      .insert(searchWords)
      .values(Array.from({ length: 80 }, (_, n) => ({ word: `zqx${String(n).padStart(3, "0")}` })))
      .onConflictDoNothing();
    const columns = {
      title: "zqx999",
      titleAr: "",
      description: "",
      descriptionAr: "",
      cityId: null,
      location: "",
      locationAr: "",
      categoryId: 4,
    };
    const [row] = await db
      .insert(listings)
      .values({ ...columns, ...listingSearchColumns(columns), userId: "seller", price: 1 })
      .returning({ id: listings.id });
    ids.set("many-words", row?.id ?? "");
    try {
      for (const query of ["zqx", "zqx9", "zqx999"]) {
        expect(await search(query), query).toEqual(["many-words"]);
        expect(await search(query, { expandFirst: true }), query).toEqual(["many-words"]);
      }
      // A word the listing does not hold, as typed (no typo forgiveness), finds nothing.
      expect(await searchRows("zqx06")).toEqual([]);
      expect(await searchRows("zqx06", undefined, { expandFirst: true })).toEqual([]);
    } finally {
      await db.delete(listings).where(eq(listings.id, row?.id ?? ""));
      ids.delete("many-words");
    }
  });

  it("finds nothing for an empty or punctuation-only query", async () => {
    for (const query of ["", "   ", "'\"\\", "!!!", "—"]) expect(searchMatch(query)).toBeNull();
  });

  it("treats hostile input as words", async () => {
    for (const query of [
      "'; drop table listings; --",
      "<script>alert(1)</script>",
      "a:* | b",
      "&!()",
    ]) {
      await expect(search(query)).resolves.toBeInstanceOf(Array);
    }
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(listings);
    expect(row?.n).toBe(corpus.length);
  });

  it("ranks the closer match first", async () => {
    const found = await search("iPhone 13 Pro");
    expect(found[0]).toBe("iphone");
  });

  it("only searches active listings", async () => {
    await db
      .update(listings)
      .set({ status: "sold" })
      .where(eq(listings.id, ids.get("house") ?? ""));
    expect(await search("بيت عربي")).not.toContain("house");
    await db
      .update(listings)
      .set({ status: "active" })
      .where(eq(listings.id, ids.get("house") ?? ""));
    expect(await search("بيت عربي")).toContain("house");
  });

  it("corrects typos against the words listings hold, kept up to date as listings change", async () => {
    expect((await findCorrections(db, "elantre")).get("elantre")).toContain("elantra");
    // Numbers and short words are never corrected: 2015 must not find 2018.
    expect((await findCorrections(db, "2019 kya")).size).toBe(0);
    expect(await search("marcopolo")).toEqual([]);
    await db
      .update(listings)
      .set(
        listingSearchColumns({
          title: "Marco Polo bus",
          titleAr: "",
          description: "",
          descriptionAr: "",
          location: "homs",
          locationAr: "",
          categoryId: 1,
          cityId: "homs",
        }),
      )
      .where(eq(listings.id, ids.get("house") ?? ""));
    expect((await findCorrections(db, "polloo")).get("polloo")).toContain("polo");
    expect(await search("Marko Pollo")).toEqual(["house"]);
  });

  it("expands aliases both ways", () => {
    expect(alternativesOf("toyota")).toContain("تويوتا");
    expect(alternativesOf("تويوتا")).toContain("toyota");
    expect(alternativesOf("شام")).toEqual(expect.arrayContaining(searchTerms("Damascus دمشق")));
  });
});

describe("reindexing", () => {
  it("rewrites rows from an older search version, once", async () => {
    const id = ids.get("camry") ?? "";
    await db.update(listings).set({ searchText: "", searchVersion: 0 }).where(eq(listings.id, id));
    expect(await search("toyota")).not.toContain("camry");
    expect(await reindexSearch(database)).toBe(1);
    expect(await reindexSearch(database)).toBe(0);
    const [row] = await db
      .select({ version: listings.searchVersion })
      .from(listings)
      .where(eq(listings.id, id));
    expect(row?.version).toBe(SEARCH_VERSION);
    expect(await search("toyota")).toContain("camry");
  });
});
