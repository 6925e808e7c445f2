import { Icon } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/react";

/**
 * The header search: a plain GET form, so submitting is a full page navigation to
 * /search?q=… with or without JavaScript.
 */
export function SearchBox({ id, defaultValue = "" }: { id: string; defaultValue?: string }) {
  const { t } = useTranslation();
  return (
    <search className="block w-full">
      <form action="/search" method="get" className="relative w-full" data-testid={id}>
        <label htmlFor={id} className="sr-only">
          {t("header.searchLabel")}
        </label>
        <input
          id={id}
          name="q"
          type="search"
          defaultValue={defaultValue}
          maxLength={200}
          enterKeyHint="search"
          autoComplete="off"
          placeholder={t("header.searchPlaceholder")}
          className="search-input"
        />
        <button type="submit" className="search-submit" aria-label={t("header.searchSubmit")}>
          <Icon name="search" className="size-4" aria-hidden />
        </button>
      </form>
    </search>
  );
}
