import { count, eq, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/test-database";
import { selectRows } from "./client.server";
import { runMigrations } from "./migrate.server";
import { carModelRows, carMakes as makeRefs } from "./reference-data/car-makes";
import { cities as cityRefs } from "./reference-data/regions";
import { syncReferenceData } from "./reference-data/sync.server";
import {
  carMakes,
  carModels,
  categories,
  categoryFields,
  cities,
  favorites,
  listingDetails,
  listingImages,
  listings,
  regions,
  users,
} from "./schema";

// Runs on PGlite by default and on PostgreSQL when TEST_DATABASE_URL is set (CI does both).
describe("migrations and reference data", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it("creates every table of the schema", async () => {
    const rows = await selectRows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
    );
    const tables = rows.map((r) => r.table_name);
    expect(tables).toEqual(
      expect.arrayContaining([
        "users",
        "sessions",
        "accounts",
        "verifications",
        "rate_limits",
        "profiles",
        "categories",
        "category_fields",
        "regions",
        "cities",
        "car_makes",
        "car_models",
        "exchange_rates",
        "listings",
        "listing_images",
        "listing_details",
        "favorites",
        "conversations",
        "messages",
        "blocks",
        "reports",
        "moderation_actions",
      ]),
    );
  });

  it("applies again as a no-op", async () => {
    await expect(runMigrations(database)).resolves.toBeUndefined();
  });

  it("re-syncs reference data without duplicating anything", async () => {
    const before = await tableCounts(database);
    await syncReferenceData(database.db);
    await syncReferenceData(database.db);
    expect(await tableCounts(database)).toEqual(before);
    expect(before.regions).toBeGreaterThanOrEqual(13);
    expect(before.cities).toBe(cityRefs.length);
    expect(before.makes).toBe(makeRefs.length);
    expect(before.models).toBe(carModelRows.length);
    expect(before.categories).toBeGreaterThanOrEqual(8 + 15);
    expect(before.fields).toBeGreaterThan(20);
  });

  it("restores edited reference rows on the next sync", async () => {
    await database.db.update(categories).set({ name: "Broken" }).where(eq(categories.id, 5));
    await syncReferenceData(database.db);
    const [row] = await database.db.select().from(categories).where(eq(categories.id, 5));
    expect(row?.slug).toBe("furniture");
    expect(row?.name).toBe("Furniture");
  });

  describe("constraints", () => {
    beforeAll(async () => {
      await database.db.insert(users).values({ id: "u1", name: "Lina", email: "lina@example.com" });
    });

    const listing = (overrides: Partial<typeof listings.$inferInsert> = {}) => ({
      userId: "u1",
      categoryId: 1,
      title: "Kia Rio 2015",
      price: 1_000,
      ...overrides,
    });

    it("refuses a negative price", async () => {
      await expect(database.db.insert(listings).values(listing({ price: -1 }))).rejects.toThrow();
    });

    it("refuses an unknown status", async () => {
      await expect(
        database.db.execute(
          sql`insert into listings (user_id, category_id, title, price, status) values ('u1', 1, 'x', 1, 'deleted')`,
        ),
      ).rejects.toThrow();
    });

    it("refuses a listing without a title in either language", async () => {
      await expect(
        database.db.insert(listings).values(listing({ title: "", titleAr: "" })),
      ).rejects.toThrow();
    });

    it("refuses an unknown category or member", async () => {
      await expect(
        database.db.insert(listings).values(listing({ categoryId: 999 })),
      ).rejects.toThrow();
      await expect(
        database.db.insert(listings).values(listing({ userId: "nobody" })),
      ).rejects.toThrow();
    });

    it("keeps one favourite per member and listing, and one primary image per listing", async () => {
      const [row] = await database.db
        .insert(listings)
        .values(listing())
        .returning({ id: listings.id });
      const listingId = row!.id;
      await database.db.insert(favorites).values({ userId: "u1", listingId });
      await expect(
        database.db.insert(favorites).values({ userId: "u1", listingId }),
      ).rejects.toThrow();
      const image = {
        listingId,
        storageKey: "k",
        variants: [],
        width: 10,
        height: 10,
        isPrimary: true,
      };
      await database.db.insert(listingImages).values(image);
      await expect(database.db.insert(listingImages).values(image)).rejects.toThrow();
      await database.db.insert(listingImages).values({ ...image, isPrimary: false });
    });

    it("removes a listing's images, details and favourites with it", async () => {
      const [row] = await database.db
        .insert(listings)
        .values(listing())
        .returning({ id: listings.id });
      const listingId = row!.id;
      await database.db.insert(listingDetails).values({ listingId, details: { make: "kia" } });
      await database.db.insert(favorites).values({ userId: "u1", listingId });
      await database.db
        .insert(listingImages)
        .values({ listingId, storageKey: "k", variants: [], width: 1, height: 1, isPrimary: true });
      await database.db.delete(listings).where(eq(listings.id, listingId));
      for (const table of [listingDetails, favorites, listingImages]) {
        const [left] = await database.db
          .select({ n: count() })
          .from(table)
          .where(eq(table.listingId, listingId));
        expect(left?.n).toBe(0);
      }
    });
  });
});

async function tableCounts(database: TestDatabase) {
  const n = async (table: PgTable) => {
    const [row] = await database.db.select({ n: count() }).from(table);
    return Number(row?.n);
  };
  return {
    categories: await n(categories),
    fields: await n(categoryFields),
    regions: await n(regions),
    cities: await n(cities),
    makes: await n(carMakes),
    models: await n(carModels),
  };
}
