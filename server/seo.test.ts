import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories } from "../app/db/reference-data/categories";
import { listings, users } from "../app/db/schema";
import { type RunningServer, startServer } from "../tests/setup/server-process";
import { createTestDatabase, type TestDatabase } from "../tests/setup/test-database";

/*
 * Being found, over HTTP on the built app: robots.txt, the sitemap (one urlset, or an index of
 * pieces past the per-file limit), the canonical and Open Graph tags, and the exchange-rate
 * updater the server starts. The database is seeded before the server starts on it.
 */
// A path with "&" proves that everything written into the XML is escaped.
const PUBLIC_URL = "http://souqna.test/shop&more";
const ESCAPED_URL = "http://souqna.test/shop&amp;more";

let database: TestDatabase;
let rateService: http.Server;
let rateHits = 0;
const activeIds: string[] = [];
const hiddenIds: string[] = [];

function serverEnv(extra: Record<string, string> = {}) {
  const { dataDir, databaseUrl } = database.location;
  return {
    DATA_DIR: dataDir ?? fs.mkdtempSync("/tmp/souqna-seo-"),
    DATABASE_URL: databaseUrl ?? "",
    PUBLIC_URL,
    ...extra,
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  await db.insert(users).values({ id: "seller", name: "Seller", email: "seller@example.com" });
  const statuses = [
    "active",
    "sold",
    "active",
    "inactive",
    "active",
    "removed",
    "active",
    "active",
  ];
  for (const [i, status] of statuses.entries()) {
    const [row] = await db
      .insert(listings)
      .values({
        userId: "seller",
        categoryId: 1,
        title: `Car ${i} <b>&</b>`,
        price: 1000 * (i + 1),
        status: status as "active",
      })
      .returning({ id: listings.id });
    (status === "active" ? activeIds : hiddenIds).push(row?.id ?? "");
  }
  activeIds.sort();
  // The server opens the same PGlite data dir, which allows one process at a time.
  if (database.location.dataDir) await database.close();

  rateService = http.createServer((_req, res) => {
    rateHits++;
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ base: "SYP", date: "2026-03-03", rates: { USD: 0.0087 } }));
  });
  await new Promise<void>((resolve) => rateService.listen(0, "127.0.0.1", resolve));
});

afterAll(async () => {
  rateService?.close();
  if (database.location.dataDir) {
    fs.rmSync(database.location.dataDir, { recursive: true, force: true });
  } else {
    await database.destroy();
  }
});

const urlsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] ?? "");

