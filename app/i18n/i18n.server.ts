import i18next, { type i18n, type TFunction } from "i18next";
import { type Lang, supportedLanguages } from "./config";
import { type Namespace, resources } from "./resources.server";

const instances = new Map<Lang, i18n>();

function instanceFor(lang: Lang): i18n {
  let instance = instances.get(lang);
  if (!instance) {
    instance = i18next.createInstance();
    instance.init({
      lng: lang,
      fallbackLng: false,
      supportedLngs: [...supportedLanguages],
      resources,
      ns: Object.keys(resources.en),
      defaultNS: "common",
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
    });
    instances.set(lang, instance);
  }
  return instance;
}

/** A translator for loaders and actions (page titles, e-mails, error messages). */
export function serverT(lang: Lang, ns: Namespace = "common"): TFunction {
  return instanceFor(lang).getFixedT(lang, ns);
}

/** The catalogs a page needs, in its language, to hand to the browser through loader data. */
export function bundlesFor<N extends Namespace>(lang: Lang, namespaces: readonly N[]) {
  const out = {} as { [K in N]: (typeof resources)[Lang][K] };
  for (const ns of namespaces) out[ns] = resources[lang][ns];
  return out;
}
