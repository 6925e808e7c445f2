import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { queryStatsStorage } from "~/db/query-stats.server";
import { listingDetails, listings, users } from "~/db/schema";
import { getListingForView } from "~/domain/listings/get-listing.server";
import { priceGuideText } from "~/views/listing/price-guide-text.server";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { PRICE_GUIDE_MIN, priceGuideFor, rebuildPriceGuide } from "./price-guide.server";

/*
 * The fair-price guide (issue 32) over a fixed set of cars and flats: which listings are
 * comparable (make, model, a year either side, the mileage band; city, sale or rent, type,
 * bedrooms), which are not (other models, bands, hidden ones, old sales, other categories),
 * outliers trimmed, and nothing shown below PRICE_GUIDE_MIN comparables.
 */

let database: TestDatabase;
let db: Database;
const SELLER = "pg-seller";

async function car(
  price: number,
  details: Record<string, string | number>,
  values: Partial<typeof listings.$inferInsert> = {},
) {
  const [row] = await db
    .insert(listings)
    .values({ userId: SELLER, categoryId: 1, title: "Car", price, ...values })
    .returning({ id: listings.id });
  if (!row) throw new Error("no listing");
  await db.insert(listingDetails).values({ listingId: row.id, details });
  return row.id;
}

const rio = (year: number, kilometers: number) => ({ make: "kia", model: "Rio", year, kilometers });

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await db.insert(users).values({ id: SELLER, name: "Dealer", email: "pg@example.com" });
});

afterAll(async () => {
  await database?.destroy();
});

describe("the fair-price guide", () => {
  it("gives the median and middle half of comparable cars, outliers trimmed", async () => {
    // Seven Rios of 2013–2015 between 60,000 and 95,000 km: comparables of a 2014 one.
    const prices = [4_000_000, 4_500_000, 5_000_000, 5_200_000, 5_500_000, 6_000_000, 6_500_000];
    const ids: string[] = [];
    for (const [index, price] of prices.entries()) {
      ids.push(await car(price, rio(2013 + (index % 3), 60_000 + index * 5_000)));
    }
    // Outliers: a typo'd price and a "call me" price of 1 pound.
    await car(990_000_000, rio(2014, 70_000));
    await car(1, rio(2014, 70_000));
    // Not comparable: another model, another mileage band, four years apart, hidden, an old sale.
    await car(20_000_000, { ...rio(2014, 70_000), model: "Sportage" });
    await car(1_000_000, rio(2014, 260_000));
    await car(9_000_000, rio(2019, 70_000));
    await car(9_000_000, rio(2014, 70_000), { status: "inactive" });
    const old = await car(9_000_000, rio(2014, 70_000), { status: "sold" });
    await db.execute(
      sql`update listings set updated_at = now() - interval '200 days' where id = ${old}`,
    );

    expect(await rebuildPriceGuide(db)).toBeGreaterThan(0);
    const guide = await priceGuideFor(db, { categoryId: 1, ...rio(2014, 72_000) });
    expect(guide).toEqual({ count: 7, median: 5_200_000, low: 4_750_000, high: 5_750_000 });
    // The form types the make as it is stored and the model as the seller wrote it.
    expect(
      await priceGuideFor(db, {
        categoryId: 1,
        make: "KIA",
        model: " rio ",
        year: 2014,
        kilometers: 72_000,
      }),
    ).toEqual(guide);

    // The listing's page reads it in the statement that reads the listing.
    const stats = { count: 0 };
    const view = await queryStatsStorage.run(stats, () =>
      // The 2014 one: its own year's group.
      getListingForView({ db, listingId: ids[1] ?? "", viewer: null }),
    );
    expect(stats.count).toBe(1);
    expect(view?.priceGuide).toEqual(guide);
    expect(priceGuideText("en", 1, view?.priceGuide ?? null)).toBe(
      "Similar cars: SYP 4,750,000 – SYP 5,750,000 (the middle half of 7 listings; median SYP 5,200,000)",
    );
    expect(priceGuideText("ar", 1, guide)).toMatch(/^سيارات مشابهة: .*[٠-٩]/);
  });

  it("says nothing with too few comparables, or for another category", async () => {
    // Four 2008 Accents: one short of the minimum.
    for (const price of [2_000_000, 2_100_000, 2_200_000, 2_300_000]) {
      await car(price, { make: "hyundai", model: "Accent", year: 2008, kilometers: 150_500 });
    }
    expect(PRICE_GUIDE_MIN).toBe(5);
    await rebuildPriceGuide(db);
    const accent = {
      categoryId: 1,
      make: "hyundai",
      model: "Accent",
      year: 2008,
      kilometers: 160_000,
    };
    expect(await priceGuideFor(db, accent)).toBeNull();
    await car(2_400_000, { make: "hyundai", model: "Accent", year: 2009, kilometers: 170_000 });
    await rebuildPriceGuide(db);
    expect((await priceGuideFor(db, accent))?.count).toBe(5);
    // Without a model or a mileage, or in furniture: no group at all.
    expect(await priceGuideFor(db, { ...accent, model: "" })).toBeNull();
    expect(await priceGuideFor(db, { ...accent, kilometers: null })).toBeNull();
    expect(await priceGuideFor(db, { ...accent, categoryId: 5 })).toBeNull();
    // Hostile fields are only text to compare.
    expect(
      await priceGuideFor(db, { ...accent, model: "'; drop table listings; --", make: "<b>" }),
    ).toBeNull();
    expect(await db.select({ id: listings.id }).from(listings).limit(1)).toHaveLength(1);
  });

  it("groups flats by city, sale or rent, type and bedrooms", async () => {
    const flat = async (
      price: number,
      listingType: string,
      bedrooms: string,
      cityId = "damascus",
    ) => {
      const [row] = await db
        .insert(listings)
        .values({ userId: SELLER, categoryId: 2, title: "Flat", price, cityId })
        .returning({ id: listings.id });
      await db.insert(listingDetails).values({
        listingId: row?.id ?? "",
        details: { listing_type: listingType, type: "apartment", bedrooms, area: 120 },
      });
    };
    for (const price of [1_000_000, 1_200_000, 1_300_000, 1_500_000, 1_800_000]) {
      await flat(price, "rent", "3");
    }
    // Sales, other sizes and other cities are other groups.
    await flat(900_000_000, "sell", "3");
    await flat(5_000_000, "rent", "5");
    await flat(400_000, "rent", "3", "aleppo");
    await rebuildPriceGuide(db);
    const guide = await priceGuideFor(db, {
      categoryId: 2,
      cityId: "damascus",
      listingType: "rent",
      type: "apartment",
      bedrooms: "3",
    });
    expect(guide).toEqual({ count: 5, median: 1_300_000, low: 1_200_000, high: 1_500_000 });
    expect(
      await priceGuideFor(db, {
        categoryId: 2,
        cityId: "damascus",
        listingType: "sell",
        type: "apartment",
        bedrooms: "3",
      }),
    ).toBeNull();
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(listings)
      .where(eq(listings.categoryId, 2));
    expect(count?.n).toBe(8);
  });
});
