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

/**
 * Query words this long or longer are searched as the whole words that start with them, looked up
 * in search_words (every word of four letters or more that a listing ever held; a three-letter
 * word has no shorter company). Shorter words stay prefix queries.
 */
const MIN_EXPANDED_LENGTH = 3;
/** A word that starts this many known words is searched as a prefix after all. */
const MAX_EXPANSION = 64;

export interface SearchMatch {
  /** Every query word must match (by prefix, alias or typo tolerance). */
  where: SQL;
  /** Higher is more relevant: exact and prefix hits, then similarity. */
  rank: SQL<number>;
  terms: string[];
  /** Per query word, the SQL of the tsquery text its condition searches (expandQuery). */
  expansions: SQL<string>[];
}

function textArray(words: readonly string[]) {
  // Terms hold only letters and digits (normalizeText): nothing to quote in an array literal.
  return `{${words.join(",")}}`;
}

/**
 * The tsquery text of one query word: each alternative (the word, its aliases, its corrections)
 * becomes the known words that start with it, OR-ed. That finds exactly what `alternative:*`
 * finds — a listing's words are all in search_words — but GIN answers whole words by walking
 * their posting lists together and skipping, where a prefix first collects every listing holding
 * any word with that prefix (all 200,000 listings in Aleppo for «حلب»).
 */
function expansionOf(alternatives: readonly string[]): SQL<string> {
  const short = alternatives.filter((word) => [...word].length < MIN_EXPANDED_LENGTH);
  const long = alternatives.filter((word) => [...word].length >= MIN_EXPANDED_LENGTH);
  return sql<string>`(select string_agg(words.q, ' | ') from (
    select a || ':*' as q from unnest(${textArray(short)}::text[]) as a
    union all
    select x.q from unnest(${textArray(long)}::text[]) as a
    cross join lateral (
      select case when count(*) > ${MAX_EXPANSION} then array[a || ':*']
        else array_append(array_agg(known.word), a) end as qs
      from (
        select w.word from search_words w where w.word like a || '%' and w.word <> a
        limit ${MAX_EXPANSION + 1}
      ) known
    ) e
    cross join lateral unnest(e.qs) as x(q)
  ) words)`;
}

/**
 * The SQL that finds listings for what a visitor typed, or null when nothing searchable is left
 * (an empty query, only punctuation). Each word matches when a stored word starts with it or
 * with one of its aliases in the other script (full-text query on `search_vector`, GIN index) —
 * or, given `corrections`, with one of the known words close to it (a typo). `expanded` gives
 * each word's tsquery text as expandQuery returned it; without it the words are looked up inside
 * the statement (correct, but the planner cannot see what they will be).
 */
export function searchMatch(
  query: string,
  {
    corrections,
    expanded,
  }: { corrections?: Corrections; expanded?: readonly (string | null)[] } = {},
): SearchMatch | null {
  const terms = searchTerms(cleanQuery(query)).slice(0, MAX_QUERY_TERMS);
  if (terms.length === 0) return null;
  const conditions: SQL[] = [];
  const expansions: SQL<string>[] = [];
  const everyAlternative: string[] = [];
  terms.forEach((term, at) => {
    const words = [term, ...(corrections?.get(term) ?? [])];
    const alternatives = [...new Set(words.flatMap((word) => alternativesOf(word)))];
    everyAlternative.push(...alternatives);
    const expansion = expansionOf(alternatives);
    expansions.push(expansion);
    const known = expanded?.[at];
    conditions.push(
      known
        ? sql`${listings.searchVector} @@ to_tsquery('simple', ${known})`
        : sql`${listings.searchVector} @@ (select to_tsquery('simple', ${expansion}))`,
    );
  });
  // Ranking keeps the prefix query: ts_rank divides by the number of query words, so the expanded
  // form would rank differently. It only ever reads the matches (at most COUNT_LIMIT).
  const anyQuery = [...new Set(everyAlternative)].map((word) => `${word}:*`).join(" | ");
  const rank = sql<number>`ts_rank(${listings.searchVector}, to_tsquery('simple', ${anyQuery}))`;
  return { where: sql.join(conditions, sql` and `), rank, terms, expansions };
}

