/*
 * One normalisation for search, used when a listing is saved and when a query is searched, so
 * both sides always agree. It folds the ways Syrians write the same word: with or without
 * diacritics, hamza forms, taa marbuta, alef maqsura, Persian letters from some keyboards,
 * Arabic-Indic digits, attached articles and prepositions, and common plural and adjective
 * endings. Bump SEARCH_VERSION whenever the output changes: stored rows are then rewritten.
 */

export const SEARCH_VERSION = 1;

// Tanwin, harakat, shadda, sukun, maddah, hamza marks, subscript alef (U+064B–U+065F), the
// superscript alef (U+0670) and Quranic annotation marks (U+06D6–U+06ED).
const ARABIC_MARKS = /[\u064B-\u065F\u0670\u06D6-\u06ED]/g;
const TATWEEL = /\u0640/g;
// Direction marks, zero-width characters and the soft hyphen: invisible, but they split words.
const INVISIBLE = /[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
const LATIN_MARKS = /[\u0300-\u036F]/g;

const LETTERS: Record<string, string> = {
  "\u0623": "\u0627", // أ → ا
  "\u0625": "\u0627", // إ → ا
  "\u0622": "\u0627", // آ → ا
  "\u0671": "\u0627", // ٱ → ا
  "\u0649": "\u064A", // ى → ي
  "\u0629": "\u0647", // ة → ه
  "\u0624": "\u0648", // ؤ → و
  "\u0626": "\u064A", // ئ → ي
  "\u06A9": "\u0643", // ک → ك
  "\u06CC": "\u064A", // ی → ي
};
const LETTER_PATTERN = new RegExp(`[${Object.keys(LETTERS).join("")}]`, "g");
const EASTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;
const NOT_WORD = /[^\p{L}\p{N}]+/gu;
const ARABIC = /[\u0600-\u06FF]/;

/**
 * Text as search compares it: NFKC, lower case, no diacritics, tatweel or invisible marks, one
 * form per Arabic letter, Latin digits, words separated by single spaces. No stemming.
 */
export function normalizeText(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(INVISIBLE, "")
    .replace(TATWEEL, "")
    .replace(ARABIC_MARKS, "")
    .normalize("NFD")
    .replace(LATIN_MARKS, "")
    .normalize("NFC")
    .replace(LETTER_PATTERN, (letter) => LETTERS[letter] ?? letter)
    .replace(EASTERN_DIGITS, (digit) => String((digit.codePointAt(0) ?? 0) & 0xf))
    .replace(NOT_WORD, " ")
    .trim();
}

// An Arabic word may come with و ف ب ل ك (and the dialect's ع, "on") and ال / لل attached:
// «بالحوالة» is «حوالة», «عالكاش» is «كاش».
const ARABIC_ATTACHED = "(?:و|ف|ب|ل|ك|ع)?(?:ال|لل)?";

/**
 * Finds whole words or phrases in a normalised text (normalizeText): returns the first listed
 * phrase found, normalised, or null. Arabic phrases also match with a conjunction, preposition or
 * article attached; the longest phrase is tried first. Used by the message warnings and by the
 * moderators' word list of the screening before publish.
 */
export function phraseMatcher(phrases: readonly string[]): (normalized: string) => string | null {
  const unique = [...new Set(phrases.map((phrase) => normalizeText(phrase)).filter(Boolean))].sort(
    (a, b) => b.length - a.length,
  );
  const literal = (phrase: string) => phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const arabic = unique.filter((phrase) => ARABIC.test(phrase)).map(literal);
  const other = unique.filter((phrase) => !ARABIC.test(phrase)).map(literal);
  const alternatives = [
    ...(other.length > 0 ? [`(${other.join("|")})`] : []),
    ...(arabic.length > 0 ? [`${ARABIC_ATTACHED}(${arabic.join("|")})`] : []),
  ];
  if (alternatives.length === 0) return () => null;
  const pattern = new RegExp(`(?:^| )(?:${alternatives.join("|")})(?= |$)`, "u");
  return (normalized) => {
    const match = pattern.exec(normalized);
    return match ? (match[1] ?? match[2] ?? null) : null;
  };
}

// Longest first, so "وال" is taken before "و" and "ال".
const ARABIC_PREFIXES = ["وال", "بال", "كال", "فال", "ال", "لل", "و"];
// Written after normalisation: ة has become ه, so "ية" is "يه".
const ARABIC_SUFFIXES = ["ات", "ون", "ين", "ان", "ها", "يه"];
const MIN_STEM = 2;

/**
 * Light stemming of one normalised word: one attached prefix and one common ending are removed
 * when at least two letters remain. Latin words lose a plural "s" ("phones" → "phone").
 */
export function stemWord(word: string): string {
  if (!ARABIC.test(word)) {
    return word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word;
  }
  let stem = word;
  for (const prefix of ARABIC_PREFIXES) {
    if (stem.startsWith(prefix) && stem.length - prefix.length >= MIN_STEM) {
      stem = stem.slice(prefix.length);
      break;
    }
  }
  for (const suffix of ARABIC_SUFFIXES) {
    if (stem.endsWith(suffix) && stem.length - suffix.length >= MIN_STEM) {
      stem = stem.slice(0, -suffix.length);
      break;
    }
  }
  return stem;
}

/** The distinct stemmed words of a text, in order. */
export function searchTerms(text: string): string[] {
  const words = normalizeText(text).split(" ").filter(Boolean);
  return [...new Set(words.map(stemWord))];
}

/** The stored search text of a listing: every field's stemmed words, once each. */
export function searchDocument(parts: readonly (string | null | undefined)[]): string {
  return searchTerms(parts.filter(Boolean).join(" ")).join(" ");
}

/** The spec's query clean-up: trimmed, without quotes, apostrophes and backslashes. */
export function cleanQuery(query: string): string {
  return query.replace(/["'`\\\u2018\u2019\u201C\u201D]/g, "").trim();
}
