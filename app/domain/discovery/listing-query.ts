import { getCarMake, getCarModels } from "~/db/reference-data/car-makes";
import { categories } from "~/db/reference-data/categories";
import { getFieldDefinitions } from "~/db/reference-data/field-definitions";
import type { FieldDefinition } from "~/db/reference-data/types";
import { toLatinDigits } from "~/utils/numbers";

/*
 * What a visitor asked a results page for, read from the query string — the whole filter state
 * lives in the URL (docs/product-decisions.md §D3). Garbage never fails: an unknown or malformed
 * value is simply not applied, and a bad page number means the first page.
 */

export const PAGE_SIZE = 24;
export const PRICE_FILTER = { min: 0, max: 10_000_000, step: 10_000 } as const;
export const SORTS = ["newest", "price_asc", "price_desc", "relevance"] as const;
export type Sort = (typeof SORTS)[number];

export interface RangeFilter {
  key: string;
  min: number;
  max: number;
}

export interface ListingQuery {
  q: string;
  categoryId: number | null;
  subcategoryId: number | null;
  /** A city id or text, matched case-insensitively inside the listing's location. */
  city: string;
  priceMin: number;
  priceMax: number;
  /** Exact detail values (make, model, condition…), only for the category's filterable fields. */
  exact: Record<string, string>;
  /** Detail ranges (year, kilometres) that differ from their defaults. */
  ranges: RangeFilter[];
  sort: Sort;
  page: number;
}

function wholeNumber(value: string | null): number | null {
  if (value === null) return null;
  const text = toLatinDigits(value.trim());
  if (!/^\d{1,12}$/.test(text)) return null;
  return Number(text);
}

/** The fields of a category that the filter panel offers, in form order. */
export function filterFields(categoryId: number | null): FieldDefinition[] {
  const category = categories.find((candidate) => candidate.id === categoryId);
  return category ? getFieldDefinitions(category.slug).filter((field) => field.filter) : [];
}

