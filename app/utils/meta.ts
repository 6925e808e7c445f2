import type { MetaDescriptor } from "react-router";
import { loadedCommonCatalog } from "~/i18n/common-catalog";
import { defaultLanguage } from "~/i18n/config";

export interface PageMeta {
  title: string;
  description?: string;
}

interface RootMatchData {
  lang: "en" | "ar";
  publicUrl: string;
}

interface MetaArgs {
  location: { pathname: string; search: string };
  matches: readonly ({ id: string; data?: unknown; loaderData?: unknown } | undefined)[];
}

const OG_LOCALE = { en: "en_US", ar: "ar_SY" } as const;

/**
 * The query parameters that make a different page; everything else (filters, sorting, the open
 * image, tracking) is noise the canonical URL leaves out. `lang` is added back per language.
 */
export function canonicalParams(search: string): URLSearchParams {
  const params = new URLSearchParams(search);
  const out = new URLSearchParams();
  const q = params.get("q")?.trim();
  if (q) out.set("q", q);
  const category = params.get("category")?.trim();
  if (category) out.set("category", category);
  const page = Number(params.get("page"));
  if (Number.isInteger(page) && page > 1) out.set("page", String(page));
  return out;
}

/**
 * Title, description, canonical URL, hreflang alternates and Open Graph tags for a page, in the
 * page's language. Both language variants of a page are `?lang=` URLs so that a crawler without
 * cookies can reach each; the canonical URL of a variant is itself (a canonical pointing at the
 * other language would tell search engines the two are duplicates). x-default names the default
 * language's variant, not the URL without `lang`: that URL negotiates the language and its
 * canonical is a variant, and a canonical pointing from one hreflang URL to another is refused
 * (Lighthouse's canonical audit, and crawlers then distrust the set).
 */
export function pageMeta(args: MetaArgs, page: PageMeta | undefined): MetaDescriptor[] {
  const rootMatch = args.matches.find((m) => m?.id === "root");
  const root = (rootMatch?.loaderData ?? rootMatch?.data) as RootMatchData | undefined;
  if (!page || !root) return [{ title: "Souqna" }];
  const base = `${root.publicUrl}${args.location.pathname}`;
  const params = canonicalParams(args.location.search);
  const variant = (lang: string) => {
    const p = new URLSearchParams(params);
    p.set("lang", lang);
    return `${base}?${p.toString()}`;
  };
  // The page's language's catalog is always loaded by the time its meta is built.
  const common = loadedCommonCatalog(root.lang);
  const brand = common?.brand ?? "Souqna";
  const fullTitle = page.title.includes(brand) ? page.title : `${page.title} · ${brand}`;
  const description = page.description || common?.siteDescription || "";
  const canonical = variant(root.lang);
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { tagName: "link", rel: "alternate", hrefLang: "en", href: variant("en") },
    { tagName: "link", rel: "alternate", hrefLang: "ar", href: variant("ar") },
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: variant(defaultLanguage) },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:url", content: canonical },
    { property: "og:site_name", content: brand },
    { property: "og:locale", content: OG_LOCALE[root.lang] },
    {
      property: "og:locale:alternate",
      content: OG_LOCALE[root.lang === "ar" ? "en" : "ar"],
    },
  ];
}

/** A page search engines must not index (forms, personal pages): its meta and robots noindex. */
export function noindexPageMeta(
  args: MetaArgs & { loaderData?: { meta?: PageMeta } | null },
): MetaDescriptor[] {
  return [...pageMeta(args, args.loaderData?.meta), { name: "robots", content: "noindex" }];
}
