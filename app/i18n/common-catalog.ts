import type { Lang } from "./config";
import type en from "./locales/en/common";
import type { Widened } from "./types";

/*
 * The shared catalog (header, footer, errors…) in one language per page: the server registers
 * both (entry.server.tsx); the browser fetches only the page's own before it hydrates
 * (entry.client.tsx) and, should a navigation change the language, the other one then.
 */
export type CommonCatalog = Widened<typeof en>;

const catalogs: Partial<Record<Lang, CommonCatalog>> = {};
const loading: Partial<Record<Lang, Promise<CommonCatalog>>> = {};

export function registerCommonCatalogs(all: Record<Lang, CommonCatalog>) {
  Object.assign(catalogs, all);
}

/** The catalog if it is here already. */
export function loadedCommonCatalog(lang: Lang): CommonCatalog | undefined {
  return catalogs[lang];
}

/** Fetches a language's catalog once (the same promise every time, as React's `use` needs). */
export function loadCommonCatalog(lang: Lang): Promise<CommonCatalog> {
  loading[lang] ??= (
    lang === "ar"
      ? import("./locales/ar/common").then((m) => m.default as CommonCatalog)
      : import("./locales/en/common").then((m) => m.default)
  ).then((catalog) => {
    catalogs[lang] = catalog;
    return catalog;
  });
  return loading[lang];
}
