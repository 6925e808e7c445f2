import { desc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { exchangeRates } from "~/db/schema";
import type { Env } from "~/utils/env.server";

/**
 * US dollars per new Syrian pound, where it came from and the day it is for
 * (docs/product-decisions.md §D9).
 */
export interface UsdRate {
  rate: number;
  source: string;
  /** YYYY-MM-DD; null for the configured default, which has no date. */
  rateDate: string | null;
}

/**
 * Rates change a few times a day at most, and every page shows dollar amounts, so each process
 * keeps the latest rate for a minute instead of asking the database on every request. Several
 * instances may differ for up to that minute — harmless for an "≈" figure.
 */
const CACHE_MS = 60_000;
const cache = new WeakMap<Database, { value: UsdRate; until: number }>();

export async function getUsdRate({
  db,
  env,
  now = Date.now(),
}: {
  db: Database;
  env: Pick<Env, "DEFAULT_USD_RATE">;
  now?: number;
}): Promise<UsdRate> {
  const cached = cache.get(db);
  if (cached && cached.until > now) return cached.value;
  const [row] = await db
    .select({
      rate: exchangeRates.rate,
      source: exchangeRates.source,
      rateDate: exchangeRates.rateDate,
    })
    .from(exchangeRates)
    .where(eq(exchangeRates.currency, "USD"))
    .orderBy(desc(exchangeRates.rateDate), desc(exchangeRates.fetchedAt))
    .limit(1);
  const value: UsdRate = row ?? { rate: env.DEFAULT_USD_RATE, source: "default", rateDate: null };
  cache.set(db, { value, until: now + CACHE_MS });
  return value;
}

/** Records a rate (one per source and day; a second one that day replaces it). */
export async function storeUsdRate(
  db: Database,
  { rate, source, rateDate }: { rate: number; source: string; rateDate: string },
) {
  if (!(Number.isFinite(rate) && rate > 0)) throw new RangeError(`Invalid USD rate: ${rate}`);
  await db
    .insert(exchangeRates)
    .values({ currency: "USD", rate, source, rateDate })
    .onConflictDoUpdate({
      target: [exchangeRates.currency, exchangeRates.source, exchangeRates.rateDate],
      set: { rate, fetchedAt: new Date() },
    });
  cache.delete(db);
}

/** The approximate dollar value of a price in new pounds. */
export function toUsd(syp: number, rate: UsdRate) {
  return syp * rate.rate;
}
