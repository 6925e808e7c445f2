import type { Lang } from "./config";
import type { TFunction } from "./keys";
import { type Namespace, resources } from "./resources.server";
import { type Translate, translator } from "./translate";

const translators = new Map<string, Translate>();

/**
 * A translator for loaders and actions (page titles, e-mails, error messages); built once. Its
 * keys are typed by the namespace's English catalog (keys.ts).
 */
export function serverT<NS extends Namespace = "common">(
  lang: Lang,
  ns: NS = "common" as NS,
): TFunction<NS> {
  const key = `${lang}:${ns}`;
  let t = translators.get(key);
  if (!t) {
    t = translator(lang, resources[lang][ns]);
    translators.set(key, t);
  }
  return t as TFunction<NS>;
}

type Catalog<K extends Namespace> = (typeof resources)[Lang][K];

/** Sections of a namespace's catalog, by namespace: what a page chooses to send. */
type Sections<N extends Namespace> = { [K in N]?: readonly (keyof Catalog<K>)[] };

/**
 * What `bundlesFor` hands over, typed as exactly that: the sections a page named, or the whole
 * catalog. A component typed by it (keys.ts, `TFunction`'s second parameter) cannot read a text
 * its page does not send.
 */
export type Bundles<N extends Namespace, S extends Sections<N>> = {
  [K in N]: S[K] extends readonly (infer Section)[]
    ? Pick<Catalog<K>, Section & keyof Catalog<K>>
    : Catalog<K>;
};

/** The catalogs a page needs, in its language, to hand to the browser through loader data. */
export function bundlesFor<N extends Namespace, const S extends Sections<N> = Record<never, never>>(
  lang: Lang,
  namespaces: readonly N[],
  /**
   * Only these top-level sections of a namespace (the page's HTML carries its loader data: the
   * listing page does not need the ad form's texts). The browser merges what each page brings.
   */
  sections: S = {} as S,
): Bundles<N, S> {
  const out: Partial<Record<N, object>> = {};
  for (const ns of namespaces) {
    const catalog: Record<string, unknown> = resources[lang][ns];
    const keys: readonly PropertyKey[] | undefined = sections[ns];
    out[ns] = keys ? Object.fromEntries(keys.map((key) => [key, catalog[key as string]])) : catalog;
  }
  // Built key by key above; the compiler cannot follow Object.fromEntries.
  return out as Bundles<N, S>;
}
