import arAccount from "./locales/ar/account";
import arAuth from "./locales/ar/auth";
import arCommon from "./locales/ar/common";
import arDiscovery from "./locales/ar/discovery";
import arHome from "./locales/ar/home";
import arListings from "./locales/ar/listings";
import arMail from "./locales/ar/mail";
import arPages from "./locales/ar/pages";
import enAccount from "./locales/en/account";
import enAuth from "./locales/en/auth";
import enCommon from "./locales/en/common";
import enDiscovery from "./locales/en/discovery";
import enHome from "./locales/en/home";
import enListings from "./locales/en/listings";
import enMail from "./locales/en/mail";
import enPages from "./locales/en/pages";

/** Every catalog, for the server. The browser receives only what each page needs. */
export const resources = {
  en: {
    common: enCommon,
    auth: enAuth,
    account: enAccount,
    home: enHome,
    discovery: enDiscovery,
    listings: enListings,
    mail: enMail,
    pages: enPages,
  },
  ar: {
    common: arCommon,
    auth: arAuth,
    account: arAccount,
    home: arHome,
    discovery: arDiscovery,
    listings: arListings,
    mail: arMail,
    pages: arPages,
  },
} as const;

export type Namespace = keyof (typeof resources)["en"];
