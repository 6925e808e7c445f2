import i18next, { type i18n, type Resource } from "i18next";
import { useTranslation } from "react-i18next";
import { type Lang, supportedLanguages } from "./config";

/**
 * Builds the i18next instance from the catalogs the server sent with the page, synchronously,
 * so the first render (server and hydration alike) already has every text.
 */
export function createI18n(lang: Lang, bundles: Record<string, object>): i18n {
  const instance = i18next.createInstance();
  instance.init({
    lng: lang,
    fallbackLng: false,
    supportedLngs: [...supportedLanguages],
    resources: { [lang]: bundles } as Resource,
    defaultNS: "common",
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    react: { useSuspense: false },
  });
  return instance;
}

/** Adds a route's own catalog (sent in its loader data) before its texts are read. */
export function useNamespace(ns: string, bundle: object | undefined) {
  const { i18n } = useTranslation();
  if (bundle && !i18n.hasResourceBundle(i18n.language, ns)) {
    i18n.addResourceBundle(i18n.language, ns, bundle);
  }
  return useTranslation(ns);
}
