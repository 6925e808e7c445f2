import { Form, Link } from "react-router";
import { buttonStyles, inputStyles } from "~/components/ui/button-styles";
import { Icon } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/react";
import type { CategoryChoice } from "~/views/discovery/filter-views.server";

/**
 * The words of a results page: a GET form to /search that keeps, as hidden fields, the category
 * and the filters already chosen (`fields`), so a new word narrows the same search. On a
 * category page it is that category's search box.
 */
export function WordSearch({
  q,
  fields,
  label,
  placeholder,
}: {
  q: string;
  fields: [string, string][];
  label: string;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  return (
    <Form
      method="get"
      action="/search"
      role="search"
      className="flex items-center gap-2"
      data-testid="search-form"
    >
      {fields.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="search-words" className="sr-only">
        {label}
      </label>
      <input
        id="search-words"
        type="search"
        name="q"
        defaultValue={q}
        placeholder={placeholder}
        maxLength={200}
        enterKeyHint="search"
        autoComplete="off"
        className={`${inputStyles} min-w-0 flex-1`}
        dir="auto"
      />
      <button type="submit" className={buttonStyles.primary}>
        <Icon name="search" className="size-4" aria-hidden="true" />
        {t("header.searchSubmit")}
      </button>
    </Form>
  );
}

/**
 * The search page's categories as links (they work without JavaScript and are crawlable): the
 * current one marked, every one a single tap on a phone.
 */
export function CategoryChoices({ choices }: { choices: CategoryChoice[] }) {
  const { t } = useTranslation("discovery");
  return (
    <nav aria-labelledby="category-choices-label" data-testid="category-choices">
      <h2 id="category-choices-label" className="mb-2 text-sm font-medium text-muted">
        {t("search.category")}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {choices.map((choice) => (
          <li key={choice.id ?? "all"}>
            <Link
              to={choice.href}
              aria-current={choice.current ? "page" : undefined}
              className={`inline-flex min-h-10 items-center gap-1 rounded-full px-3.5 py-1.5 text-sm font-medium ring-1 ${
                choice.current
                  ? "bg-brand-700 text-white ring-brand-700"
                  : "bg-white text-ink ring-line hover:bg-slate-50"
              }`}
              data-testid="category-choice"
            >
              {choice.current ? <Icon name="check" className="size-4" aria-hidden="true" /> : null}
              {choice.name ?? t("search.allCategories")}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
