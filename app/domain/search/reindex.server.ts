import { eq, lt, sql } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { listingDetails, listings } from "~/db/schema";
import { listingSearchColumns } from "./listing-document";
import { SEARCH_VERSION } from "./normalize";

const BATCH = 500;
const REINDEX_LOCK_ID = 7_310_2027;

/**
 * Rewrites the search text of every listing written by an older SEARCH_VERSION (or before search
 * existed), in batches, once per version: at start-up, after the migrations. Instances that start
 * together take turns; the second finds nothing left to do.
 */
export async function reindexSearch(handle: DatabaseHandle): Promise<number> {
  return handle.exclusive(REINDEX_LOCK_ID, async () => {
    const { db } = handle;
    let total = 0;
    for (;;) {
      const rows = await db
        .select({
          id: listings.id,
          title: listings.title,
          titleAr: listings.titleAr,
          description: listings.description,
          descriptionAr: listings.descriptionAr,
          cityId: listings.cityId,
          location: listings.location,
          locationAr: listings.locationAr,
          categoryId: listings.categoryId,
          details: listingDetails.details,
        })
        .from(listings)
        .leftJoin(listingDetails, eq(listingDetails.listingId, listings.id))
        .where(lt(listings.searchVersion, SEARCH_VERSION))
        .limit(BATCH);
      if (rows.length === 0) return total;
      const values = rows.map((row) => {
        const { searchText } = listingSearchColumns(row);
        return sql`(${row.id}::uuid, ${searchText})`;
      });
      await db.execute(sql`
        update listings set search_text = v.search_text, search_version = ${SEARCH_VERSION}
        from (values ${sql.join(values, sql`, `)}) as v(id, search_text)
        where listings.id = v.id`);
      total += rows.length;
    }
  });
}

/** Whether any listing still waits for reindexing (for tests and health output). */
export async function searchIndexIsCurrent(handle: DatabaseHandle) {
  const [row] = await handle.db
    .select({ id: listings.id })
    .from(listings)
    .where(lt(listings.searchVersion, SEARCH_VERSION))
    .limit(1);
  return !row;
}
