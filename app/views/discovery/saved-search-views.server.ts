import type { SavedSearchRow } from "~/domain/saved-searches/list-saved-searches.server";
import { describeSavedSearch } from "~/domain/saved-searches/saved-search-query";
import { type CADENCES, NEW_MATCHES_LIMIT } from "~/domain/saved-searches/saved-searches-limits";
import type { Lang } from "~/i18n/config";
import { formatDate, formatNumber } from "~/i18n/format";
import { serverT } from "~/i18n/i18n.server";

/** One saved search as its loader drew it (saved-search-views.server.ts). */
export interface SavedSearchView {
  id: string;
  /** The member's name for it, else the one described from its query. */
  name: string;
  /** The description from its query, shown under a name the member chose. */
  description: string | null;
  href: string;
  hasNew: boolean;
  newText: string;
  cadence: (typeof CADENCES)[number];
  savedOnText: string;
  /** Just saved: the page says so beside it. */
  fresh: boolean;
}

/** The member's saved searches as /saved-searches draws them, every text in the page's language. */
export function savedSearchViews(
  lang: Lang,
  rows: readonly SavedSearchRow[],
  fresh: string | null,
): SavedSearchView[] {
  const t = serverT(lang, "savedSearches");
  return rows.map((row) => {
    const described = describeSavedSearch(lang, row.query, t);
    const count = row.newMatches;
    const newText =
      count === 0
        ? t("page.noNewMatches")
        : count > NEW_MATCHES_LIMIT
          ? t("page.newMatchesMore", { formatted: formatNumber(lang, NEW_MATCHES_LIMIT) })
          : t("page.newMatches", { count, formatted: formatNumber(lang, count) });
    return {
      id: row.id,
      name: row.name ?? described,
      description: row.name ? described : null,
      // Opening from here marks what is there as seen (routes/saved-search-open.tsx).
      href: `/saved-searches/${row.id}`,
      hasNew: count > 0,
      newText,
      cadence: row.cadence,
      savedOnText: t("page.savedOn", { date: formatDate(lang, row.createdAt) }),
      fresh: row.id === fresh,
    };
  });
}
