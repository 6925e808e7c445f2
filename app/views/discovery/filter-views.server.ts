import { carMakes, getCarModels } from "~/db/reference-data/car-makes";
import { categories } from "~/db/reference-data/categories";
import type { FieldDefinition } from "~/db/reference-data/types";
import {
  filterFields,
  type ListingQuery,
  PRICE_FILTER,
  queryString,
  withCategory,
  withoutFilters,
} from "~/domain/discovery/listing-query";
import { resultsPath } from "~/domain/saved-searches/saved-search-query";
import type { Lang } from "~/i18n/config";
import { type Bilingual, localized } from "~/i18n/localized";
import { type CityGroup, cityGroups } from "~/views/common/city-groups.server";

/** A category as the search page offers it ; id null: all of them. */
export interface CategoryChoice {
  id: number | null;
  /** Null for "All categories", named by the page's catalog. */
  name: string | null;
  href: string;
  current: boolean;
}

/** What the panel draws besides the query's values (filterPanelView below). */
export interface FilterPanelView {
  action: string;
  /** The words, the category (on the search page) and the sort: every submission keeps them. */
  hidden: [string, string][];
  /** The same results without any filter. */
  clearHref: string;
  cities: CityGroup[];
  subcategories: { id: number; name: string }[];
  filters: FilterView[];
  price: { min: number; max: number; step: number };
  lang: "en" | "ar";
}

/** A filter as the panel draws it, labelled on the server in the page's language. */
export type FilterView =
  | {
      kind: "select";
      key: string;
      label: string;
      options: { value: string; label: string }[];
      /** The model select waits for a make. */
      waitsFor: string | null;
    }
  | {
      kind: "range";
      key: string;
      label: string;
      min: number;
      max: number;
      step: number;
      defaultMin: number;
      defaultMax: number;
      /** Abbreviated labels ("300K") for the slider ends, or plain years. */
      abbreviate: boolean;
    };

/** The category's filters as the panel draws them, from the single field definitions. */
export function filterViews(lang: Lang, fields: FieldDefinition[], exact: Record<string, string>) {
  const pick = (option: Bilingual<"label">) => localized(lang, option, "label");
  return fields.flatMap((field): FilterView[] => {
    const label = localized(lang, field, "label");
    const filter = field.filter;
    if (!filter) return [];
    if (filter.kind === "range") {
      return [
        { ...filter, kind: "range", key: field.key, label, abbreviate: field.key !== "year" },
      ];
    }
    if (field.optionsSource === "car_makes") {
      const options = carMakes.map((make) => ({ value: make.id, label: localized(lang, make) }));
      return [{ kind: "select", key: field.key, label, options, waitsFor: null }];
    }
    if (field.optionsSource === "car_models") {
      const make = exact[field.dependsOn ?? "make"];
      const options = make
        ? getCarModels(make).map((model) => ({ value: model.value, label: pick(model) }))
        : [];
      return [{ kind: "select", key: field.key, label, options, waitsFor: make ? null : "make" }];
    }
    const options = (field.options ?? []).map((option) => ({
      value: option.value,
      label: pick(option),
    }));
    return [{ kind: "select", key: field.key, label, options, waitsFor: null }];
  });
}

/** The narrowest place the query searches in (its subcategory, else its category), named. */
export function searchedIn(lang: Lang, query: ListingQuery): string | null {
  const category = categories.find((candidate) => candidate.id === query.categoryId);
  const sub = category?.subcategories.find((candidate) => candidate.id === query.subcategoryId);
  const place = sub ?? category;
  return place ? localized(lang, place) : null;
}

/** A query string's pairs, for hidden inputs. */
function pairs(search: string): [string, string][] {
  return [...new URLSearchParams(search.startsWith("?") ? search.slice(1) : search)];
}

/**
 * Everything the filter panel of a results page draws: a category page's (`action` its path) or
 * the search page's, where the words and the category ride along as hidden fields. Written here
 * so that the page's JavaScript brings neither the query parser nor the reference data.
 */
export function filterPanelView(
  lang: Lang,
  query: ListingQuery,
  { action, includeCategory }: { action: string; includeCategory: boolean },
): FilterPanelView {
  const category = categories.find((candidate) => candidate.id === query.categoryId);
  const bare = withoutFilters(query);
  return {
    action,
    hidden: pairs(queryString(bare, {}, { includeCategory })),
    clearHref: resultsPath(bare),
    cities: cityGroups(lang),
    subcategories: (category?.subcategories ?? []).map((sub) => ({
      id: sub.id,
      name: localized(lang, sub),
    })),
    filters: filterViews(lang, filterFields(query.categoryId), query.exact),
    price: PRICE_FILTER,
    lang,
  };
}

/**
 * The search page's categories as links: choosing one brings its filters and keeps the words,
 * city, price and sort; "All categories" (id null) drops the category and its filters. Links, not
 * a select, so that a choice works without JavaScript and never carries one category's filters
 * into another.
 */
export function categoryChoices(lang: Lang, query: ListingQuery): CategoryChoice[] {
  return [null, ...categories.map((category) => category.id)].map((id) => {
    const category = categories.find((candidate) => candidate.id === id);
    return {
      id,
      name: category ? localized(lang, category) : null,
      href: resultsPath(withCategory(query, id)),
      current: query.categoryId === id,
    };
  });
}

/**
 * What a word search keeps when its words change: the category and every filter (not the page).
 * The category page's word box sends them to the search page with its words.
 */
export function wordSearchFields(query: ListingQuery): [string, string][] {
  return pairs(queryString(query, { q: null, page: null }, { includeCategory: true }));
}

/**
 * The one address of a query's results (resultsPath: a category page without words, the search
 * page with them), in the language the request asked for; results pages answer another page's
 * query with a redirect there, so that one set of results has one address.
 */
export function resultsAddress(query: ListingQuery, url: URL): string {
  const path = resultsPath(query);
  const lang = url.searchParams.get("lang");
  if (!lang) return path;
  return `${path}${path.includes("?") ? "&" : "?"}${new URLSearchParams({ lang })}`;
}
