import { and, asc, eq, gte, sql } from "drizzle-orm";
import { type Database, selectRows } from "~/db/client.server";
import { categories } from "~/db/reference-data/categories";
import { listings, profiles, users } from "~/db/schema";
import { defaultLanguage, supportedLanguages } from "~/i18n/config";

/*
 * Sitemaps (sitemaps.org 0.9) with hreflang alternates. Every page exists in two languages as
 * `?lang=en` and `?lang=ar` (app/utils/meta.ts: each is its own canonical URL), so each page
 * gives two <url> entries, each naming both variants and x-default (the default language's variant, as pages do).
 *
 * /sitemap.xml is the whole urlset while everything fits in one file, else an index of
 * /sitemaps/pages.xml, /sitemaps/listings-{n}.xml (active listings by id, keyset-paginated) and
 * /sitemaps/sellers-{n}.xml (the pages of members with something for sale, decision 026: the others
 * are noindex).
 */

/** The protocol's limit of <url> entries per file. */
export const SITEMAP_MAX_URLS = 50_000;
const URLS_PER_PAGE = supportedLanguages.length;

export interface SitemapPage {
  path: string;
  /** ISO 8601. */
  lastmod?: string;
}

/** The public pages that are not listings: home, the static pages and every category. */
export function staticPages(): SitemapPage[] {
  return [
    { path: "/" },
    { path: "/about" },
    { path: "/jobs" },
    { path: "/safety-tips" },
    { path: "/terms-conditions" },
    { path: "/install" },
    ...categories.map((category) => ({ path: `/category/${category.slug}` })),
  ];
}

/** Listing pages per listings file, so that the file holds at most `maxUrls` <url> entries. */
export function listingsPerFile(maxUrls: number) {
  return Math.max(1, Math.floor(maxUrls / URLS_PER_PAGE));
}

export async function countActiveListings(db: Database): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(listings)
    .where(eq(listings.status, "active"));
  return Number(row?.count ?? 0);
}

/**
 * What /sitemap.xml serves: everything, when pages and listings fit in one file; else the index
 * with the last change of each listings file.
 */
export async function sitemapRoot({
  db,
  maxUrls = SITEMAP_MAX_URLS,
}: {
  db: Database;
  maxUrls?: number;
}): Promise<
  | { kind: "urlset"; pages: SitemapPage[] }
  | { kind: "index"; files: { path: string; lastmod?: string }[] }
> {
  const pages = staticPages();
  const [active, sellers] = await Promise.all([countActiveListings(db), countSellerPages(db)]);
  if ((pages.length + active + sellers) * URLS_PER_PAGE <= maxUrls) {
    const rows = active > 0 ? await listingsFrom(db, null, active) : [];
    const sellerRows = sellers > 0 ? await sellerPages(db, 0, sellers) : [];
    return { kind: "urlset", pages: [...pages, ...rows, ...sellerRows] };
  }
  const perFile = listingsPerFile(maxUrls);
  // One pass over the active listings' ids: the newest change in each file's range.
  const chunks = await selectRows<{ chunk: number; lastmod: Date | string }>(
    db,
    sql`select chunk::int as chunk, max(updated_at) as lastmod
        from (select updated_at, (row_number() over (order by id) - 1) / ${perFile} as chunk
              from ${listings} where status = 'active') numbered
        group by chunk order by chunk`,
  );
  return {
    kind: "index",
    files: [
      { path: "/sitemaps/pages.xml" },
      ...chunks.map((row) => ({
        path: `/sitemaps/listings-${row.chunk + 1}.xml`,
        lastmod: new Date(row.lastmod).toISOString(),
      })),
      ...Array.from({ length: Math.ceil(sellers / perFile) }, (_, i) => ({
        path: `/sitemaps/sellers-${i + 1}.xml`,
      })),
    ],
  };
}

/** Members with an active listing who are not suspended: the seller pages worth indexing. */
const sellersWithListings = sql`select l.user_id as id, max(l.updated_at) as lastmod
  from ${listings} l join ${users} u on u.id = l.user_id
  where l.status = 'active' and u.suspended_at is null
  group by l.user_id`;

