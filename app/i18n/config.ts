export const supportedLanguages = ["en", "ar"] as const;
export type Lang = (typeof supportedLanguages)[number];
export const defaultLanguage: Lang = "en";

/** The cookie and the local-storage key that remember a visitor's choice. */
export const languageCookieName = "lang";
export const languageStorageKey = "preferredLanguage";

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (supportedLanguages as readonly string[]).includes(value);
}

export function directionOf(lang: Lang): "rtl" | "ltr" {
  return lang === "ar" ? "rtl" : "ltr";
}

export function otherLanguage(lang: Lang): Lang {
  return lang === "ar" ? "en" : "ar";
}

/** BCP 47 locales for Intl formatting: ar-SY and en-US (docs/product-decisions.md §D10). */
export function localeOf(lang: Lang) {
  return lang === "ar" ? "ar-SY" : "en-US";
}