/**
 * Each query word's tsquery text in its prefix form (`word:* | alias:*`), for searchMatch's
 * `expanded`. It finds exactly what the looked-up whole words find (expansionOf: every word of
 * every listing is in search_words), without the lookup: what matching ONE known listing wants,
 * where there is no plan to help and a lookup per saved search would cost more than the test.
 */
export function prefixExpansions(query: string): string[] {
  return searchTerms(cleanQuery(query))
    .slice(0, MAX_QUERY_TERMS)
    .map((term) => [...new Set(alternativesOf(term))].map((word) => `${word}:*`).join(" | "));
}

/**
 * What each word of a query stands for (SearchMatch.expansions), looked up once before the
 * statements of a results page so that they carry it as a constant: the planner then estimates
 * each word from the column's statistics and picks, for the count, between walking listings until
 * it has counted enough (a common word) and the GIN index (a rare one). One small query on
 * search_words. Undefined when nothing searchable is left.
 */
export async function expandQuery(
  db: Database,
  query: string,
  { corrections }: { corrections?: Corrections } = {},
): Promise<string[] | undefined> {
  return (await prepareSearch(db, query, { corrections, withCorrections: false }))?.expanded;
}

/**
 * expandQuery and findCorrections in one statement: a results page asks for the corrections with
 * the words as typed (they cost a lookup in a few thousand words), and uses them only if those
 * words find nothing — which then costs three statements more, not four.
 */
export async function prepareSearch(
  db: Database,
  query: string,
  {
    corrections,
    withCorrections = true,
  }: { corrections?: Corrections; withCorrections?: boolean } = {},
): Promise<{ expanded: string[]; corrections: Corrections } | undefined> {
  const match = searchMatch(query, { corrections });
  if (!match) return undefined;
  const typos = withCorrections ? correctionsSql(query) : null;
  const result = await db.execute<{ words: string[]; corrections: [string, string][] | null }>(
    sql`select array[${sql.join(match.expansions, sql`, `)}]::text[] as words,
      ${typos ?? sql`null`} as corrections`,
  );
  const row = (
    result as unknown as { rows: { words: string[]; corrections: [string, string][] | null }[] }
  ).rows[0];
  return { expanded: row?.words ?? [], corrections: correctionsFrom(row?.corrections ?? []) };
}

/**
 * The known words closest to each query word of four letters or more (not numbers: 2015 must
 * not find 2018), by trigram similarity against `search_words` — a few thousand distinct words
 * with a trigram index, not every listing — as JSON pairs [term, word], closest first. Null when
 * no word can be misspelt.
 */
function correctionsSql(query: string): SQL | null {
  const terms = searchTerms(cleanQuery(query))
    .slice(0, MAX_QUERY_TERMS)
    .filter((term) => term.length >= MIN_TYPO_LENGTH && /\p{L}/u.test(term));
  if (terms.length === 0) return null;
  return sql`(select json_agg(json_build_array(t.term, c.word) order by t.at, c.closeness desc, c.word)
    from unnest(${textArray(terms)}::text[]) with ordinality as t(term, at)
    cross join lateral (
      select w.word, similarity(w.word, t.term) as closeness from search_words w
      where w.word % t.term and w.word <> t.term
      order by similarity(w.word, t.term) desc, w.word
      limit ${CORRECTIONS_PER_WORD}
    ) c)`;
}

function correctionsFrom(pairs: readonly [string, string][]): Corrections {
  const corrections = new Map<string, string[]>();
  for (const [term, word] of pairs) corrections.set(term, [...(corrections.get(term) ?? []), word]);
  return corrections;
}

/** The known words closest to each query word that may be misspelt (correctionsSql). One query. */
export async function findCorrections(db: Database, query: string): Promise<Corrections> {
  const typos = correctionsSql(query);
  if (!typos) return new Map();
  const result = await db.execute<{ corrections: [string, string][] | null }>(
    sql`select ${typos} as corrections`,
  );
  const row = (result as unknown as { rows: { corrections: [string, string][] | null }[] }).rows[0];
  return correctionsFrom(row?.corrections ?? []);
}
