import { type SQL, sql } from "drizzle-orm";
import { cities } from "~/db/reference-data/regions";
import type { ListingQuery } from "~/domain/discovery/listing-query";
import { alternativesOf } from "~/domain/search/aliases";
import { cleanQuery, SEARCH_VERSION, searchTerms } from "~/domain/search/normalize";
import { MAX_QUERY_TERMS } from "~/domain/search/search-query.server";

/*
 * Where a saved search is filed, so that a new listing reads only the searches it might match
 * (docs/decisions/023). Each search is filed under a few KEYS, each a condition every listing it
 * matches must meet; a listing lists the keys it meets, and the searches sharing one of them are
 * its candidates (`match_keys && listing's keys`, a GIN index). The results page's WHERE still
 * decides (findSavedSearchesMatching): a key only has to never leave out a true match.
 *
 * - A search with words is filed under one of its words (the most telling): the first letters of
 *   each of that word's alternatives (its aliases in the other script). The word matches a listing
 *   holding a word that STARTS with an alternative (`alternative:*`), and that word starts with the
 *   alternative's first letters too, so the listing, which files itself under the first one to
 *   WORD_KEY_LENGTH letters of each of its words, shares the key.
 * - Otherwise it is filed under what it fixes of {category, subcategory, make, city}: one key,
 *   with the missing parts blank. A listing files itself under every combination of its own four
 *   (sixteen; more when its location names several cities), so a search in Aleppo's cars, or of
 *   every Kia, meets exactly the listings of its combination.
 */

/** A listing's words are filed under their first one to this many letters. */
const WORD_KEY_LENGTH = 4;
/** Below this, a word's key says little ("a" of "a4"): a fixed category or city is better. */
const TELLING_WORD_KEY = 3;

/**
 * Bump when the keys change shape; with the search's own version, since aliases and stemming are
 * part of a word's keys. Searches filed under an older version are filed again at start-up
 * (rekeySavedSearches); until then they are candidates for every listing.
 */
export const MATCH_KEYS_VERSION = SEARCH_VERSION * 1000 + 1;

/**
 * The start of a word that PostgreSQL's parser keeps whole: its first run of letters or of
 * digits ("i10" is filed under "i"). A word of both may be one token ("i10") or two, and a key
 * must hold in either case.
 */
function wordKey(word: string): string {
  const run = /^(?:\p{L}+|\p{N}+)/u.exec(word)?.[0] ?? "";
  return [...run].slice(0, WORD_KEY_LENGTH).join("");
}

/** The four fixed parts of a search or a listing, as one key; blank where not fixed. */
function partsKey(category = "", subcategory = "", make = "", city = ""): string {
  return `p:${category}/${subcategory}/${make}/${city}`;
}

/** The keys a saved search is filed under (one or a few), from its parsed query. */
export function searchKeys(query: ListingQuery): string[] {
  const terms = searchTerms(cleanQuery(query.q)).slice(0, MAX_QUERY_TERMS);
  // The word whose alternatives' keys are longest at their shortest: the fewest listings share them.
  const wordChoices = terms
    .map((term) => [...new Set(alternativesOf(term).map(wordKey))])
    .filter((keys) => keys.every((key) => key.length > 0))
    .map((keys) => ({ keys, shortest: Math.min(...keys.map((key) => [...key].length)) }))
    .sort((a, b) => b.shortest - a.shortest || a.keys.length - b.keys.length);
  const byWord = wordChoices[0];
  // A city typed as text (not one of ours) is matched inside the location as typed: no key.
  const city = cities.some((known) => known.id === query.city) ? query.city : "";
  const parts = [
    query.categoryId ? String(query.categoryId) : "",
    query.subcategoryId ? String(query.subcategoryId) : "",
    query.exact.make ?? "",
    city,
  ];
  const fixesParts = parts.some(Boolean);
  if (byWord && (byWord.shortest >= TELLING_WORD_KEY || !fixesParts)) {
    return byWord.keys.map((key) => `w:${key}`);
  }
  // Nothing fixed at all (a price range alone): the blank key, which every listing has.
  return [partsKey(...parts)];
}

/** What a listing is filed under: read by findSavedSearchesMatching from its row. */
export interface ListingFacts {
  categoryId: number | null;
  subcategoryId: number | null;
  make: string | null;
  /** The ids of the cities its location names (the results page's city condition). */
  cities: readonly string[];
  /** Its search words, as PostgreSQL holds them (tsvector_to_array of search_vector). */
  words: readonly string[];
}

/** Every key a listing meets: the searches filed under any of them are its candidates. */
export function listingKeys(listing: ListingFacts): string[] {
  const keys = new Set<string>();
  for (const word of listing.words) {
    const letters = [...word];
    for (let length = 1; length <= Math.min(WORD_KEY_LENGTH, letters.length); length++) {
      keys.add(`w:${letters.slice(0, length).join("")}`);
    }
  }
  const own = [
    listing.categoryId ? [String(listing.categoryId)] : [],
    listing.subcategoryId ? [String(listing.subcategoryId)] : [],
    listing.make ? [listing.make] : [],
    listing.cities,
  ];
  // Each part either blank or one of the listing's own values: 2⁴ combinations (per city).
  const choices = own.map((values) => ["", ...values]);
  const combine = (at: number, chosen: string[]) => {
    if (at === choices.length) {
      keys.add(partsKey(...chosen));
      return;
    }
    for (const value of choices[at] ?? []) combine(at + 1, [...chosen, value]);
  };
  combine(0, []);
  return [...keys];
}

/** The columns that file a saved search (saveSearch, rekeySavedSearches). */
export function filing(query: ListingQuery) {
  return { matchKeys: searchKeys(query), matchKeysVersion: MATCH_KEYS_VERSION };
}

/** Keys as a text[] parameter: each element quoted, `"` and `\` escaped (a make may hold either). */
export function keysArray(keys: readonly string[]): SQL {
  const literal = `{${keys.map((key) => `"${key.replace(/["\\]/g, "\\$&")}"`).join(",")}}`;
  return sql`${literal}::text[]`;
}
