import { type SQL, sql } from "drizzle-orm";
import { listings } from "~/db/schema";
import { alternativesOf } from "./aliases";
import { cleanQuery, searchTerms } from "./normalize";

/** At most this many words of a query are searched; the rest is ignored. */
export const MAX_QUERY_TERMS = 8;
/** Shorter words are matched by prefix only: trigram similarity is noise below this. */
const MIN_TYPO_LENGTH = 4;

export interface SearchMatch {
  /** Every query word must match (by prefix, alias or typo tolerance). */
  where: SQL;
  /** Higher is more relevant: exact and prefix hits, then similarity. */
  rank: SQL<number>;
  terms: string[];
}

/**
 * The SQL that finds listings for what a visitor typed, or null when nothing searchable is left
 * (an empty query, only punctuation). Each word matches when a stored word starts with it or
 * with one of its aliases in the other script (full-text prefix query on `search_vector`, GIN
 * index), or — with `typos`, for words of four letters or more — when a stored word is similar
 * enough to forgive a typo (pg_trgm word similarity on `search_text`, GIN index).
 */
export function searchMatch(
  query: string,
  { typos = true }: { typos?: boolean } = {},
): SearchMatch | null {
  const terms = searchTerms(cleanQuery(query)).slice(0, MAX_QUERY_TERMS);
  if (terms.length === 0) return null;
  const conditions: SQL[] = [];
  const everyAlternative: string[] = [];
  for (const term of terms) {
    const alternatives = alternativesOf(term);
    everyAlternative.push(...alternatives);
    // Terms hold only letters and digits (normalizeText), so `:*` and `|` are the only operators.
    const prefixQuery = alternatives.map((word) => `${word}:*`).join(" | ");
    const prefix = sql`${listings.searchVector} @@ to_tsquery('simple', ${prefixQuery})`;
    // Numbers are never "close enough": 2015 must not find 2018.
    const forgiving = typos && term.length >= MIN_TYPO_LENGTH && /\p{L}/u.test(term);
    conditions.push(forgiving ? sql`(${prefix} or ${term} <% ${listings.searchText})` : prefix);
  }
  const anyQuery = [...new Set(everyAlternative)].map((word) => `${word}:*`).join(" | ");
  const tsRank = sql`ts_rank(${listings.searchVector}, to_tsquery('simple', ${anyQuery}))`;
  // Similarity is costly on every matching row: only when typos are forgiven does it rank.
  const rank = typos
    ? sql<number>`(${tsRank} + word_similarity(${terms.join(" ")}, ${listings.searchText}))`
    : sql<number>`${tsRank}`;
  return { where: sql.join(conditions, sql` and `), rank, terms };
}
