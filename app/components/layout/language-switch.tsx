import { useLocation } from "react-router";
import { Icon } from "~/components/ui/icon";
import { isLang, languageStorageKey, otherLanguage } from "~/i18n/config";
import { useTranslation } from "~/i18n/react";
import { currentPath } from "~/utils/same-origin-path";

/**
 * A plain link to the same page with ?lang=, so switching works without JavaScript and the
 * server renders the new language and direction from the first byte. With JavaScript the
 * choice is also remembered under `preferredLanguage` (spec).
 */
export function LanguageSwitch({ className = "" }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const current = isLang(i18n.language) ? i18n.language : "en";
  const target = otherLanguage(current);
  const params = new URLSearchParams(location.search);
  params.set("lang", target);
  return (
    <a
      href={`${currentPath(location.pathname, `?${params.toString()}`)}${location.hash}`}
      hrefLang={target}
      lang={target}
      aria-label={t("header.switchLanguageLabel")}
      data-testid="language-switch"
      onClick={() => {
        try {
          localStorage.setItem(languageStorageKey, target);
        } catch {
          // Private mode or full storage: the cookie still remembers the choice.
        }
      }}
      className={`inline-flex items-center gap-1.5 rounded-xl px-2 py-2 sm:px-3 text-sm font-medium text-ink hover:bg-slate-100 ${className}`}
    >
      <Icon name="languages" className="hidden size-4 sm:block" aria-hidden />
      <span>{t("header.switchLanguage")}</span>
    </a>
  );
}
