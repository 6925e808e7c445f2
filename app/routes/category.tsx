import { data, Link, redirect } from "react-router";
import { FilterAside } from "~/components/discovery/filter-aside";
import { FoundResults } from "~/components/discovery/results-controls";
import { SaveSearch } from "~/components/discovery/save-search";
import { WordSearch } from "~/components/discovery/word-search";
import { ListingErrorBoundary, type ListingErrorData } from "~/components/listing/listing-error";
import { buttonStyles } from "~/components/ui/button-styles";
import { EmptyCard } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { getMember } from "~/domain/accounts/session.server";
import { parseListingQuery } from "~/domain/discovery/listing-query";
import { resolveCategory } from "~/domain/discovery/resolve-category";
import { formatNumber } from "~/i18n/format";
import { bundlesFor, serverT } from "~/i18n/i18n.server";
import { localized } from "~/i18n/localized";
import { useNamespace } from "~/i18n/react";
import { fromBot } from "~/utils/bot.server";
import { pageMeta } from "~/utils/meta";
import {
  filterPanelView,
  resultsAddress,
  wordSearchFields,
} from "~/views/discovery/filter-views.server";
import { loadResults } from "~/views/discovery/results.server";
import { saveSearchView } from "~/views/discovery/save-search-view.server";
import type { Route } from "./+types/category";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db, env, lang, auth } = context;
  const t = serverT(lang, "discovery");
  const category = resolveCategory(params.categoryId);
  if (!category) {
    throw data<ListingErrorData>(
      {
        title: t("category.notFound"),
        message: t("category.notFoundBody"),
        home: t("category.backHome"),
      },
      { status: 404 },
    );
  }
  const url = new URL(request.url);
  const query = parseListingQuery(url.searchParams, { categoryId: category.id });
  // Words in a category are a search: the search page has them, with this category's filters.
  if (query.q.trim()) throw redirect(resultsAddress(query, url), 301);
  const name = localized(lang, category);
  const base = {
    translations: bundlesFor(lang, ["discovery", "favorites", "savedSearches"]),
    category: { id: category.id, slug: category.slug, name, postable: category.postable },
    query,
    panel: filterPanelView(lang, query, {
      action: `/category/${category.slug}`,
      includeCategory: false,
    }),
    words: {
      fields: wordSearchFields(query),
      label: t("search.inCategory", { category: name }),
    },
  };
  // The root loader's lookup, shared; the member's hearts cost one query.
  const member = await getMember({ auth, db, request });
  const saveSearch = saveSearchView(request, query, member);
  try {
    const results = await loadResults({
      db,
      env,
      storage: context.storage,
      dataSaver: context.dataSaver,
      logger: context.logger,
      lang,
      query,
      member,
      countShown: !fromBot(request),
    });
    return {
      ...base,
      saveSearch,
      results,
      meta: {
        title: name,
        description: results.more
          ? t("category.metaDescriptionMore", {
              category: name,
              formatted: formatNumber(lang, results.total),
            })
          : t("category.metaDescription", {
              category: name,
              count: results.total,
              formatted: formatNumber(lang, results.total),
            }),
      },
    };
  } catch (error) {
    context.logger.error({ err: error }, "listing results failed");
    return data({ ...base, saveSearch, results: null, meta: { title: name } }, { status: 500 });
  }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, args.loaderData?.meta);

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { t } = useNamespace("discovery", loaderData.translations.discovery);
  useNamespace("favorites", loaderData.translations.favorites);
  useNamespace("savedSearches", loaderData.translations.savedSearches);
  const { category, query, results } = loaderData;
  const postHref = `/post-ad?category=${category.id}`;
  return (
    <main
      id="main"
      className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10"
      data-testid="category-page"
    >
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-ink sm:text-3xl">{category.name}</h1>
        <div className="flex flex-wrap items-center gap-2">
          <SaveSearch view={loaderData.saveSearch} />
          {category.postable ? (
            <Link to={postHref} className={buttonStyles.primary} data-testid="post-in-category">
              <Icon name="plus" className="size-4" aria-hidden="true" />
              {t("category.postHere")}
            </Link>
          ) : null}
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
        <FilterAside query={query} {...loaderData.panel} showText={results?.showText} />
        <section aria-labelledby="results-heading" id="results" className="scroll-mt-32">
          <div className="mb-4">
            <WordSearch
              q=""
              fields={loaderData.words.fields}
              label={loaderData.words.label}
              placeholder={loaderData.words.label}
            />
          </div>
          {!results ? (
            <div
              className="rounded-2xl bg-red-50 p-6 text-center text-red-800 ring-1 ring-red-200"
              role="alert"
              data-testid="category-error"
            >
              <p>{t("category.error")}</p>
              <Link to="/" className={`${buttonStyles.secondary} mt-4`}>
                <Icon name="house" className="size-4" aria-hidden="true" />
                {t("category.backHome")}
              </Link>
            </div>
          ) : results.total === 0 ? (
            <EmptyCard
              icon="package-open"
              title={t("category.emptyTitle")}
              titleId="results-heading"
              testId="category-empty"
            >
              {category.postable ? (
                <Link to={postHref} className={`${buttonStyles.primary} mt-6`}>
                  <Icon name="plus" className="size-4" aria-hidden="true" />
                  {t("category.postAd")}
                </Link>
              ) : null}
            </EmptyCard>
          ) : (
            <FoundResults results={results} />
          )}
        </section>
      </div>
    </main>
  );
}

/** "Category not found" (404) with its texts; anything else goes up to the root's error screen. */
export const ErrorBoundary = ListingErrorBoundary;
