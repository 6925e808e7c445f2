import {
  listingsSitemapFile,
  SITEMAP_HEADERS,
  sellersSitemapFile,
  staticPages,
  urlsetXml,
} from "~/domain/seo/sitemap.server";
import type { Route } from "./+types/sitemaps";

/** The pieces the sitemap index names: /sitemaps/pages.xml and /sitemaps/listings-{n}.xml. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, env } = context;
  if (params.file === "pages.xml") {
    return new Response(urlsetXml(env.PUBLIC_URL, staticPages()), { headers: SITEMAP_HEADERS });
  }
  const match = /^(listings|sellers)-([1-9]\d{0,6})\.xml$/.exec(params.file);
  const read = match?.[1] === "sellers" ? sellersSitemapFile : listingsSitemapFile;
  const pages = match
    ? await read({ db, file: Number(match[2]), maxUrls: env.SITEMAP_URLS_PER_FILE })
    : null;
  if (!pages) {
    return new Response("Not Found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(urlsetXml(env.PUBLIC_URL, pages), { headers: SITEMAP_HEADERS });
}
