import { getCarMake, getCarModels } from "~/db/reference-data/car-makes";
import { categories } from "~/db/reference-data/categories";
import { cities } from "~/db/reference-data/regions";
import {
  filterFields,
  type ListingQuery,
  PRICE_FILTER,
  parseListingQuery,
  priceFilterApplies,
  queryString,
} from "~/domain/discovery/listing-query";
import { cleanQuery, searchTerms } from "~/domain/search/normalize";
import type { Lang } from "~/i18n/config";
import { formatNumber } from "~/i18n/format";
import type { TFunction } from "~/i18n/keys";
import { localized } from "~/i18n/localized";
import { AppError } from "~/utils/app-error";
import { toLatinDigits } from "~/utils/numbers";

/*
 * What a saved search IS: the results page's query (parseListingQuery — one definition of a
 * query), normalised and written back by queryString. Sort and page are not part of it (they
 * change how results are shown, not which listings match), so the same search saved from page 3,
 * sorted by price, is the same row.
 */

export interface NormalisedSearch {
  query: ListingQuery;
  /** The stored form: `?q=…&category=…&…`, category included, never the raw URL. */
  text: string;
}

/** A query that lists everything matches every new listing: no filter at all. */
function filtersNothing(query: ListingQuery) {
  return (
    !query.q &&
    !query.categoryId &&
    !query.subcategoryId &&
    !query.city &&
    !priceFilterApplies(query) &&
    Object.keys(query.exact).length === 0 &&
    query.ranges.length === 0
  );
}

/** The stored form of a parsed query. */
export function normalisedText(query: ListingQuery): string {
  return queryString(
    { ...query, sort: query.q ? "relevance" : "newest", page: 1 },
    {},
    {
      includeCategory: true,
    },
  );
}

/**
 * A results page's query string (and, for a category page, its category id) as a saved search.
 * Unknown filter values are dropped exactly as the results page drops them, so the member saves
 * what they were shown; a category that does not exist is refused (SAVED_SEARCH_INVALID: the
 * search would silently become a search of every category), and so is a search of everything
 * (SAVED_SEARCH_EMPTY).
 */
export function normaliseSearch(raw: string, fixedCategory?: string | null): NormalisedSearch {
  const params = new URLSearchParams(raw.startsWith("?") ? raw.slice(1) : raw);
  const requested = fixedCategory ?? params.get("category");
  let categoryId: number | null = null;
  if (requested !== null && requested !== undefined && requested.trim() !== "") {
    const digits = toLatinDigits(requested.trim());
    const known = /^\d{1,3}$/.test(digits)
      ? categories.find((category) => category.id === Number(digits))
      : undefined;
    if (!known) throw new AppError("SAVED_SEARCH_INVALID");
    categoryId = known.id;
  }
  // The search page's clean-up (routes/search.tsx), and a query of only punctuation searches
  // nothing: it is dropped rather than stored as a condition that matches everything.
  const q = cleanQuery(params.get("q") ?? "");
  params.set("q", searchTerms(q).length > 0 ? q : "");
  params.delete("sort");
  params.delete("page");
  const query = parseListingQuery(params, { categoryId });
  if (filtersNothing(query)) throw new AppError("SAVED_SEARCH_EMPTY");
  const text = normalisedText(query);
  return { query: parseSavedSearch(text), text };
}

/** A stored saved search as the query the results page would read from its URL. */
export function parseSavedSearch(text: string): ListingQuery {
  return parseListingQuery(new URLSearchParams(text.startsWith("?") ? text.slice(1) : text));
}

/**
 * Where a saved search's results are: a category page (with its filter panel) when there are no
 * words to search, the search page otherwise.
 */
export function resultsPath(query: ListingQuery): string {
  const category = categories.find((candidate) => candidate.id === query.categoryId);
  if (category && !query.q) return `/category/${category.slug}${queryString(query)}`;
  return `/search${queryString(query, {}, { includeCategory: true })}`;
}

const compact = (lang: Lang, value: number) =>
  formatNumber(lang, value, { notation: "compact", maximumFractionDigits: 1 });
const plain = (lang: Lang, value: number) => formatNumber(lang, value, { useGrouping: false });

/**
 * A readable name in the reader's language, from the query and its filters: «كيا، ٢٠١٠+، حلب،
 * حتى ٥ مليون» / "Kia, 2010+, Aleppo, up to 5M", numbers in the page's digits.
 */
export function describeSavedSearch(
  lang: Lang,
  query: ListingQuery,
  t: TFunction<"savedSearches">,
): string {
  const parts: string[] = [];
  if (query.q) parts.push(t("name.query", { text: query.q }));
  const category = categories.find((candidate) => candidate.id === query.categoryId);
  const sub = category?.subcategories.find((candidate) => candidate.id === query.subcategoryId);
  const { make, model, ...otherExact } = query.exact;
  const carMake = make ? getCarMake(make) : undefined;
  // The make says the category; a subcategory says more than its category.
  if (sub) parts.push(localized(lang, sub));
  else if (category && !carMake) parts.push(localized(lang, category));
  if (carMake) parts.push(localized(lang, carMake));
  const carModel = make && model ? getCarModels(make).find((m) => m.value === model) : undefined;
  if (carModel) parts.push(localized(lang, carModel, "label"));
  const fields = filterFields(query.categoryId);
  for (const [key, value] of Object.entries(otherExact)) {
    const field = fields.find((candidate) => candidate.key === key);
    const option = field?.options?.find((candidate) => candidate.value === value);
    parts.push(option ? localized(lang, option, "label") : value);
  }
  for (const range of query.ranges) {
    const field = fields.find((candidate) => candidate.key === range.key);
    const filter = field?.filter?.kind === "range" ? field.filter : undefined;
    const fromOnly = filter && range.max === filter.max;
    const toOnly = filter && range.min === filter.min;
    if (range.key === "year") {
      const [min, max] = [plain(lang, range.min), plain(lang, range.max)];
      if (fromOnly) parts.push(t("name.yearFrom", { value: min }));
      else if (toOnly) parts.push(t("name.upTo", { value: max }));
      else parts.push(t("name.between", { min, max }));
    } else if (range.key === "kilometers") {
      const [min, max] = [compact(lang, range.min), compact(lang, range.max)];
      if (fromOnly) parts.push(t("name.kilometersFrom", { value: min }));
      else if (toOnly) parts.push(t("name.kilometersUpTo", { value: max }));
      else parts.push(t("name.kilometersBetween", { min, max }));
    } else {
      const label = field ? localized(lang, field, "label") : range.key;
      const [min, max] = [formatNumber(lang, range.min), formatNumber(lang, range.max)];
      parts.push(`${label} ${t("name.between", { min, max })}`);
    }
  }
  if (query.city) {
    const city = cities.find((candidate) => candidate.id === query.city);
    parts.push(city ? localized(lang, city) : query.city);
  }
  if (priceFilterApplies(query)) {
    const [min, max] = [compact(lang, query.priceMin), compact(lang, query.priceMax)];
    if (query.priceMax === PRICE_FILTER.max) parts.push(t("name.from", { value: min }));
    else if (query.priceMin === PRICE_FILTER.min) parts.push(t("name.upTo", { value: max }));
    else parts.push(t("name.between", { min, max }));
  }
  return parts.length > 0 ? parts.join(t("name.separator")) : t("name.everything");
}
