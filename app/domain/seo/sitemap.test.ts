import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { categories } from "~/db/reference-data/categories";
import { listings, profiles, users } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import {
  listingsSitemapFile,
  sellersSitemapFile,
  sitemapIndexXml,
  sitemapRoot,
  staticPages,
  urlsetXml,
  xmlEscape,
} from "./sitemap.server";

let handle: TestDatabase;
let db: Database;
const activeIds: string[] = [];
const hiddenIds: string[] = [];

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
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
        title: `Car ${i}`,
        price: 1000 * (i + 1),
        status: status as "active",
        updatedAt: new Date(Date.UTC(2026, 2, 1 + i)),
      })
      .returning({ id: listings.id });
    (status === "active" ? activeIds : hiddenIds).push(row?.id ?? "");
  }
  activeIds.sort();
});
afterAll(() => handle.destroy());

const PAGES = staticPages().length;

describe("staticPages", () => {
  it("lists home, the static pages and every category", () => {
    const paths = staticPages().map((p) => p.path);
    expect(paths).toContain("/");
    expect(paths).toContain("/about");
    expect(paths).toContain("/terms-conditions");
    expect(paths).toContain("/install");
    for (const category of categories) expect(paths).toContain(`/category/${category.slug}`);
    expect(paths).not.toContain("/auth");
  });
});

describe("sitemapRoot", () => {
  // Five active listings and their seller's page.
  it("is one urlset with the active listings and their seller while everything fits", async () => {
    const root = await sitemapRoot({ db, maxUrls: (PAGES + 5 + 1) * 2 });
    expect(root.kind).toBe("urlset");
    if (root.kind !== "urlset") return;
    const listingPaths = root.pages.filter((p) => p.path.startsWith("/listing/"));
    expect(listingPaths.map((p) => p.path)).toEqual(activeIds.map((id) => `/listing/${id}`));
    for (const id of hiddenIds) expect(root.pages).not.toContainEqual({ path: `/listing/${id}` });
    expect(root.pages.filter((p) => p.path.startsWith("/u/")).map((p) => p.path)).toEqual([
      "/u/seller",
    ]);
  });

  it("becomes an index one URL past the limit", async () => {
    const root = await sitemapRoot({ db, maxUrls: (PAGES + 5 + 1) * 2 - 1 });
    expect(root.kind).toBe("index");
  });

  it("names the pages file and as many listings files as needed, with their last change", async () => {
    const root = await sitemapRoot({ db, maxUrls: 4 });
    expect(root).toEqual({
      kind: "index",
      files: [
        { path: "/sitemaps/pages.xml" },
        { path: "/sitemaps/listings-1.xml", lastmod: expect.any(String) },
        { path: "/sitemaps/listings-2.xml", lastmod: expect.any(String) },
        { path: "/sitemaps/listings-3.xml", lastmod: expect.any(String) },
        { path: "/sitemaps/sellers-1.xml" },
      ],
    });
  });
});

describe("listingsSitemapFile", () => {
  it("splits the active listings by id, two pages (four URLs) a file for a limit of 4", async () => {
    const files = [];
    for (let n = 1; n <= 4; n++) files.push(await listingsSitemapFile({ db, file: n, maxUrls: 4 }));
    expect(files.map((f) => f?.map((p) => p.path.replace("/listing/", "")) ?? null)).toEqual([
      activeIds.slice(0, 2),
      activeIds.slice(2, 4),
      activeIds.slice(4),
      null,
    ]);
    expect(files[0]?.[0]?.lastmod).toMatch(/^2026-03-\d\dT00:00:00\.000Z$/);
  });

  it("refuses file 0 and garbage numbers", async () => {
    for (const file of [0, -1, 1.5, Number.NaN]) {
      expect(await listingsSitemapFile({ db, file, maxUrls: 4 })).toBeNull();
    }
  });
});

describe("XML", () => {
  it("gives each page an entry per language with hreflang alternates and x-default", () => {
    const xml = urlsetXml("https://souqna.example", [
      { path: "/about" },
      { path: "/listing/abc", lastmod: "2026-03-03T00:00:00.000Z" },
    ]);
    expect(xml).toContain(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    );
    expect(xml.match(/<url>/g)).toHaveLength(4);
    expect(xml).toContain("<loc>https://souqna.example/about?lang=en</loc>");
    expect(xml).toContain("<loc>https://souqna.example/about?lang=ar</loc>");
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="x-default" href="https://souqna.example/about?lang=en"/>',
    );
    expect(xml).toContain(
      "<loc>https://souqna.example/listing/abc?lang=ar</loc><lastmod>2026-03-03T00:00:00.000Z</lastmod>",
    );
  });

  it("escapes everything it writes", () => {
    const xml = urlsetXml("https://x.example/a&b", [{ path: `/p?q=<"'>` }]);
    expect(xml).toContain(
      "<loc>https://x.example/a&amp;b/p?q=&lt;&quot;&apos;&gt;&amp;lang=en</loc>",
    );
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
    const index = sitemapIndexXml("https://x.example/<s>", [{ path: "/sitemaps/pages.xml" }]);
    expect(index).toContain("<loc>https://x.example/&lt;s&gt;/sitemaps/pages.xml</loc>");
    expect(xmlEscape(`&<>"'`)).toBe("&amp;&lt;&gt;&quot;&apos;");
  });
});

describe("sellersSitemapFile", () => {
  it("lists sellers with an active listing, at their username's address, never a suspended one", async () => {
    await db.insert(users).values([
      { id: "named", name: "Named", email: "named@example.com" },
      { id: "banned", name: "Banned", email: "banned@example.com", suspendedAt: new Date() },
      { id: "idle", name: "Idle", email: "idle@example.com" },
    ]);
    await db.insert(profiles).values({ id: "named", username: "named_seller" });
    await db.insert(listings).values([
      { userId: "named", categoryId: 1, title: "Named's car", price: 1 },
      { userId: "banned", categoryId: 1, title: "Banned's car", price: 1 },
      { userId: "idle", categoryId: 1, title: "Idle's car", price: 1, status: "sold" },
    ]);
    const first = await sellersSitemapFile({ db, file: 1, maxUrls: 1000 });
    expect(first?.map((p) => p.path)).toEqual(["/u/named_seller", "/u/seller"]);
    expect(await sellersSitemapFile({ db, file: 2, maxUrls: 2 })).toEqual([
      { path: "/u/seller", lastmod: expect.any(String) },
    ]);
    expect(await sellersSitemapFile({ db, file: 3, maxUrls: 2 })).toBeNull();
    expect(await sellersSitemapFile({ db, file: 0 })).toBeNull();
  });
});
