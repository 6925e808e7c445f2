import arCommon from "./locales/ar/common";
import arHome from "./locales/ar/home";
import arPages from "./locales/ar/pages";
import enCommon from "./locales/en/common";
import enHome from "./locales/en/home";
import enPages from "./locales/en/pages";

/** Every catalog, for the server. The browser receives only what each page needs. */
export const resources = {
  en: { common: enCommon, home: enHome, pages: enPages },
  ar: { common: arCommon, home: arHome, pages: arPages },
} as const;

export type Namespace = keyof (typeof resources)["en"];
