import { useEffect } from "react";
import { data, Link, redirect } from "react-router";
import { FilterAside } from "~/components/discovery/filter-aside";
import { FoundResults } from "~/components/discovery/results-controls";
import { SaveSearch } from "~/components/discovery/save-search";
import { CategoryChoices, WordSearch } from "~/components/discovery/word-search";
import { Card, EmptyCard } from "~/components/ui/card";
import { toast } from "~/components/ui/toast";
import { getMember } from "~/domain/accounts/session.server";
import { filtersApplied, parseListingQuery } from "~/domain/discovery/listing-query";
import { cleanQuery } from "~/domain/search/normalize";
import { bundlesFor, serverT } from "~/i18n/i18n.server";
import { useNamespace } from "~/i18n/react";
import { fromBot } from "~/utils/bot.server";
import { pageMeta } from "~/utils/meta";
import {
  categoryChoices,
  filterPanelView,
  resultsAddress,
  searchedIn,
  wordSearchFields,
} from "~/views/discovery/filter-views.server";
import { loadResults } from "~/views/discovery/results.server";
import { saveSearchView } from "~/views/discovery/save-search-view.server";
import type { Route } from "./+types/search";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, env, lang, auth } = context;
  const url = new URL(request.url);
  const params = new URLSearchParams(url.search);
  // The spec's clean-up: trimmed, without quotes, apostrophes and backslashes.
  const q = cleanQuery(params.get("q") ?? "");
  params.set("q", q);
  const query = parseListingQuery(params);
  // A category without words is that category's page, with the same filters.
  if (!q && query.categoryId) throw redirect(resultsAddress(query, url), 301);
  const t = serverT(lang, "discovery");
  const where = searchedIn(lang, query);
  const title = !q
    ? t("search.titleAll")
    : where
      ? t("search.titleIn", { q, category: where })
      : t("search.title", { q });
  // The root loader's lookup, shared; the member's hearts cost one query.
  const member = await getMember({ auth, db, request });
  const base = {
    translations: bundlesFor(lang, ["discovery", "favorites", "savedSearches"]),
    saveSearch: saveSearchView(request, query, member),
    query,
    title,
    words: { fields: wordSearchFields(query), label: serverT(lang)("header.searchLabel") },
    choices: categoryChoices(lang, query),
    panel: filterPanelView(lang, query, { action: "/search", includeCategory: true }),
    filtered: filtersApplied(query),
    meta: {
      title,
      description: !q
        ? t("search.metaDescriptionAll")
        : where
          ? t("search.metaDescriptionIn", { q, category: where })
          : t("search.metaDescription", { q }),
    },
  };
  try {
    return {
      ...base,
      failed: false as const,
      results: await loadResults({
        db,
        env,
        storage: context.storage,
        dataSaver: context.dataSaver,
        logger: context.logger,
        lang,
        query,
        includeCategory: true,
        member,
        countShown: !fromBot(request),
      }),
    };
  } catch (error) {
    context.logger.error({ err: error }, "listing results failed");
    return data({ ...base, failed: true as const, results: null }, { status: 500 });
  }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, args.loaderData?.meta);

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { t } = useNamespace("discovery", loaderData.translations.discovery);
  useNamespace("favorites", loaderData.translations.favorites);
  useNamespace("savedSearches", loaderData.translations.savedSearches);
  // The spec's toast as well as the panel below.
  useEffect(() => {
    if (loaderData.failed)
      toast.error(t("search.errorTitle"), { description: t("search.errorBody") });
  }, [loaderData.failed, t]);
  const { query, results, panel } = loaderData;
  return (
    <main
      id="main"
      className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10"
      data-testid="search-page"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-ink sm:text-3xl" dir="auto">
          {loaderData.title}
        </h1>
        <SaveSearch view={loaderData.saveSearch} />
      </div>
      <Card className="mt-4 space-y-4 p-4">
        <WordSearch q={query.q} fields={loaderData.words.fields} label={loaderData.words.label} />
        <CategoryChoices choices={loaderData.choices} />
      </Card>
      {loaderData.failed || !results ? (
        <div
          className="mt-8 rounded-2xl bg-red-50 p-6 text-red-800 ring-1 ring-red-200"
          role="alert"
          data-testid="search-error"
        >
          <h2 className="font-semibold">{t("search.errorTitle")}</h2>
          <p className="mt-1 text-sm">{t("search.errorBody")}</p>
        </div>
      ) : (
        <div className="mt-6 grid gap-6 lg:grid-cols-[18rem_1fr]">
          <FilterAside query={query} {...panel} showText={results.showText} />
          <section aria-labelledby="results-heading" id="results" className="scroll-mt-32">
            {results.total === 0 ? (
              <EmptyCard
                icon="search-x"
                title={t("search.emptyTitle")}
                titleId="results-heading"
                body={t("search.emptyBody")}
                testId="search-empty"
              >
                {loaderData.filtered ? (
                  <Link
                    to={panel.clearHref}
                    className="mt-4 inline-block text-sm font-semibold text-brand-700 underline"
                    data-testid="empty-clear-filters"
                  >
                    {t("filters.clearAll")}
                  </Link>
                ) : null}
              </EmptyCard>
            ) : (
              <FoundResults results={results} />
            )}
          </section>
        </div>
      )}
    </main>
  );
}