export function parseListingQuery(
  params: URLSearchParams,
  fixed: { categoryId?: number | null; defaultSort?: Sort } = {},
): ListingQuery {
  const q = (params.get("q") ?? "").slice(0, 200);
  const requestedCategory = wholeNumber(params.get("category"));
  const categoryId =
    fixed.categoryId ??
    (categories.some((category) => category.id === requestedCategory) ? requestedCategory : null);
  const parent = categories.find((category) => category.id === categoryId);
  const requestedSub = wholeNumber(params.get("sub"));
  const subcategoryId = parent?.subcategories.some((sub) => sub.id === requestedSub)
    ? requestedSub
    : null;

  let priceMin = wholeNumber(params.get("minPrice")) ?? PRICE_FILTER.min;
  let priceMax = wholeNumber(params.get("maxPrice")) ?? PRICE_FILTER.max;
  priceMin = Math.min(Math.max(priceMin, PRICE_FILTER.min), PRICE_FILTER.max);
  priceMax = Math.min(Math.max(priceMax, PRICE_FILTER.min), PRICE_FILTER.max);
  if (priceMin > priceMax) [priceMin, priceMax] = [priceMax, priceMin];

  const exact: Record<string, string> = {};
  const ranges: RangeFilter[] = [];
  for (const field of filterFields(categoryId)) {
    const filter = field.filter;
    if (!filter) continue;
    if (filter.kind === "exact") {
      const value = params.get(field.key)?.trim() ?? "";
      if (value && allowedValue(field, value, exact)) exact[field.key] = value;
    } else {
      let min = wholeNumber(params.get(`${field.key}Min`)) ?? filter.defaultMin;
      let max = wholeNumber(params.get(`${field.key}Max`)) ?? filter.defaultMax;
      min = Math.min(Math.max(min, filter.min), filter.max);
      max = Math.min(Math.max(max, filter.min), filter.max);
      if (min > max) [min, max] = [max, min];
      // Only a range that differs from the default filters anything (spec, section 5).
      if (min !== filter.defaultMin || max !== filter.defaultMax) {
        ranges.push({ key: field.key, min, max });
      }
    }
  }

  const requestedSort = params.get("sort");
  const defaultSort = fixed.defaultSort ?? (q.trim() ? "relevance" : "newest");
  const sort = SORTS.includes(requestedSort as Sort) ? (requestedSort as Sort) : defaultSort;
  const page = wholeNumber(params.get("page"));
  return {
    q,
    categoryId,
    subcategoryId,
    city: (params.get("city") ?? "").trim().slice(0, 80),
    priceMin,
    priceMax,
    exact,
    ranges,
    sort: sort === "relevance" && !q.trim() ? "newest" : sort,
    page: page && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** A select value the field offers; a model only among the chosen make's models. */
function allowedValue(field: FieldDefinition, value: string, chosen: Record<string, string>) {
  if (field.optionsSource === "car_models") {
    const make = chosen[field.dependsOn ?? "make"];
    // Changing make clears a model that is not the new make's (spec, section 4).
    return make ? getCarModels(make).some((model) => model.value === value) : false;
  }
  if (field.optionsSource === "car_makes") return Boolean(getCarMake(value));
  if (field.optionsSource === "years") return /^\d{4}$/.test(value);
  return (field.options ?? []).some((option) => option.value === value);
}

/** Whether the price range is narrower than the full range (only then does it filter). */
export function priceFilterApplies(query: Pick<ListingQuery, "priceMin" | "priceMax">) {
  return query.priceMin !== PRICE_FILTER.min || query.priceMax !== PRICE_FILTER.max;
}

/**
 * The query a choice of category leads to. A category's own filters (its subcategory, its details)
 * mean nothing in another one, and a shared key would carry a value over unseen ("condition" of a
 * car into furniture), so they go; the words, city, price and sort are every category's and stay.
 */
export function withCategory(query: ListingQuery, categoryId: number | null): ListingQuery {
  return { ...query, categoryId, subcategoryId: null, exact: {}, ranges: [], page: 1 };
}

/** Whether anything narrows the query besides its words and category. */
export function filtersApplied(query: ListingQuery) {
  return (
    query.subcategoryId !== null ||
    query.city !== "" ||
    priceFilterApplies(query) ||
    Object.keys(query.exact).length > 0 ||
    query.ranges.length > 0
  );
}

/** The query with no filter: the words, the category and the sort stay ("Clear All"). */
export function withoutFilters(query: ListingQuery): ListingQuery {
  return {
    ...withCategory(query, query.categoryId),
    city: "",
    priceMin: PRICE_FILTER.min,
    priceMax: PRICE_FILTER.max,
  };
}

/** The query string for a query, without defaults; `changes` override (null removes). */
export function queryString(
  query: ListingQuery,
  changes: Partial<Record<string, string | number | null>> = {},
  options: { includeCategory?: boolean } = {},
): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (options.includeCategory && query.categoryId) params.set("category", String(query.categoryId));
  if (query.subcategoryId) params.set("sub", String(query.subcategoryId));
  if (query.city) params.set("city", query.city);
  if (query.priceMin !== PRICE_FILTER.min) params.set("minPrice", String(query.priceMin));
  if (query.priceMax !== PRICE_FILTER.max) params.set("maxPrice", String(query.priceMax));
  for (const [key, value] of Object.entries(query.exact)) params.set(key, value);
  for (const range of query.ranges) {
    params.set(`${range.key}Min`, String(range.min));
    params.set(`${range.key}Max`, String(range.max));
  }
  const defaultSort = query.q.trim() ? "relevance" : "newest";
  if (query.sort !== defaultSort) params.set("sort", query.sort);
  if (query.page > 1) params.set("page", String(query.page));
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined) params.delete(key);
    else params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}
