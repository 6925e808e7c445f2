import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { listings, savedSearches } from "~/db/schema";
import { listingStatements } from "~/domain/discovery/find-listings.server";
import { isListingId } from "~/domain/listings/listings-schemas";
import { prefixExpansions } from "~/domain/search/search-query.server";
import { parseSavedSearch } from "./saved-search-query";
import type { Cadence } from "./saved-searches-limits";

export interface MatchingSavedSearch {
  id: string;
  userId: string;
  cadence: Cadence;
}

/**
 * Distinct queries tested per statement. Each brings its own parameters (a category, a price
 * range, a word's tsquery…, about ten at most); a thousand keeps a statement far below
 * PostgreSQL's 65,535 parameters and its text to a few hundred kilobytes.
 */
const QUERIES_PER_STATEMENT = 1000;

/**
 * Which saved searches a newly posted (or renewed) listing matches — what the alert sender asks.
 * "Matches" is the results page's own WHERE (listingStatements → listingConditions) with
 * `listings.id = $new` added: a listing matches a search exactly when that search's results page
 * would list it.
 *
 * Statements: one reads the candidates — the searches of the listing's category and those of no
 * category (the category index; other categories' searches are never read), not the listing's
 * owner's own — then each batch of up to QUERIES_PER_STATEMENT DISTINCT queries is one statement
 * that evaluates every condition against that single row, found by its primary key: `select
 * array[(count where q1 and id = $new), (… q2 …), …]`. Searches that share a query (normalised,
 * so "kia in Aleppo" saved by 300 members is one text) are tested once. So a listing costs
 * 1 + ⌈distinct candidate queries / 1000⌉ statements: two up to a thousand distinct searches in
 * its category, never one per saved search. Grouping by category was chosen over a structured
 * pre-filter (price or make columns on saved_searches) so that no second definition of a match
 * exists; each test reads one row, so a batch costs CPU in proportion to its queries, not reads.
 *
 * Words are tested in their prefix form (prefixExpansions: the same listings as the page's looked
 * up whole words) instead of a search_words lookup per saved search. Typo forgiveness is not
 * applied: the results page uses it only when the words as typed find nothing at all, which says
 * nothing about one listing.
 */
export async function findSavedSearchesMatching(
  db: Database,
  listingId: string,
): Promise<MatchingSavedSearch[]> {
  if (!isListingId(listingId)) return [];
  const candidates = await db
    .select({
      id: savedSearches.id,
      userId: savedSearches.userId,
      cadence: savedSearches.cadence,
      query: savedSearches.query,
    })
    .from(savedSearches)
    .where(
      and(
        or(
          isNull(savedSearches.categoryId),
          eq(
            savedSearches.categoryId,
            sql`(select l.category_id from ${listings} l where l.id = ${listingId})`,
          ),
        ),
        // A member is not alerted to their own listing.
        sql`${savedSearches.userId} is distinct from (select l.user_id from ${listings} l where l.id = ${listingId})`,
      ),
    );
  if (candidates.length === 0) return [];

  const byQuery = new Map<string, MatchingSavedSearch[]>();
  for (const { query, ...search } of candidates) {
    byQuery.set(query, [...(byQuery.get(query) ?? []), search]);
  }
  const queries = [...byQuery.keys()];
  const matched: MatchingSavedSearch[] = [];
  for (let start = 0; start < queries.length; start += QUERIES_PER_STATEMENT) {
    const batch = queries.slice(start, start + QUERIES_PER_STATEMENT);
    const tests = batch.map((text) => {
      const query = parseSavedSearch(text);
      const { countQuery } = listingStatements(db, query, undefined, {
        also: eq(listings.id, listingId),
        expanded: query.q ? prefixExpansions(query.q) : undefined,
      });
      return sql`(${countQuery()})`;
    });
    const result = await db.execute<{ hits: number[] }>(
      sql`select array[${sql.join(tests, sql`, `)}]::int[] as hits`,
    );
    const hits = (result as unknown as { rows: { hits: number[] }[] }).rows[0]?.hits ?? [];
    batch.forEach((text, at) => {
      if ((hits[at] ?? 0) > 0) matched.push(...(byQuery.get(text) ?? []));
    });
  }
  return matched;
}
