import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { getUsdRate, storeUsdRate, toUsd } from "./exchange-rate.server";

const env = { DEFAULT_USD_RATE: 0.0083 };

describe("exchange rate", () => {
  let handle: TestDatabase;
  let db: Database;
  beforeEach(async () => {
    handle = await createTestDatabase();
    db = handle.db;
  });
  afterEach(() => handle.close());

  it("falls back to the configured default when no rate is stored", async () => {
    expect(await getUsdRate({ db, env })).toEqual({
      rate: 0.0083,
      source: "default",
      rateDate: null,
    });
  });

  it("uses the newest stored rate, and a second rate the same day replaces the first", async () => {
    await storeUsdRate(db, { rate: 0.008, source: "test", rateDate: "2026-03-01" });
    await storeUsdRate(db, { rate: 0.0091, source: "test", rateDate: "2026-03-03" });
    await storeUsdRate(db, { rate: 0.0085, source: "test", rateDate: "2026-03-02" });
    expect(await getUsdRate({ db, env })).toMatchObject({ rate: 0.0091, rateDate: "2026-03-03" });
    await storeUsdRate(db, { rate: 0.0092, source: "test", rateDate: "2026-03-03" });
    expect(await getUsdRate({ db, env })).toMatchObject({ rate: 0.0092, rateDate: "2026-03-03" });
  });

  it("keeps a rate for a minute, then reads it again", async () => {
    const first = await getUsdRate({ db, env, now: 1_000 });
    await db.execute(
      "insert into exchange_rates (currency, rate, source, rate_date) values ('USD', 0.01, 'x', '2026-01-01')",
    );
    expect(await getUsdRate({ db, env, now: 30_000 })).toEqual(first);
    expect((await getUsdRate({ db, env, now: 62_000 })).rate).toBe(0.01);
  });

  it("refuses a rate that is not a positive number", async () => {
    for (const rate of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      await expect(storeUsdRate(db, { rate, source: "x", rateDate: "2026-01-01" })).rejects.toThrow(
        RangeError,
      );
    }
  });

  it("converts pounds to dollars", () => {
    expect(toUsd(1_500_000, { rate: 0.0083, source: "default", rateDate: null })).toBeCloseTo(
      12_450,
    );
  });
});
