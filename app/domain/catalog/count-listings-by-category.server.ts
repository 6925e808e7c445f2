import { count, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { listings } from "~/db/schema";

/**
 * The home page asks on every visit, and with a million listings the count reads them all; the
 * strip shows "about how many", so each process keeps the answer for a minute (like the dollar
 * rate). Several workers or instances may differ for up to that minute.
 */
const CACHE_MS = 60_000;
const cache = new WeakMap<Database, { until: number; value: Promise<Map<number, number>> }>();

/** Active listings per top-level category, for the home page's category strip. */
export function countListingsByCategory({
  db,
  now = Date.now(),
}: {
  db: Database;
  now?: number;
}): Promise<Map<number, number>> {
  const hit = cache.get(db);
  if (hit && hit.until > now) return hit.value;
  // Concurrent visitors share one query in flight; a failed one is not kept.
  const value = load(db);
  cache.set(db, { until: now + CACHE_MS, value });
  value.catch(() => {
    if (cache.get(db)?.value === value) cache.delete(db);
  });
  return value;
}

async function load(db: Database) {
  const rows = await db
    .select({ categoryId: listings.categoryId, total: count() })
    .from(listings)
    .where(eq(listings.status, "active"))
    .groupBy(listings.categoryId);
  return new Map(rows.map((row) => [row.categoryId, Number(row.total)]));
}