export async function countSellerPages(db: Database): Promise<number> {
  const [row] = await selectRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from (${sellersWithListings}) s`,
  );
  return Number(row?.count ?? 0);
}

/** Their pages by member id, at their username's address when they have one (decision 026). */
async function sellerPages(db: Database, offset: number, limit: number): Promise<SitemapPage[]> {
  const rows = await selectRows<{ id: string; username: string | null; lastmod: Date | string }>(
    db,
    sql`select s.id, p.username, s.lastmod from (${sellersWithListings}) s
        left join ${profiles} p on p.id = s.id
        order by s.id offset ${offset} limit ${limit}`,
  );
  return rows.map((row) => ({
    path: `/u/${encodeURIComponent(row.username ?? row.id)}`,
    lastmod: new Date(row.lastmod).toISOString(),
  }));
}

/** The n-th file (from 1) of seller pages, or null past the end. */
export async function sellersSitemapFile({
  db,
  file,
  maxUrls = SITEMAP_MAX_URLS,
}: {
  db: Database;
  file: number;
  maxUrls?: number;
}): Promise<SitemapPage[] | null> {
  if (!Number.isSafeInteger(file) || file < 1) return null;
  const perFile = listingsPerFile(maxUrls);
  const pages = await sellerPages(db, (file - 1) * perFile, perFile);
  return pages.length > 0 ? pages : null;
}

/**
 * The n-th file (from 1) of active listings ordered by id, or null past the end. The first id of
 * the file is found with one index step, then the file is read forwards from it.
 */
export async function listingsSitemapFile({
  db,
  file,
  maxUrls = SITEMAP_MAX_URLS,
}: {
  db: Database;
  file: number;
  maxUrls?: number;
}): Promise<SitemapPage[] | null> {
  if (!Number.isSafeInteger(file) || file < 1) return null;
  const perFile = listingsPerFile(maxUrls);
  const [start] = await db
    .select({ id: listings.id })
    .from(listings)
    .where(eq(listings.status, "active"))
    .orderBy(asc(listings.id))
    .offset((file - 1) * perFile)
    .limit(1);
  if (!start) return null;
  return listingsFrom(db, start.id, perFile);
}

async function listingsFrom(db: Database, fromId: string | null, limit: number) {
  const rows = await db
    .select({ id: listings.id, updatedAt: listings.updatedAt })
    .from(listings)
    .where(
      fromId
        ? and(eq(listings.status, "active"), gte(listings.id, fromId))
        : eq(listings.status, "active"),
    )
    .orderBy(asc(listings.id))
    .limit(limit);
  return rows.map((row) => ({
    path: `/listing/${row.id}`,
    lastmod: new Date(row.updatedAt).toISOString(),
  }));
}

export function xmlEscape(value: string) {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c,
  );
}

const XML_HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** A urlset: two entries (en, ar) per page, each with its alternates. */
export function urlsetXml(publicUrl: string, pages: readonly SitemapPage[]) {
  const out: string[] = [
    XML_HEADER,
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n',
  ];
  for (const page of pages) {
    const plain = `${publicUrl}${page.path}`;
    const variant = (lang: string) => `${plain}${plain.includes("?") ? "&" : "?"}lang=${lang}`;
    const alternates = [
      ...supportedLanguages.map(
        (lang) =>
          `<xhtml:link rel="alternate" hreflang="${lang}" href="${xmlEscape(variant(lang))}"/>`,
      ),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${xmlEscape(variant(defaultLanguage))}"/>`,
    ].join("");
    const lastmod = page.lastmod ? `<lastmod>${xmlEscape(page.lastmod)}</lastmod>` : "";
    for (const lang of supportedLanguages) {
      out.push(`<url><loc>${xmlEscape(variant(lang))}</loc>${lastmod}${alternates}</url>\n`);
    }
  }
  out.push("</urlset>\n");
  return out.join("");
}

export function sitemapIndexXml(
  publicUrl: string,
  files: readonly { path: string; lastmod?: string }[],
) {
  const entries = files.map((file) => {
    const lastmod = file.lastmod ? `<lastmod>${xmlEscape(file.lastmod)}</lastmod>` : "";
    return `<sitemap><loc>${xmlEscape(`${publicUrl}${file.path}`)}</loc>${lastmod}</sitemap>\n`;
  });
  return `${XML_HEADER}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("")}</sitemapindex>\n`;
}

export const SITEMAP_HEADERS = {
  "Content-Type": "application/xml; charset=utf-8",
  "Cache-Control": "public, max-age=3600",
};
