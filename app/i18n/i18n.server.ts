import type { Lang } from "./config";
import { type Namespace, resources } from "./resources.server";
import { type Translate, translator } from "./translate";

const translators = new Map<string, Translate>();

/** A translator for loaders and actions (page titles, e-mails, error messages); built once. */
export function serverT(lang: Lang, ns: Namespace = "common"): Translate {
  const key = `${lang}:${ns}`;
  let t = translators.get(key);
  if (!t) {
    t = translator(lang, resources[lang][ns]);
    translators.set(key, t);
  }
  return t;
}

/** The catalogs a page needs, in its language, to hand to the browser through loader data. */
export function bundlesFor<N extends Namespace>(lang: Lang, namespaces: readonly N[]) {
  const out = {} as { [K in N]: (typeof resources)[Lang][K] };
  for (const ns of namespaces) out[ns] = resources[lang][ns];
  return out;
}
