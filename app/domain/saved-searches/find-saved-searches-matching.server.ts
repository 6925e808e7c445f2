import { sql } from "drizzle-orm";
import { type Database, selectRows } from "~/db/client.server";
import { cities } from "~/db/reference-data/regions";
import { listingDetails, listings, savedSearches } from "~/db/schema";
import { cityCondition, listingMatch } from "~/domain/discovery/find-listings.server";
import { isListingId } from "~/domain/listings/listings-schemas";
import { prefixExpansions } from "~/domain/search/search-query.server";
import { keysArray, listingKeys } from "./saved-search-keys.server";
import { parseSavedSearch } from "./saved-search-query";
import type { Cadence } from "./saved-searches-limits";

export interface MatchingSavedSearch {
  id: string;
  userId: string;
  cadence: Cadence;
  /** When the member was last alerted of this search (the alert sender's spacing). */
  lastAlertedAt: Date | null;
}

/**
 * Distinct queries tested per statement. Each brings its own parameters (a category, a price
 * range, a word's tsquery…, about ten at most); a thousand keeps a statement far below
 * PostgreSQL's 65,535 parameters.
 */
const QUERIES_PER_STATEMENT = 1000;

interface ListingRow {
  user_id: string;
  category_id: number | null;
  subcategory_id: number | null;
  make: string | null;
  words: string[] | null;
  cities: string[] | null;
}

/**
 * Which saved searches a newly posted (or renewed) listing matches — what the alert sender asks.
 * "Matches" is the results page's own WHERE (listingMatch → listingConditions): a listing matches
 * a search exactly when that search's results page would list it.
 *
 * Three statements, however many searches are saved (docs/decisions/023):
 * 1. the listing, if active: its owner, category, subcategory, make, search words, and which
 *    cities its location names (the results page's city condition, asked of every city);
 * 2. the candidates: the searches filed under one of the listing's keys (saved-search-keys:
 *    `match_keys && keys`, a GIN index), not the owner's own — the searches of other words, other
 *    makes, other cities are never read;
 * 3. the test: every distinct candidate query's WHERE evaluated on the listing's one row, in one
 *    select (`array[q1, q2, …]` — one plan, one row read), by batches of QUERIES_PER_STATEMENT.
 * Searches that share a query (normalised, so "kia in Aleppo" saved by 300 members is one text)
 * are tested once.
 *
 * Words are tested in their prefix form (prefixExpansions: the same listings as the page's looked
 * up whole words) instead of a search_words lookup per saved search. Typo forgiveness is not
 * applied: the results page uses it only when the words as typed find nothing at all, which says
 * nothing about one listing.
 *
 * `everySearch` skips the keys and tests every other member's search: the tests and the benchmark
 * compare the two, since a key must never leave out a true match.
 */
export async function findSavedSearchesMatching(
  db: Database,
  listingId: string,
  options: { everySearch?: boolean } = {},
): Promise<MatchingSavedSearch[]> {
  const candidates = await readCandidates(db, listingId, options);
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
      const expanded = query.q ? prefixExpansions(query.q) : undefined;
      return sql`coalesce(${listingMatch(query, { expanded })}, false)`;
    });
    const [row] = await selectRows<{ hits: boolean[] }>(
      db,
      sql`select array[${sql.join(tests, sql`, `)}]::boolean[] as hits
          from ${listings}
          left join ${listingDetails} on ${listingDetails.listingId} = ${listings.id}
          where ${listings.id} = ${listingId}`,
    );
    const hits = row?.hits ?? [];
    batch.forEach((text, at) => {
      if (hits[at] === true) matched.push(...(byQuery.get(text) ?? []));
    });
  }
  return matched;
}

export interface Candidate extends MatchingSavedSearch {
  query: string;
}

/** Statements 1 and 2: the listing (if active) and the searches filed under one of its keys. */
export async function readCandidates(
  db: Database,
  listingId: string,
  { everySearch = false }: { everySearch?: boolean } = {},
): Promise<Candidate[]> {
  if (!isListingId(listingId)) return [];
  const named = cities.map((city) => sql`case when ${cityCondition(city.id)} then ${city.id} end`);
  const [listing] = await selectRows<ListingRow>(
    db,
    sql`select ${listings.userId} as user_id, ${listings.categoryId} as category_id,
          ${listings.subcategoryId} as subcategory_id, ${listings.make} as make,
          tsvector_to_array(${listings.searchVector}) as words,
          array_remove(array[${sql.join(named, sql`, `)}]::text[], null) as cities
        from ${listings}
        where ${listings.id} = ${listingId} and ${listings.status} = 'active'`,
  );
  if (!listing) return [];

  const keys = listingKeys({
    categoryId: listing.category_id,
    subcategoryId: listing.subcategory_id,
    make: listing.make,
    cities: listing.cities ?? [],
    words: listing.words ?? [],
  });
  const filed = everySearch
    ? sql`true`
    : sql`(${savedSearches.matchKeys} && ${keysArray(keys)} or ${savedSearches.matchKeys} is null)`;
  const rows = await selectRows<{
    id: string;
    user_id: string;
    cadence: Cadence;
    query: string;
    last_alerted_at: Date | string | null;
  }>(
    db,
    sql`select id, user_id, cadence, query, last_alerted_at from ${savedSearches}
        where ${filed} and ${savedSearches.userId} <> ${listing.user_id}`,
  );
  return rows.map(({ user_id, last_alerted_at, ...row }) => ({
    ...row,
    userId: user_id,
    lastAlertedAt: last_alerted_at ? new Date(last_alerted_at) : null,
  }));
}
