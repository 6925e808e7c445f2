import { Form, Link, useSubmit } from "react-router";
import { buttonStyles, inputStyles } from "~/components/ui/button-styles";
import { Icon } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/react";
import type { CardView } from "~/views/common/card-view.server";
import type { ResultsLinks } from "~/views/discovery/results.server";
import { ListingGrid } from "./listing-card";

/** Previous / next links (plain links: paging works without JavaScript). */
export function Pagination({
  prev,
  next,
  pageCount,
  pageText,
  label,
}: {
  prev: string | null;
  next: string | null;
  pageCount: number;
  pageText: string;
  /** What the links page through, for screen readers (default "Pages of results"). */
  label?: string;
}) {
  const { t } = useTranslation("discovery");
  if (pageCount <= 1) return null;
  const item =
    "inline-flex items-center gap-1 rounded-xl bg-white px-3 py-2 text-sm font-semibold ring-1 ring-line hover:bg-slate-50";
  return (
    <nav
      className="mt-8 flex items-center justify-between gap-3"
      aria-label={label ?? t("results.pagination")}
      data-testid="pagination"
    >
      {prev ? (
        <Link to={prev} rel="prev" className={item}>
          <Icon name="chevron-left" className="size-4 rtl:-scale-x-100" aria-hidden="true" />
          {t("results.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-muted">{pageText}</span>
      {next ? (
        <Link to={next} rel="next" className={item}>
          {t("results.next")}
          <Icon name="chevron-right" className="size-4 rtl:-scale-x-100" aria-hidden="true" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** A page of search results (search, a category, a seller): the cards, then the paging. */
export function ListingResults({
  results,
}: {
  results: { cards: CardView[]; links: ResultsLinks; pageCount: number; pageText: string };
}) {
  return (
    <>
      <ListingGrid cards={results.cards} />
      <Pagination
        prev={results.links.prev}
        next={results.links.next}
        pageCount={results.pageCount}
        pageText={results.pageText}
      />
    </>
  );
}

/**
 * Search's and a category's results: how many were found, on phones a jump to the filters (they
 * are under the results; a plain link, no JavaScript), the sort, then the cards and the paging.
 */
export function FoundResults({
  results,
}: {
  results: Parameters<typeof ListingResults>[0]["results"] & { foundText: string };
}) {
  const { t } = useTranslation("discovery");
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2
          id="results-heading"
          className="text-sm font-medium text-ink"
          data-testid="results-count"
        >
          {results.foundText}
        </h2>
        <a
          href="#filters"
          className="text-sm font-semibold text-brand-700 underline lg:hidden"
          data-testid="jump-to-filters"
        >
          {t("filters.show")}
        </a>
        <SortForm links={results.links} />
      </div>
      <ListingResults results={results} />
    </>
  );
}

/**
 * The sort choice: a GET form that keeps every other filter. Without JavaScript its button
 * applies it; with JavaScript the change does.
 */
export function SortForm({ links }: { links: ResultsLinks }) {
  const { t } = useTranslation("discovery");
  const submit = useSubmit();
  const { value, choices, hidden } = links.sort;
  return (
    <Form method="get" className="flex flex-wrap items-center gap-2" data-testid="sort-form">
      {hidden.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="sort" className="whitespace-nowrap text-sm text-muted">
        {t("results.sortLabel")}
      </label>
      <select
        id="sort"
        name="sort"
        defaultValue={value}
        className={`${inputStyles} w-auto py-1.5`}
        onChange={(event) => submit(event.currentTarget.form)}
      >
        {choices.map((sort) => (
          <option key={sort} value={sort}>
            {t(`results.sort.${sort}`)}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className={`${buttonStyles.secondary} whitespace-nowrap`}>
          {t("results.apply")}
        </button>
      </noscript>
    </Form>
  );
}
