import { isNull, lt, or, sql } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { savedSearches } from "~/db/schema";
import { filing, keysArray, MATCH_KEYS_VERSION } from "./saved-search-keys.server";
import { parseSavedSearch } from "./saved-search-query";

const BATCH = 500;
const REKEY_LOCK_ID = 7_310_2029;

/**
 * Files again every saved search filed by an older MATCH_KEYS_VERSION (or before keys existed),
 * in batches: at start-up, after the search text is rewritten and before any job runs. Instances
 * that start together take turns; the second finds nothing left to do. A search not yet filed is
 * a candidate for every listing meanwhile, so no alert is lost, only time.
 */
export async function rekeySavedSearches(handle: DatabaseHandle): Promise<number> {
  return handle.exclusive(REKEY_LOCK_ID, async () => {
    const { db } = handle;
    let total = 0;
    for (;;) {
      const rows = await db
        .select({ id: savedSearches.id, query: savedSearches.query })
        .from(savedSearches)
        .where(
          or(
            isNull(savedSearches.matchKeys),
            lt(savedSearches.matchKeysVersion, MATCH_KEYS_VERSION),
          ),
        )
        .limit(BATCH);
      if (rows.length === 0) return total;
      const values = rows.map((row) => {
        const { matchKeys } = filing(parseSavedSearch(row.query));
        return sql`(${row.id}::uuid, ${keysArray(matchKeys)})`;
      });
      await db.execute(sql`
        update saved_searches set match_keys = v.keys, match_keys_version = ${MATCH_KEYS_VERSION}
        from (values ${sql.join(values, sql`, `)}) as v(id, keys)
        where saved_searches.id = v.id`);
      total += rows.length;
    }
  });
}
