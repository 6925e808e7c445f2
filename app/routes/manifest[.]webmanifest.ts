import { directionOf, type Lang } from "~/i18n/config";
import { serverT } from "~/i18n/i18n.server";
import type { Route } from "./+types/manifest[.]webmanifest";

/** The brand's green (root.tsx's theme-color) and the page background behind the splash screen. */
const THEME_COLOR = "#047858";
const BACKGROUND_COLOR = "#f8fafc";

/**
 * The web app manifest in the request's language (root.tsx links `?lang=` of the page: browsers
 * fetch a manifest without cookies, so the address carries the language). One `id` for both
 * languages: installing in Arabic and in English is one app, not two.
 */
function webAppManifest(lang: Lang) {
  const t = serverT(lang);
  const inLang = (path: string) => `${path}?lang=${lang}`;
  return {
    id: "/?source=pwa",
    name: t("webApp.name"),
    short_name: t("webApp.shortName"),
    description: t("webApp.description"),
    lang,
    dir: directionOf(lang),
    start_url: `${inLang("/")}&source=pwa`,
    scope: "/",
    display: "standalone",
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
    shortcuts: [
      { name: t("webApp.shortcuts.postAd"), url: inLang("/post-ad") },
      { name: t("webApp.shortcuts.search"), url: inLang("/search") },
      { name: t("webApp.shortcuts.messages"), url: inLang("/messages") },
    ],
  };
}

export function loader({ context }: Route.LoaderArgs) {
  return new Response(JSON.stringify(webAppManifest(context.lang)), {
    headers: {
      "Content-Type": "application/manifest+json; charset=utf-8",
      // Changes only with a release; the language is in the address (and the server's Vary).
      "Cache-Control": "public, max-age=86400",
    },
  });
}
