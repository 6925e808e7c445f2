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

/** The catalogs a page needs, in its language, to hand to the browser through loader data. */
export function bundlesFor<N extends Namespace>(
  lang: Lang,
  namespaces: readonly N[],
  /**
   * Only these top-level sections of a namespace (the page's HTML carries its loader data: the
   * listing page does not need the ad form's texts). The browser merges what each page brings.
   */
  sections: { [K in N]?: readonly (keyof (typeof resources)[Lang][K])[] } = {},
) {
  const out = {} as { [K in N]: (typeof resources)[Lang][K] };
  for (const ns of namespaces) {
    const catalog = resources[lang][ns];
    const keys = sections[ns];
    out[ns] = keys
      ? (Object.fromEntries(
          keys.map((key) => [key, catalog[key]]),
        ) as unknown as (typeof resources)[Lang][typeof ns])
      : catalog;
  }
  return out;
}
