import { Search } from "lucide-react";
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
          className="block w-full rounded-xl border border-line bg-slate-50 py-2.5 ps-10 pe-3 text-sm text-ink placeholder:text-slate-500 focus:border-brand-500 focus:bg-white focus:outline-none focus:ring-2 focus:ring-brand-500/30"
        />
        <button
          type="submit"
          className="absolute inset-y-0 start-0 flex w-10 items-center justify-center text-muted hover:text-brand-700"
          aria-label={t("header.searchSubmit")}
        >
          <Search className="size-4" aria-hidden />
        </button>
      </form>
    </search>
  );
}
