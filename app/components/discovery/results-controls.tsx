import { ChevronLeft, ChevronRight } from "lucide-react";
import { Form, Link, useSubmit } from "react-router";
import { buttonStyles, inputStyles } from "~/components/ui/button-styles";
import { useTranslation } from "~/i18n/react";
import type { ResultsLinks } from "./results.server";

/** Previous / next links (plain links: paging works without JavaScript). */
export function Pagination({
  links,
  pageCount,
  pageText,
}: {
  links: ResultsLinks;
  pageCount: number;
  pageText: string;
}) {
  const { t } = useTranslation("discovery");
  if (pageCount <= 1) return null;
  const item =
    "inline-flex items-center gap-1 rounded-xl px-3 py-2 text-sm font-semibold ring-1 ring-line";
  return (
    <nav
      className="mt-8 flex items-center justify-between gap-3"
      aria-label={t("results.pagination")}
      data-testid="pagination"
    >
      {links.prev ? (
        <Link to={links.prev} rel="prev" className={`${item} bg-white hover:bg-slate-50`}>
          <ChevronLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
          {t("results.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-muted">{pageText}</span>
      {links.next ? (
        <Link to={links.next} rel="next" className={`${item} bg-white hover:bg-slate-50`}>
          {t("results.next")}
          <ChevronRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
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
    <Form method="get" className="flex items-center gap-2" data-testid="sort-form">
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
        <button type="submit" className={buttonStyles.secondary}>
          {t("results.apply")}
        </button>
      </noscript>
    </Form>
  );
}
