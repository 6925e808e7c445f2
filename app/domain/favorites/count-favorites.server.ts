import { count, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { favorites } from "~/db/schema";
import { cleanFavoriteIds } from "./favorites-schemas";

/**
 * How many members saved each listing (every favourite row counts, whatever the listing's state;
 * My Listings counts the same way in its own query). Listings nobody saved are 0.
 */
export async function countFavorites({
  db,
  listingIds,
}: {
  db: Database;
  listingIds: readonly string[];
}): Promise<Map<string, number>> {
  const ids = cleanFavoriteIds(listingIds);
  const counts = new Map(ids.map((id) => [id, 0]));
  if (ids.length === 0) return counts;
  const rows = await db
    .select({ listingId: favorites.listingId, n: count() })
    .from(favorites)
    .where(inArray(favorites.listingId, ids))
    .groupBy(favorites.listingId);
  for (const row of rows) counts.set(row.listingId, row.n);
  return counts;
}
