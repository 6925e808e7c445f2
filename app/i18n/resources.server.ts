import arAccount from "./locales/ar/account";
import arAuth from "./locales/ar/auth";
import arCommon from "./locales/ar/common";
import arDiscovery from "./locales/ar/discovery";
import arErrors from "./locales/ar/errors";
import arFavorites from "./locales/ar/favorites";
import arFlash from "./locales/ar/flash";
import arHome from "./locales/ar/home";
import arListings from "./locales/ar/listings";
import arMail from "./locales/ar/mail";
import arMessages from "./locales/ar/messages";
import arModeration from "./locales/ar/moderation";
import arOffline from "./locales/ar/offline";
import arPages from "./locales/ar/pages";
import arRatings from "./locales/ar/ratings";
import arSavedSearches from "./locales/ar/saved-searches";
import arStatistics from "./locales/ar/statistics";
import arWebApp from "./locales/ar/web-app";
import enAccount from "./locales/en/account";
import enAuth from "./locales/en/auth";
import enCommon from "./locales/en/common";
import enDiscovery from "./locales/en/discovery";
import enErrors from "./locales/en/errors";
import enFavorites from "./locales/en/favorites";
import enFlash from "./locales/en/flash";
import enHome from "./locales/en/home";
import enListings from "./locales/en/listings";
import enMail from "./locales/en/mail";
import enMessages from "./locales/en/messages";
import enModeration from "./locales/en/moderation";
import enOffline from "./locales/en/offline";
import enPages from "./locales/en/pages";
import enRatings from "./locales/en/ratings";
import enSavedSearches from "./locales/en/saved-searches";
import enStatistics from "./locales/en/statistics";
import enWebApp from "./locales/en/web-app";

/**
 * Every catalog, for the server. The browser receives only what each page needs. The error
 * messages, the notices after a redirect and the web app manifest are written on the server only,
 * so they sit in files of their own, outside the shared catalog the browser fetches, and join
 * `common` here (`errors.*`, `flash.*`, `webApp.*`, `offline.*`).
 */
export const resources = {
  en: {
    common: { ...enCommon, errors: enErrors, flash: enFlash, webApp: enWebApp, offline: enOffline },
    auth: enAuth,
    account: enAccount,
    home: enHome,
    discovery: enDiscovery,
    listings: enListings,
    mail: enMail,
    favorites: enFavorites,
    messages: enMessages,
    moderation: enModeration,
    pages: enPages,
    savedSearches: enSavedSearches,
    ratings: enRatings,
    statistics: enStatistics,
  },
  ar: {
    common: { ...arCommon, errors: arErrors, flash: arFlash, webApp: arWebApp, offline: arOffline },
    auth: arAuth,
    account: arAccount,
    home: arHome,
    discovery: arDiscovery,
    listings: arListings,
    mail: arMail,
    favorites: arFavorites,
    messages: arMessages,
    moderation: arModeration,
    pages: arPages,
    savedSearches: arSavedSearches,
    ratings: arRatings,
    statistics: arStatistics,
  },
} as const;

export type Namespace = keyof (typeof resources)["en"];
