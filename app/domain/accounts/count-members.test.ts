import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { countMembers, roundDownForDisplay } from "./count-members.server";

describe("roundDownForDisplay", () => {
  it("never claims more members than there are", () => {
    expect(roundDownForDisplay(0)).toBe(0);
    expect(roundDownForDisplay(7)).toBe(7);
    expect(roundDownForDisplay(10)).toBe(10);
    expect(roundDownForDisplay(56)).toBe(50);
    expect(roundDownForDisplay(999)).toBe(900);
    expect(roundDownForDisplay(1_234)).toBe(1_000);
    expect(roundDownForDisplay(9_999)).toBe(9_000);
    expect(roundDownForDisplay(10_000)).toBe(10_000);
    expect(roundDownForDisplay(12_345)).toBe(10_000);
  });
});

describe("countMembers", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it("counts members in good standing only", async () => {
    const { db } = database;
    expect(await countMembers({ db })).toBe(0);
    await db.insert(users).values([
      { id: "m1", name: "Rania", email: "rania@example.com" },
      { id: "m2", name: "سامر", email: "samer@example.com" },
      { id: "m3", name: "Suspended", email: "s@example.com", suspendedAt: new Date() },
    ]);
    expect(await countMembers({ db })).toBe(2);
  });
});
