import { describe, expect, it } from "vitest";
import { registerCommonCatalogs } from "~/i18n/common-catalog";
import ar from "~/i18n/locales/ar/common";
import en from "~/i18n/locales/en/common";
import { canonicalParams, pageMeta } from "./meta";

// As entry.server.tsx does (the browser has its page's language loaded before it renders).
registerCommonCatalogs({ en, ar });

const args = (lang: "en" | "ar", pathname: string, search = "") => ({
  location: { pathname, search },
  matches: [{ id: "root", loaderData: { lang, publicUrl: "https://souqna.example" } }],
});

const find = (tags: ReturnType<typeof pageMeta>, key: string, value: string) =>
  tags.filter((tag) => (tag as Record<string, unknown>)[key] === value);

describe("pageMeta", () => {
  it("gives a title, description, canonical URL, alternates and Open Graph tags", () => {
    const tags = pageMeta(args("en", "/about"), { title: "About Us", description: "Who we are" });
    expect(tags).toEqual([
      { title: "About Us · Souqna" },
      { name: "description", content: "Who we are" },
      { tagName: "link", rel: "canonical", href: "https://souqna.example/about?lang=en" },
      {
        tagName: "link",
        rel: "alternate",
        hrefLang: "en",
        href: "https://souqna.example/about?lang=en",
      },
      {
        tagName: "link",
        rel: "alternate",
        hrefLang: "ar",
        href: "https://souqna.example/about?lang=ar",
      },
      {
        tagName: "link",
        rel: "alternate",
        hrefLang: "x-default",
        href: "https://souqna.example/about?lang=en",
      },
      { property: "og:title", content: "About Us · Souqna" },
      { property: "og:description", content: "Who we are" },
      { property: "og:type", content: "website" },
      { property: "og:url", content: "https://souqna.example/about?lang=en" },
      { property: "og:site_name", content: "Souqna" },
      { property: "og:locale", content: "en_US" },
      { property: "og:locale:alternate", content: "ar_SY" },
    ]);
  });

  it("in Arabic, with the site description when the page has none", () => {
    const tags = pageMeta(args("ar", "/"), { title: "سوقنا" });
    expect(tags[0]).toEqual({ title: "سوقنا" });
    expect(find(tags, "name", "description")[0]).toMatchObject({
      content: expect.stringContaining("سوريا"),
    });
    expect(find(tags, "rel", "canonical")[0]).toMatchObject({
      href: "https://souqna.example/?lang=ar",
    });
    expect(find(tags, "property", "og:locale")[0]).toMatchObject({ content: "ar_SY" });
    expect(find(tags, "property", "og:locale:alternate")[0]).toMatchObject({ content: "en_US" });
    expect(find(tags, "property", "og:site_name")[0]).toMatchObject({ content: "سوقنا" });
  });

  it("leaves filters, sorting and other noise out of the canonical URL, but keeps the page", () => {
    const tags = pageMeta(
      args("en", "/category/motors", "?make=toyota&sort=price_asc&page=3&utm_source=x&lang=ar"),
      { title: "Motors" },
    );
    expect(find(tags, "rel", "canonical")[0]).toMatchObject({
      href: "https://souqna.example/category/motors?page=3&lang=en",
    });
    expect(find(tags, "hrefLang", "x-default")[0]).toMatchObject({
      href: "https://souqna.example/category/motors?page=3&lang=en",
    });
  });

  it("has one tag of each kind", () => {
    const tags = pageMeta(args("en", "/jobs"), { title: "Jobs", description: "d" });
    const keys = tags.map((tag) => {
      const t = tag as Record<string, unknown>;
      return JSON.stringify([t.name, t.property, t.rel, t.hrefLang]);
    });
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("only a title without root data", () => {
    expect(
      pageMeta({ location: { pathname: "/", search: "" }, matches: [] }, { title: "x" }),
    ).toEqual([{ title: "Souqna" }]);
  });
});

describe("canonicalParams", () => {
  it.each([
    ["", ""],
    ["?page=1", ""],
    ["?page=2", "page=2"],
    ["?page=0", ""],
    ["?page=-3", ""],
    ["?page=abc", ""],
    ["?page=2.5", ""],
    ["?q=%20toyota%20&category=1&sort=newest&page=2", "q=toyota&category=1&page=2"],
    ["?q=&lang=en", ""],
  ])("%s → %s", (search, expected) => {
    expect(canonicalParams(search).toString()).toBe(expected);
  });
});
