import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { rateLimits } from "~/db/schema";
import { hitRateLimit } from "~/domain/accounts/rate-limit.server";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { purgeExpired } from "./purge-expired.server";

let database: TestDatabase;
let db: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database?.destroy());

describe("purgeExpired", () => {
  it("deletes counters whose window passed long ago and keeps live ones working", async () => {
    const now = Date.now();
    const rule = { name: "test:purge", max: 1, windowSeconds: 86_400 };
    await hitRateLimit(db, rule, "old-1", now - 3 * 86_400_000);
    await hitRateLimit(db, rule, "old-2", now - 49 * 3_600_000);
    await hitRateLimit(db, rule, "live", now - 3_600_000);
    expect(await db.select().from(rateLimits)).toHaveLength(3);
    expect(await purgeExpired(db, now)).toEqual({ rateLimits: 2, phoneReveals: 0 });
    expect(await db.select().from(rateLimits)).toHaveLength(1);
    // The live counter still counts: a second hit inside its window is limited.
    expect((await hitRateLimit(db, rule, "live", now)).limited).toBe(true);
    expect(await purgeExpired(db, now)).toEqual({ rateLimits: 0, phoneReveals: 0 });
  });
});
