import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { listings, users } from "~/db/schema";
import { createListing } from "~/domain/listings/create-listing.server";
import type { ListingFormInput } from "~/domain/listings/listings-schemas";
import { createLocalStorage, type MediaDriver } from "~/media/storage.server";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { comparablePrices, isFarBelow, MIN_COMPARABLES } from "./price-signal.server";

/* Issue 30: a price under 30 % of the median of at least 5 comparable listings is a signal. */
let database: TestDatabase;
let db: Database;
let dataDir: string;
let storage: MediaDriver;

const sofa: ListingFormInput = {
  title: "Sofa",
  description: "Three seats.",
  price: "1,000,000",
  categoryId: "5",
  location: "aleppo",
  details: { type: "sofas", condition: "good" },
};

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-price-"));
  storage = createLocalStorage(dataDir);
  await db
    .insert(users)
    .values({ id: "shop", name: "Shop", email: "shop@example.com", emailVerified: true });
});

afterAll(async () => {
  await database?.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const post = async (input: Partial<ListingFormInput>) =>
  (
    await createListing({
      db,
      storage,
      member: { id: "shop", emailVerified: true },
      input: { ...sofa, ...input },
      images: [],
    })
  ).id;

describe("comparing a price with comparable listings", () => {
  it("needs at least 5 comparables of the same type, and finds their median", async () => {
    const ids: string[] = [];
    for (const [n, price] of ["1,000,000", "1,200,000", "900,000", "1,100,000"].entries()) {
      ids.push(await post({ title: `Sofa ${n}`, price }));
    }
    const check = { categoryId: 5, details: { type: "sofas" } };
    expect(await comparablePrices(db, check)).toBeNull();
    ids.push(await post({ title: "Sofa 5", price: "5,000,000" }));
    expect(await comparablePrices(db, check)).toEqual({
      median: 1_100_000,
      comparables: MIN_COMPARABLES,
    });
    // Another type does not count, nor does the listing being edited, nor a removed one.
    await post({ title: "Bed", price: "50,000", details: { type: "beds", condition: "good" } });
    expect((await comparablePrices(db, check))?.comparables).toBe(5);
    expect(await comparablePrices(db, { ...check, listingId: ids[0] })).toBeNull();
    await db.update(listings).set({ status: "removed" }).where(eq(listings.id, ids[1]!));
    expect(await comparablePrices(db, check)).toBeNull();
    await db.update(listings).set({ status: "sold" }).where(eq(listings.id, ids[1]!));
    expect((await comparablePrices(db, check))?.comparables).toBe(5);
  });

  it("calls a price under 30 % of the median far below, and nothing without comparables", () => {
    const comparison = { median: 1_000_000, comparables: 7 };
    expect(isFarBelow(250_000, comparison)).toBe(true);
    expect(isFarBelow(300_000, comparison)).toBe(false);
    expect(isFarBelow(900_000, comparison)).toBe(false);
    // "Free" and "price on request" (0) are not bait prices.
    expect(isFarBelow(0, comparison)).toBe(false);
    expect(isFarBelow(1, null)).toBe(false);
  });
});
