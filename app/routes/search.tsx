import { SearchX } from "lucide-react";
import { useEffect } from "react";
import { data, Form } from "react-router";
import { categoryOptions } from "~/components/discovery/filter-views.server";
import { loadResults } from "~/components/discovery/results.server";
import { ListingResults, SortForm } from "~/components/discovery/results-controls";
import { SaveSearch } from "~/components/discovery/save-search";
import { saveSearchView } from "~/components/discovery/save-search-view.server";
import { buttonStyles, inputStyles } from "~/components/ui/button-styles";
import { toast } from "~/components/ui/toast";
import { getMember } from "~/domain/accounts/session.server";
import { parseListingQuery } from "~/domain/discovery/listing-query";
import { cleanQuery } from "~/domain/search/normalize";
import { bundlesFor, serverT } from "~/i18n/i18n.server";
import { useNamespace } from "~/i18n/react";
import { pageMeta } from "~/utils/meta";
import type { Route } from "./+types/search";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, env, lang, auth } = context;
  const url = new URL(request.url);
  const params = new URLSearchParams(url.search);
  // The spec's clean-up: trimmed, without quotes, apostrophes and backslashes.
  const q = cleanQuery(params.get("q") ?? "");
  params.set("q", q);
  const query = parseListingQuery(params);
  const t = serverT(lang, "discovery");
  // The root loader's lookup, shared; the member's hearts cost one query.
  const member = await getMember({ auth, db, request });
  const base = {
    translations: bundlesFor(lang, ["discovery", "favorites", "savedSearches"]),
    saveSearch: saveSearchView(request, query, member),
    query,
    categories: categoryOptions(lang),
    title: q ? t("search.title", { q }) : t("search.titleAll"),
    meta: {
      title: q ? t("search.title", { q }) : t("search.titleAll"),
      description: q ? t("search.metaDescription", { q }) : t("search.metaDescriptionAll"),
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
  const { query, results } = loaderData;
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
      <Form
        method="get"
        className="mt-4 flex flex-wrap items-end gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-line"
        data-testid="search-form"
      >
        <input
          type="search"
          name="q"
          defaultValue={query.q}
          aria-label={loaderData.title}
          className={`${inputStyles} min-w-48 flex-1`}
          dir="auto"
        />
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-muted">{t("search.category")}</span>
          <select
            name="category"
            defaultValue={query.categoryId ?? ""}
            className={`${inputStyles} w-auto`}
          >
            <option value="">{t("search.allCategories")}</option>
            {loaderData.categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={buttonStyles.primary}>
          {t("results.apply")}
        </button>
      </Form>
      {loaderData.failed || !results ? (
        <div
          className="mt-8 rounded-2xl bg-red-50 p-6 text-red-800 ring-1 ring-red-200"
          role="alert"
          data-testid="search-error"
        >
          <h2 className="font-semibold">{t("search.errorTitle")}</h2>
          <p className="mt-1 text-sm">{t("search.errorBody")}</p>
        </div>
      ) : results.total === 0 ? (
        <div
          className="mt-8 rounded-2xl bg-white px-6 py-16 text-center shadow-sm ring-1 ring-line"
          data-testid="search-empty"
        >
          <SearchX className="mx-auto size-10 text-muted" aria-hidden="true" />
          <h2 className="mt-4 text-lg font-semibold">{t("search.emptyTitle")}</h2>
          <p className="mt-1 text-sm text-muted">{t("search.emptyBody")}</p>
        </div>
      ) : (
        <>
          <div className="mt-6 mb-4 flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm font-medium text-ink" data-testid="results-count">
              {results.foundText}
            </p>
            <SortForm links={results.links} />
          </div>
          <ListingResults results={results} />
        </>
      )}
    </main>
  );
}
