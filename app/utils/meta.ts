import type { MetaDescriptor } from "react-router";

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

/**
 * Title, description, canonical URL, hreflang alternates and Open Graph tags for a page,
 * in the page's language. Both language variants of a page are `?lang=` URLs so that a
 * crawler without cookies can reach each.
 */
export function pageMeta(args: MetaArgs, page: PageMeta | undefined): MetaDescriptor[] {
  const rootMatch = args.matches.find((m) => m?.id === "root");
  const root = (rootMatch?.loaderData ?? rootMatch?.data) as RootMatchData | undefined;
  if (!page || !root) return [{ title: "Souqna" }];
  const base = `${root.publicUrl}${args.location.pathname}`;
  const params = new URLSearchParams(args.location.search);
  params.delete("lang");
  const variant = (lang: string) => {
    const p = new URLSearchParams(params);
    p.set("lang", lang);
    return `${base}?${p.toString()}`;
  };
  const plain = params.size > 0 ? `${base}?${params.toString()}` : base;
  const fullTitle =
    page.title.includes("Souqna") || page.title.includes("سوقنا")
      ? page.title
      : `${page.title} · ${root.lang === "ar" ? "سوقنا" : "Souqna"}`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { tagName: "link", rel: "canonical", href: variant(root.lang) },
    { tagName: "link", rel: "alternate", hrefLang: "en", href: variant("en") },
    { tagName: "link", rel: "alternate", hrefLang: "ar", href: variant("ar") },
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: plain },
    { property: "og:title", content: fullTitle },
    { property: "og:type", content: "website" },
    { property: "og:url", content: variant(root.lang) },
    { property: "og:locale", content: root.lang === "ar" ? "ar_SY" : "en_US" },
    { property: "og:site_name", content: root.lang === "ar" ? "سوقنا" : "Souqna" },
  ];
  if (page.description) {
    tags.push({ name: "description", content: page.description });
    tags.push({ property: "og:description", content: page.description });
  }
  return tags;
}
