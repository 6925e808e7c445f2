import { createContext, type ReactNode, useContext, useMemo } from "react";
import type { Lang } from "./config";
import type { Catalogs, ListKey, Namespace, TFunction } from "./keys";
import { listOf, translator } from "./translate";

/**
 * The page's language and the catalogs it has: `common` from the start (root), a route's own
 * catalog added when the route first renders (it comes in the route's loader data). Catalogs are
 * the same for every page of a language, so adding one during render is safe.
 */
interface I18nState {
  lang: Lang;
  catalogs: Record<string, object>;
}

const I18nContext = createContext<I18nState | null>(null);

export function I18nProvider({
  lang,
  common,
  children,
}: {
  lang: Lang;
  common: object;
  children: ReactNode;
}) {
  const state = useMemo(() => ({ lang, catalogs: { common } }), [lang, common]);
  return <I18nContext.Provider value={state}>{children}</I18nContext.Provider>;
}

function useI18nState() {
  const state = useContext(I18nContext);
  if (!state) throw new Error("useTranslation needs the I18nProvider (root.tsx)");
  return state;
}

/**
 * `t` for one catalog (default `common`) and the page's language, its keys typed by the English
 * catalog (keys.ts) and, when `Sent` is given, by the part of it the page sends; `list` for a list
 * of texts in it (see listOf).
 */
export function useTranslation<NS extends Namespace = "common", Sent = Catalogs[NS]>(
  ns: NS = "common" as NS,
): {
  t: TFunction<NS, Sent>;
  list: <T>(key: ListKey<NS>, options?: Record<string, unknown>) => T[];
  i18n: { language: Lang };
} {
  const state = useI18nState();
  const catalog = state.catalogs[ns];
  return useMemo(
    () => ({
      t: translator(state.lang, catalog) as TFunction<NS, Sent>,
      list: <T,>(key: string, options?: Record<string, unknown>) =>
        listOf<T>(catalog, key, options),
      i18n: { language: state.lang },
    }),
    [state.lang, catalog],
  );
}

/** Adds a route's own catalog (sent in its loader data) before its texts are read. */
export function useNamespace<NS extends Namespace>(ns: NS, catalog: object | undefined) {
  const state = useI18nState();
  if (catalog) {
    // A page may send only the sections of a catalog it shows (bundlesFor's `sections`): each
    // page's part is merged into what earlier pages brought, once.
    let merged = mergedBy.get(state);
    if (!merged) {
      merged = new WeakSet();
      mergedBy.set(state, merged);
    }
    if (!merged.has(catalog)) {
      merged.add(catalog);
      const known = state.catalogs[ns];
      state.catalogs[ns] = known ? mergeCatalogs(known, catalog) : catalog;
    }
  }
  return useTranslation(ns);
}

const mergedBy = new WeakMap<I18nState, WeakSet<object>>();

const isSection = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * `known` with `added`'s texts, section by section: a page's part of a section (the listing
 * page's `related.moreIn`) must not replace the whole section another response brought (the
 * neighbours' `related`), as the page's data comes again after every action on it.
 */
function mergeCatalogs(known: object, added: object): object {
  const merged: Record<string, unknown> = { ...known };
  for (const [key, value] of Object.entries(added)) {
    const before = merged[key];
    merged[key] = isSection(before) && isSection(value) ? mergeCatalogs(before, value) : value;
  }
  return merged;
}
