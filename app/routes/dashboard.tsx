import { Link } from "react-router";
import { FiguresTable, StatsPanel } from "~/components/statistics/stats-panel";
import { buttonStyles } from "~/components/ui/button-styles";
import { Card, cardStyles } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { requireMember } from "~/domain/accounts/session.server";
import { sellerStatistics } from "~/domain/statistics/read-stats.server";
import { statsRangeOf } from "~/domain/statistics/stat-days";
import { bundlesFor, serverT } from "~/i18n/i18n.server";
import { useNamespace } from "~/i18n/react";
import { noindexPageMeta } from "~/utils/meta";
import type { RouteHandle } from "~/utils/route-handle";
import { toDashboardListings } from "~/views/statistics/dashboard-view.server";
import { toStatsView } from "~/views/statistics/stats-view.server";
import type { Route } from "./+types/dashboard";

/*
 * The seller's dashboard (issue 32): every listing's figures added up per day over 7, 30 or 90
 * days, and each listing's sums, for the member only. Drawn on the server; no script needed.
 */

export const handle: RouteHandle = { personal: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, auth, lang } = context;
  const member = await requireMember({ auth, db, request });
  const range = statsRangeOf(new URL(request.url).searchParams.get("days"));
  const stats = await sellerStatistics({ db, member, range });
  const t = serverT(lang, "statistics");
  return {
    translations: bundlesFor(lang, ["statistics"]),
    meta: { title: t("meta.dashboard"), description: t("meta.dashboardDescription") },
    stats: toStatsView(lang, stats, range, "/dashboard"),
    listings: toDashboardListings(lang, stats.listings, range),
  };
}

export const meta: Route.MetaFunction = noindexPageMeta;

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  const { t } = useNamespace("statistics", loaderData.translations.statistics);
  const { stats, listings } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-ink sm:text-3xl">{t("dashboard.title")}</h1>
          <p className="mt-1 text-sm text-muted">{t("dashboard.intro")}</p>
        </div>
        <Link to="/my-listings" className={buttonStyles.secondary}>
          <Icon name="list-checks" className="size-4" aria-hidden />
          {t("back")}
        </Link>
      </div>
      <StatsPanel stats={stats} idPrefix="dashboard" />
      <section className="mt-8" aria-labelledby="dashboard-listings-title">
        <h2 id="dashboard-listings-title" className="mb-3 text-lg font-bold">
          {t("dashboard.listingsTitle")}
        </h2>
        {listings.rows.length === 0 ? (
          <Card className="p-6 text-sm text-muted">{t("dashboard.noListings")}</Card>
        ) : (
          <div className={`${cardStyles} overflow-x-auto`}>
            <FiguresTable
              headers={listings.headers}
              rows={listings.rows.map((row) => ({
                key: row.id,
                head: (
                  <Link
                    to={row.href}
                    className="font-semibold text-brand-700 hover:underline"
                    aria-label={row.linkLabel}
                    dir="auto"
                  >
                    {row.title}
                  </Link>
                ),
                cells: [row.status, ...row.values],
              }))}
              testId="dashboard-listings"
            />
          </div>
        )}
      </section>
    </main>
  );
}
