import {
  SITEMAP_HEADERS,
  sitemapIndexXml,
  sitemapRoot,
  urlsetXml,
} from "~/domain/seo/sitemap.server";
import type { Route } from "./+types/sitemap[.]xml";

/** The whole sitemap while it fits in one file, else the index of its pieces. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, env } = context;
  const root = await sitemapRoot({ db, maxUrls: env.SITEMAP_URLS_PER_FILE });
  const xml =
    root.kind === "urlset"
      ? urlsetXml(env.PUBLIC_URL, root.pages)
      : sitemapIndexXml(env.PUBLIC_URL, root.files);
  return new Response(xml, { headers: SITEMAP_HEADERS });
}
