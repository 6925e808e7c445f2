import { type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { listings } from "~/db/schema";
import { alternativesOf } from "./aliases";
import { cleanQuery, searchTerms } from "./normalize";

/** At most this many words of a query are searched; the rest is ignored. */
export const MAX_QUERY_TERMS = 8;
/** Shorter words are matched by prefix only: trigram similarity is noise below this. */
const MIN_TYPO_LENGTH = 4;
/** A misspelt word is tried as this many of the closest known words. */
const CORRECTIONS_PER_WORD = 3;

/** For each query word that may be misspelt, the closest words listings actually contain. */
export type Corrections = ReadonlyMap<string, readonly string[]>;

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
 * index) — or, given `corrections`, with one of the known words close to it (a typo).
 */
export function searchMatch(
  query: string,
  { corrections }: { corrections?: Corrections } = {},
): SearchMatch | null {
  const terms = searchTerms(cleanQuery(query)).slice(0, MAX_QUERY_TERMS);
  if (terms.length === 0) return null;
  const conditions: SQL[] = [];
  const everyAlternative: string[] = [];
  for (const term of terms) {
    const words = [term, ...(corrections?.get(term) ?? [])];
    const alternatives = [...new Set(words.flatMap((word) => alternativesOf(word)))];
    everyAlternative.push(...alternatives);
    // Terms hold only letters and digits (normalizeText), so `:*` and `|` are the only operators.
    const prefixQuery = alternatives.map((word) => `${word}:*`).join(" | ");
    conditions.push(sql`${listings.searchVector} @@ to_tsquery('simple', ${prefixQuery})`);
  }
  const anyQuery = [...new Set(everyAlternative)].map((word) => `${word}:*`).join(" | ");
  const rank = sql<number>`ts_rank(${listings.searchVector}, to_tsquery('simple', ${anyQuery}))`;
  return { where: sql.join(conditions, sql` and `), rank, terms };
}

/**
 * The known words closest to each query word of four letters or more (not numbers: 2015 must
 * not find 2018), by trigram similarity against `search_words` — a few thousand distinct words
 * with a trigram index, not every listing. One query.
 */
export async function findCorrections(db: Database, query: string): Promise<Corrections> {
  const terms = searchTerms(cleanQuery(query))
    .slice(0, MAX_QUERY_TERMS)
    .filter((term) => term.length >= MIN_TYPO_LENGTH && /\p{L}/u.test(term));
  if (terms.length === 0) return new Map();
  const result = await db.execute<{ term: string; word: string }>(sql`
    select t.term, c.word
    from unnest(${`{${terms.join(",")}}`}::text[]) as t(term)
    cross join lateral (
      select w.word from search_words w
      where w.word % t.term and w.word <> t.term
      order by similarity(w.word, t.term) desc, w.word
      limit ${CORRECTIONS_PER_WORD}
    ) c`);
  const rows = (result as unknown as { rows: { term: string; word: string }[] }).rows;
  const corrections = new Map<string, string[]>();
  for (const { term, word } of rows)
    corrections.set(term, [...(corrections.get(term) ?? []), word]);
  return corrections;
}
