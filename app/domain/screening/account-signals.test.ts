import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { listings, users } from "~/db/schema";
import { createListing } from "~/domain/listings/create-listing.server";
import { createLocalStorage } from "~/media/storage.server";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { accountSignals, BURST_POSTS, isRiskyCategory } from "./account-signals.server";

/* Issue 30: a new account in a risky category, and a burst of posts. */
let database: TestDatabase;
let db: Database;
const DAY = 86_400_000;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await db.insert(users).values([
    { id: "fresh", name: "Fresh", email: "fresh@example.com", emailVerified: true },
    {
      id: "old",
      name: "Old",
      email: "old@example.com",
      emailVerified: true,
      createdAt: new Date(Date.now() - 30 * DAY),
    },
  ]);
});

afterAll(async () => {
  await database?.destroy();
});

const rules = async (memberId: string, categoryId: number, details: Record<string, unknown> = {}) =>
  (await accountSignals(db, { memberId, categoryId, details })).map((signal) => signal.rule);

describe("the poster's signals", () => {
  it("names a new account posting cars, phones or a flat for rent, and not furniture or an old account", async () => {
    expect(await rules("fresh", 1)).toEqual(["new-account-risky-category"]);
    expect(await rules("fresh", 4)).toEqual(["new-account-risky-category"]);
    expect(await rules("fresh", 2, { listing_type: "rent" })).toEqual([
      "new-account-risky-category",
    ]);
    expect(await rules("fresh", 2, { listing_type: "sale" })).toEqual([]);
    expect(await rules("fresh", 5)).toEqual([]);
    expect(await rules("old", 1)).toEqual([]);
    expect(await rules("nobody", 1)).toEqual([]);
    expect(isRiskyCategory(3, {})).toBe(false);
  });

  it("names a burst: the fifth post within an hour", async () => {
    const storage = createLocalStorage("/nonexistent-no-photos");
    for (let n = 0; n < BURST_POSTS - 1; n++) {
      await createListing({
        db,
        storage,
        member: { id: "old", emailVerified: true },
        input: {
          title: `Chair ${n}`,
          description: "Wood.",
          price: "100,000",
          categoryId: "5",
          location: "homs",
          details: { type: "chairs", condition: "good" },
        },
        images: [],
      });
    }
    expect(await rules("old", 5)).toEqual(["post-burst"]);
    // An hour later the same posts are no burst.
    await db
      .update(listings)
      .set({ createdAt: new Date(Date.now() - 2 * 3_600_000) })
      .where(eq(listings.userId, "old"));
    expect(await rules("old", 5)).toEqual([]);
  });
});
