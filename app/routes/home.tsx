import { Link, useRouteLoaderData } from "react-router";
import { ListingCard } from "~/components/discovery/listing-card";
import { CategoryIcon } from "~/components/layout/category-icon";
import { buttonStyles } from "~/components/ui/button-styles";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { countMembers, roundDownForDisplay } from "~/domain/accounts/count-members.server";
import { getMember } from "~/domain/accounts/session.server";
import { countListingsByCategory } from "~/domain/catalog/count-listings-by-category.server";
import { findListings } from "~/domain/discovery/find-listings.server";
import { parseListingQuery } from "~/domain/discovery/listing-query";
import { getUsdRate } from "~/domain/money/exchange-rate.server";
import { countImpressions } from "~/domain/statistics/count-stats.server";
import { formatNumber } from "~/i18n/format";
import { bundlesFor, serverT } from "~/i18n/i18n.server";
import { useNamespace } from "~/i18n/react";
import type { loader as rootLoader } from "~/root";
import { fromBot } from "~/utils/bot.server";
import { pageMeta } from "~/utils/meta";
import { markFavorites, toCardView } from "~/views/common/card-view.server";
import { shownIds } from "~/views/discovery/results.server";
import type { Route } from "./+types/home";

const LATEST = 3;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, lang, env, auth } = context;
  const [counts, members, latest] = await Promise.all([
    countListingsByCategory({ db }),
    countMembers({ db }),
    // The spec's latest 3 active listings; "View All Listings" opens the full, sortable list.
    latestListings({
      db,
      env,
      lang,
      auth,
      storage: context.storage,
      dataSaver: context.dataSaver,
      logger: context.logger,
      request,
    }),
  ]);
  const t = serverT(lang, "home");
  const rounded = roundDownForDisplay(members);
  return {
    translations: bundlesFor(lang, ["home", "discovery", "favorites"]),
    latest,
    meta: { title: t("metaTitle"), description: t("metaDescription") },
    listingCounts: Object.fromEntries(
      [...counts].map(([id, total]) => [id, { total, display: formatNumber(lang, total) }]),
    ),
    members: {
      total: rounded,
      display: `${formatNumber(lang, rounded)}${members >= 10 ? "+" : ""}`,
    },
  };
}

