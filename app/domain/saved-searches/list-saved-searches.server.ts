import { asc, desc, eq, gt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { listings, savedSearches } from "~/db/schema";
import type { Member } from "~/domain/accounts/session.server";
import { listingStatements } from "~/domain/discovery/find-listings.server";
import type { ListingQuery } from "~/domain/discovery/listing-query";
import { parseSavedSearch } from "./saved-search-query";
import type { Cadence } from "./saved-searches-limits";

export interface SavedSearchRow {
  id: string;
  query: ListingQuery;
  name: string | null;
  cadence: Cadence;
  lastSeenAt: Date;
  createdAt: Date;
  /** Active listings created since lastSeenAt that the results page would show, up to 1,001. */
  newMatches: number;
}

/**
 * The member's saved searches, oldest first, each with its new matches: two statements however
 * many searches there are (the list, then every count as a subquery of one SELECT). Each count is
 * the results page's own count (listingStatements) with `created_at > last_seen_at` added, so a
 * "new match" is exactly a listing the results page shows. Typo forgiveness is not applied: it
 * depends on the whole result being empty, not on one listing (as in matching new listings).
 */
export async function listSavedSearches({
  db,
  member,
}: {
  db: Database;
  member: Pick<Member, "id">;
}): Promise<SavedSearchRow[]> {
  const rows = await db
    .select({
      id: savedSearches.id,
      query: savedSearches.query,
      name: savedSearches.name,
      cadence: savedSearches.cadence,
      lastSeenAt: savedSearches.lastSeenAt,
      createdAt: savedSearches.createdAt,
    })
    .from(savedSearches)
    .where(eq(savedSearches.userId, member.id))
    .orderBy(asc(savedSearches.createdAt), desc(savedSearches.id));
  if (rows.length === 0) return [];
  const parsed = rows.map((row) => ({ ...row, query: parseSavedSearch(row.query) }));
  const counts = parsed.map(({ query, lastSeenAt }) => {
    const { countQuery } = listingStatements(db, query, undefined, {
      also: gt(listings.createdAt, lastSeenAt),
    });
    return sql`(${countQuery()})`;
  });
  const result = await db.execute<{ counts: number[] }>(
    sql`select array[${sql.join(counts, sql`, `)}]::int[] as counts`,
  );
  const found = (result as unknown as { rows: { counts: number[] }[] }).rows[0]?.counts ?? [];
  return parsed.map((row, at) => ({ ...row, newMatches: found[at] ?? 0 }));
}
