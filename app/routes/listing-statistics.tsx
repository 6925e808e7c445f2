import { Link } from "react-router";
import { StatsPanel } from "~/components/statistics/stats-panel";
import { buttonStyles } from "~/components/ui/button-styles";
import { Icon } from "~/components/ui/icon";
import { requireMember } from "~/domain/accounts/session.server";
import { listingStatistics } from "~/domain/statistics/read-stats.server";
import { statsRangeOf } from "~/domain/statistics/stat-days";
import { formatDate, formatNumber } from "~/i18n/format";
import { bundlesFor, serverT } from "~/i18n/i18n.server";
import { localized } from "~/i18n/localized";
import { useNamespace } from "~/i18n/react";
import { noindexPageMeta } from "~/utils/meta";
import { orNotFound } from "~/utils/not-found.server";
import type { RouteHandle } from "~/utils/route-handle";
import { contactsOf } from "~/views/statistics/stats-chart.server";
import { toStatsView } from "~/views/statistics/stats-view.server";
import type { Route } from "./+types/listing-statistics";

/*
 * One listing's figures (issue 32), for its owner only: anyone else gets the ordinary 404, and a
 * visitor the sign-in page. The domain decides; this page only draws.
 */

export const handle: RouteHandle = { personal: true };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db, auth, lang } = context;
  const member = await requireMember({ auth, db, request });
  const range = statsRangeOf(new URL(request.url).searchParams.get("days"));
  const stats = await orNotFound(() =>
    listingStatistics({ db, member, listingId: params.id, range }),
  );
  const t = serverT(lang, "statistics");
  const { listing, lifetime } = stats;
  const title = localized(lang, listing, "title");
  return {
    translations: bundlesFor(lang, ["statistics"]),
    meta: { title: t("meta.listing", { title }), description: t("meta.dashboardDescription") },
    title,
    href: `/listing/${listing.id}`,
    posted: t("listing.posted", { date: formatDate(lang, listing.createdAt) }),
    bumped: listing.bumpedAt
      ? t("listing.bumped", { date: formatDate(lang, listing.bumpedAt) })
      : null,
    lifetime: t("listing.lifetime", {
      views: formatNumber(lang, lifetime.views),
      favorites: formatNumber(lang, lifetime.favorites),
      contacts: formatNumber(lang, contactsOf(lifetime)),
    }),
    stats: toStatsView(lang, stats, range, `/my-listings/${listing.id}/statistics`),
  };
}

export const meta: Route.MetaFunction = noindexPageMeta;

export default function ListingStatisticsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useNamespace("statistics", loaderData.translations.statistics);
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="mb-6 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-brand-700">{t("listing.title")}</p>
          <h1 className="mt-1 break-words text-2xl font-bold text-ink sm:text-3xl" dir="auto">
            {loaderData.title}
          </h1>
          <p className="mt-1 text-sm text-muted">
            {loaderData.posted}
            {loaderData.bumped ? ` · ${loaderData.bumped}` : ""}
          </p>
          <p className="mt-1 text-sm text-muted" data-testid="stats-lifetime">
            {loaderData.lifetime}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={loaderData.href} className={buttonStyles.secondary}>
            <Icon name="eye" className="size-4" aria-hidden />
            {t("listing.view")}
          </Link>
          <Link to="/dashboard" className={buttonStyles.secondary}>
            <Icon name="chart-column" className="size-4" aria-hidden />
            {t("dashboardLink")}
          </Link>
        </div>
      </div>
      <StatsPanel stats={loaderData.stats} idPrefix="listing" />
    </main>
  );
}
