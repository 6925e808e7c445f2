import type { RequestLogger } from "~/context";
import type { Database } from "~/db/client.server";
import type { Member } from "~/domain/accounts/session.server";
import { type FoundListing, findListings } from "~/domain/discovery/find-listings.server";
import { type ListingQuery, queryString, SORTS, type Sort } from "~/domain/discovery/listing-query";
import { getUsdRate } from "~/domain/money/exchange-rate.server";
import { countImpressions } from "~/domain/statistics/count-stats.server";
import type { Lang } from "~/i18n/config";
import { formatNumber } from "~/i18n/format";
import { serverT } from "~/i18n/i18n.server";
import type { MediaStorage } from "~/media/storage.server";
import type { Env } from "~/utils/env.server";
import { markFavorites, toCardView } from "~/views/common/card-view.server";

/**
 * One page of results as cards, with the "Found N listings" line, for any results page. For a
 * signed-in member, the page's own rows say which cards they saved: no query of its own.
 */
export async function loadResults({
  db,
  env,
  storage,
  dataSaver = false,
  logger,
  lang,
  query,
  pageSize,
  member = null,
  includeCategory = false,
  seller,
  countShown = false,
}: {
  db: Database;
  env: Env;
  /** Where the photos are (context.storage): their addresses depend on it. */
  storage: MediaStorage;
  /** Cards take their smallest picture (context.dataSaver). */
  dataSaver?: boolean;
  logger: Pick<RequestLogger, "error">;
  lang: Lang;
  query: ListingQuery;
  pageSize?: number;
  member?: Pick<Member, "id"> | null;
  /** The search page keeps the category in its links; a category page has it in its path. */
  includeCategory?: boolean;
  /** A seller's page: only their active and sold listings (the sold marked). */
  seller?: string;
  /**
   * A person's results page (search, category; not a crawler's): its listings count as shown in
   * their owners' statistics, but for the member's own.
   */
  countShown?: boolean;
}) {
  const [found, usdRate] = await Promise.all([
    findListings({ db, query, pageSize, member, seller }),
    getUsdRate({ db, env }),
  ]);
  if (countShown) countImpressions(db, shownIds(found.items));
  const now = Date.now();
  const t = serverT(lang, "discovery");
  const formatted = formatNumber(lang, found.total);
  return {
    cards: markFavorites(
      found.items.map((item) =>
        toCardView(lang, item, { storage, usdRate, logger, now, dataSaver }),
      ),
      found.items,
    ),
    total: found.total,
    /** More matches than `total` (COUNT_LIMIT) were found. */
    more: found.more,
    page: found.page,
    pageCount: found.pageCount,
    foundText: found.more
      ? t("results.foundMore", { formatted })
      : t("results.found", { count: found.total, formatted }),
    /** The filter panel's way back up to the results, on phones (FilterPanel). */
    showText: found.more
      ? t("filters.showResultsMore", { formatted })
      : t("filters.showResults", { count: found.total, formatted }),
    links: resultsLinks(query, found, includeCategory),
    pageText: t("results.pageOf", {
      page: formatNumber(lang, found.page),
      count: formatNumber(lang, found.pageCount),
    }),
  };
}

/** The listings of a results page that count as shown: not the viewer's own. */
export function shownIds(items: readonly FoundListing[]) {
  return items.filter((item) => !item.own).map((item) => item.id);
}

export interface ResultsLinks {
  /** The sort choices (relevance only with a text query), the current one, the other filters. */
  sort: { value: Sort; choices: Sort[]; hidden: [string, string][] };
  prev: string | null;
  next: string | null;
}

/**
 * The sort form's and the pagination's targets, written here so that the page's JavaScript does
 * not bring the query parser and its reference data (car makes, categories).
 */
function resultsLinks(
  query: ListingQuery,
  found: { page: number; pageCount: number },
  includeCategory: boolean,
): ResultsLinks {
  const link = (target: number) =>
    queryString(query, { page: target > 1 ? target : null }, { includeCategory }) || "?";
  const hidden = new URLSearchParams(
    queryString(query, { sort: null, page: null }, { includeCategory }).slice(1),
  );
  return {
    sort: {
      value: query.sort,
      choices: SORTS.filter((sort) => sort !== "relevance" || query.q.trim()),
      hidden: [...hidden],
    },
    prev: found.page > 1 ? link(found.page - 1) : null,
    next: found.page < found.pageCount ? link(found.page + 1) : null,
  };
}
