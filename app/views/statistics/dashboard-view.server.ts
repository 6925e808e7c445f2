import type { SellerListingFigures } from "~/domain/statistics/read-stats.server";
import type { StatsRange } from "~/domain/statistics/stat-days";
import { STAT_KINDS } from "~/domain/statistics/stat-kinds";
import type { Lang } from "~/i18n/config";
import { formatNumber } from "~/i18n/format";
import { serverT } from "~/i18n/i18n.server";
import { localized } from "~/i18n/localized";

/** The dashboard's table of listings: each one's sums over the period, in the page's digits. */
export function toDashboardListings(
  lang: Lang,
  listings: SellerListingFigures[],
  range: StatsRange,
) {
  const t = serverT(lang, "statistics");
  const mine = serverT(lang, "listings");
  return {
    headers: [
      t("dashboard.columns.title"),
      t("dashboard.columns.status"),
      ...STAT_KINDS.map((kind) => t(`kinds.${kind}`)),
    ],
    rows: listings.map((listing) => {
      const title = localized(lang, listing, "title");
      return {
        id: listing.id,
        title,
        linkLabel: t("dashboard.open", { title }),
        href: `/my-listings/${listing.id}/statistics?days=${range}`,
        status: mine(
          `mine.statusLabel.${listing.status === "removed" ? "inactive" : listing.status}` as const,
        ),
        values: STAT_KINDS.map((kind) => formatNumber(lang, listing.counts[kind])),
      };
    }),
  };
}