async function latestListings({
  db,
  env,
  lang,
  auth,
  storage,
  dataSaver,
  logger,
  request,
}: Pick<
  Route.LoaderArgs["context"],
  "db" | "env" | "lang" | "auth" | "storage" | "dataSaver" | "logger"
> & {
  request: Request;
}) {
  const [found, usdRate] = await Promise.all([
    // The root loader's lookup, shared: no extra query. The member's hearts come in the page's
    // own rows, none for visitors.
    getMember({ auth, db, request }).then((member) =>
      findListings({
        db,
        query: parseListingQuery(new URLSearchParams()),
        pageSize: LATEST,
        withTotal: false,
        member,
      }),
    ),
    getUsdRate({ db, env }),
  ]);
  // Shown to a person: the listings count as seen in their owners' statistics.
  if (!fromBot(request)) countImpressions(db, shownIds(found.items));
  return markFavorites(
    found.items.map((item) => toCardView(lang, item, { storage, usdRate, logger, dataSaver })),
    found.items,
  );
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, args.loaderData?.meta);

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t, list, i18n } = useNamespace("home", loaderData.translations.home);
  useNamespace("discovery", loaderData.translations.discovery);
  useNamespace("favorites", loaderData.translations.favorites);
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const categories = root?.categories ?? [];
  const steps = list<{ title: string; body: string }>("howItWorks.steps");
  const features = [
    { key: "advancedSearch", icon: "search-check" },
    { key: "messaging", icon: "message-circle" },
    { key: "featured", icon: "star" },
    { key: "safe", icon: "shield-check" },
  ] as const;

  return (
    <main id="main">
      <section className="relative overflow-hidden bg-gradient-to-br from-brand-700 via-brand-600 to-brand-800 text-white">
        <div
          aria-hidden
          className="pointer-events-none absolute -end-24 -top-24 size-80 rounded-full bg-white/10"
        />
        <div
          aria-hidden
          className="pointer-events-none absolute -bottom-32 -start-16 size-72 rounded-full bg-accent-500/20"
        />
        <div className="relative mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20">
          <h1
            className="max-w-3xl text-3xl font-extrabold leading-tight sm:text-5xl"
            data-testid="hero-title"
          >
            {t("hero.title")}
          </h1>
          <p className="mt-4 max-w-2xl text-base leading-relaxed text-brand-50 sm:text-lg">
            {t("hero.subtitle")}
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/post-ad" className={`${buttonStyles.accent} px-6 py-3 text-base`}>
              {t("hero.postAd")}
            </Link>
            <a
              href="#how-it-works"
              className="inline-flex items-center gap-2 rounded-xl border border-white/40 px-6 py-3 text-base font-semibold text-white transition hover:bg-white/10"
            >
              {t("hero.howItWorks")}
              <Icon name="arrow-right" className="size-4 rtl:-scale-x-100" aria-hidden />
            </a>
          </div>
        </div>
      </section>

      <section
        id="categories"
        className="mx-auto max-w-7xl px-4 py-12 sm:px-6"
        aria-labelledby="categories-title"
      >
        <h2 id="categories-title" className="text-xl font-bold sm:text-2xl">
          {t("categories.title")}
        </h2>
        <ul
          className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-8"
          data-testid="category-strip"
        >
          {categories.map((category) => {
            const count = loaderData.listingCounts[category.id];
            return (
              <li key={category.id}>
                <Link
                  to={`/category/${category.slug}`}
                  className="flex h-full flex-col items-center gap-2 rounded-2xl border border-line bg-white p-4 text-center shadow-sm transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md"
                >
                  <span className="rounded-xl bg-brand-50 p-3 text-brand-700">
                    <CategoryIcon slug={category.slug} className="size-6" />
                  </span>
                  <span className="text-sm font-semibold">{category.name}</span>
                  <span className="text-xs text-muted">
                    {t("categories.listings", {
                      count: count?.total ?? 0,
                      display: count?.display ?? "0",
                    })}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>

      {loaderData.latest.length > 0 ? (
        <section
          className="mx-auto max-w-7xl px-4 pb-12 sm:px-6"
          aria-labelledby="latest-title"
          data-testid="latest-listings"
        >
          <div className="flex flex-wrap items-end justify-between gap-3">
            <h2 id="latest-title" className="text-xl font-bold sm:text-2xl">
              {t("latest.title")}
            </h2>
            <Link
              to="/search"
              className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
              data-testid="view-all"
            >
              {t("latest.viewAll")}
              <Icon name="arrow-right" className="size-4 rtl:-scale-x-100" aria-hidden />
            </Link>
          </div>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {loaderData.latest.map((card) => (
              <li key={card.id}>
                {/* Below the welcome on a phone: pictures load as they come near the screen. */}
                <ListingCard card={card} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="bg-white py-12" aria-labelledby="features-title">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <h2 id="features-title" className="text-xl font-bold sm:text-2xl">
            {t("features.title")}
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {features.map(({ key, icon }) => (
              <li key={key} className="rounded-2xl border border-line bg-surface p-5">
                <span className="inline-flex rounded-xl bg-brand-100 p-2.5 text-brand-700">
                  <Icon name={icon} className="size-5" aria-hidden />
                </span>
                <h3 className="mt-4 font-semibold">{t(`features.${key}.title`)}</h3>
                <p className="mt-1.5 text-sm leading-relaxed text-muted">
                  {t(`features.${key}.body`)}
                </p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section
        id="how-it-works"
        className="mx-auto max-w-7xl scroll-mt-24 px-4 py-12 sm:px-6"
        aria-labelledby="how-title"
      >
        <h2 id="how-title" className="text-xl font-bold sm:text-2xl">
          {t("howItWorks.title")}
        </h2>
        <ol className="mt-6 grid gap-4 md:grid-cols-3">
          {steps.map((step, index) => (
            <Card as="li" key={step.title} className="flex gap-4 p-5">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-600 font-bold text-white">
                {formatNumber(i18n.language === "ar" ? "ar" : "en", index + 1)}
              </span>
              <div>
                <h3 className="font-semibold">{step.title}</h3>
                <p className="mt-1 text-sm leading-relaxed text-muted">{step.body}</p>
              </div>
            </Card>
          ))}
        </ol>
      </section>

      <section className="mx-auto max-w-7xl px-4 sm:px-6" aria-labelledby="cta-title">
        <div className="flex flex-col items-start gap-6 rounded-3xl bg-slate-900 px-6 py-10 text-white sm:flex-row sm:items-center sm:justify-between sm:px-10">
          <div>
            <h2 id="cta-title" className="text-2xl font-bold">
              {t("cta.title")}
            </h2>
            <p className="mt-2 text-slate-300" data-testid="member-count">
              {loaderData.members.total > 0
                ? t("cta.body", {
                    members: t("cta.members", {
                      count: loaderData.members.total,
                      display: loaderData.members.display,
                    }),
                  })
                : t("cta.bodyEmpty")}
            </p>
          </div>
          <Link to="/auth?tab=signup" className={`${buttonStyles.accent} px-6 py-3 text-base`}>
            {t("cta.signUp")}
          </Link>
        </div>
      </section>
    </main>
  );
}