describe("with the default limit of 50,000 URLs a file", () => {
  let server: RunningServer;
  beforeAll(async () => {
    const port = (rateService.address() as AddressInfo).port;
    server = await startServer(
      serverEnv({ EXCHANGE_RATE_URL: `http://127.0.0.1:${port}/latest/SYP` }),
    );
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("serves robots.txt that keeps crawlers out of private pages and names the sitemap", async () => {
    const res = await fetch(`${server.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*\nAllow: \/\n/);
    for (const path of [
      "/auth",
      "/settings",
      "/profile",
      "/my-listings",
      "/post-ad",
      "/edit-listing/",
      "/api/",
      "/dev/",
      "/messages",
      "/favorites",
    ]) {
      expect(text).toContain(`\nDisallow: ${path}\n`);
    }
    expect(text).toContain(`\nSitemap: ${PUBLIC_URL}/sitemap.xml\n`);
  });

  it("serves one urlset with the pages and the active listings only, in both languages", async () => {
    const res = await fetch(`${server.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/xml/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset /);
    const urls = urlsOf(xml);
    for (const id of activeIds) {
      expect(urls).toContain(`${ESCAPED_URL}/listing/${id}?lang=en`);
      expect(urls).toContain(`${ESCAPED_URL}/listing/${id}?lang=ar`);
    }
    for (const id of hiddenIds) expect(xml).not.toContain(id);
    expect(urls).toContain(`${ESCAPED_URL}/?lang=ar`);
    expect(urls).toContain(`${ESCAPED_URL}/safety-tips?lang=en`);
    for (const category of categories) {
      expect(urls).toContain(`${ESCAPED_URL}/category/${category.slug}?lang=en`);
    }
    expect(xml).toContain(
      `<xhtml:link rel="alternate" hreflang="x-default" href="${ESCAPED_URL}/listing/${activeIds[0]}?lang=en"/>`,
    );
    expect(xml).not.toContain("/auth");
    // The seller's page: they have listings for sale.
    expect(urls).toContain(`${ESCAPED_URL}/u/seller?lang=ar`);
    // Nothing unescaped: every "&" starts an entity.
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  });

  it("has no listings files beyond the first while one file holds everything", async () => {
    expect((await fetch(`${server.url}/sitemaps/listings-1.xml`)).status).toBe(200);
    expect((await fetch(`${server.url}/sitemaps/listings-2.xml`)).status).toBe(404);
    expect((await fetch(`${server.url}/sitemaps/other.xml`)).status).toBe(404);
  });

  it("gives pages a canonical URL, a description and Open Graph locales", async () => {
    const html = await (await fetch(`${server.url}/about?lang=ar&utm_source=x`)).text();
    expect(html).toContain(`<link rel="canonical" href="${ESCAPED_URL}/about?lang=ar"/>`);
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    expect(html).toContain('<meta property="og:locale" content="ar_SY"/>');
    expect(html).toContain('<meta property="og:locale:alternate" content="en_US"/>');
    expect(html.match(/rel="canonical"/g)).toHaveLength(1);
  });

  it("fetched and stored the exchange rate at start", async () => {
    await expect.poll(() => rateHits, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    await expect
      .poll(() => server.output(), { timeout: 10_000 })
      .toContain("stored the USD exchange rate");
    expect(server.output()).toContain('"rate":0.0087');
  });
});

describe("with a limit of 4 URLs a file", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer(serverEnv({ SITEMAP_URLS_PER_FILE: "4" }));
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("serves a sitemap index whose pieces hold every active listing once", async () => {
    const res = await fetch(`${server.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    const xml = await res.text();
    expect(xml).toMatch(
      /<sitemapindex xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/,
    );
    const files = urlsOf(xml);
    expect(files).toEqual([
      `${ESCAPED_URL}/sitemaps/pages.xml`,
      `${ESCAPED_URL}/sitemaps/listings-1.xml`,
      `${ESCAPED_URL}/sitemaps/listings-2.xml`,
      `${ESCAPED_URL}/sitemaps/listings-3.xml`,
      `${ESCAPED_URL}/sitemaps/sellers-1.xml`,
    ]);

    const seen: string[] = [];
    for (let n = 1; n <= 3; n++) {
      const piece = await fetch(`${server.url}/sitemaps/listings-${n}.xml`);
      expect(piece.status).toBe(200);
      const urls = urlsOf(await piece.text());
      expect(urls.length).toBeLessThanOrEqual(4);
      for (const url of urls) {
        if (url.endsWith("?lang=en")) seen.push(url.replace(/^.*\/listing\/|\?lang=en$/g, ""));
      }
    }
    expect(seen).toEqual(activeIds);
    expect((await fetch(`${server.url}/sitemaps/listings-4.xml`)).status).toBe(404);
    expect((await fetch(`${server.url}/sitemaps/listings-0.xml`)).status).toBe(404);

    const pages = await (await fetch(`${server.url}/sitemaps/pages.xml`)).text();
    expect(urlsOf(pages)).toContain(`${ESCAPED_URL}/category/motors?lang=ar`);
    expect(pages).not.toContain("/listing/");
    const sellers = await (await fetch(`${server.url}/sitemaps/sellers-1.xml`)).text();
    expect(urlsOf(sellers)).toEqual([
      `${ESCAPED_URL}/u/seller?lang=en`,
      `${ESCAPED_URL}/u/seller?lang=ar`,
    ]);
    expect((await fetch(`${server.url}/sitemaps/sellers-2.xml`)).status).toBe(404);
  });
});
