import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  getAs,
  type HttpMember,
  postForm,
  postListingOverHttp,
  signUpOverHttp,
} from "../tests/setup/http-members";
import {
  createServerDatabase,
  dropServerDatabase,
  type RunningServer,
  startServer,
} from "../tests/setup/server-process";

/*
 * Seller pages (decision 026) over HTTP on the built app: the listing page leads to the seller's
 * page and to similar listings, the seller's page (its 301 once a username is chosen, its head for
 * search engines, the sitemap), and both within the visitors' budget of 5 SQL statements
 * (Server-Timing). With TEST_DATABASE_URL set it runs on a fresh PostgreSQL database.
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-seller-page-"));
let databaseUrl: string | undefined;
let server: RunningServer;
let seller: HttpMember;
let quiet: HttpMember;
let first = "";
let second = "";
let other = "";
let sellerPath = "";

function sqlCount(res: Response) {
  const timing = res.headers.get("server-timing") ?? "";
  return Number(/db;desc="sql queries";dur=(\d+)/.exec(timing)?.[1]);
}

/** A visitor's rendering, not the page cache's copy: a cookie of no meaning bypasses it. */
const VISITOR = "souqna_test=uncached";

beforeAll(async () => {
  databaseUrl = await createServerDatabase("souqna_seller_page");
  server = await startServer({
    DATA_DIR: path.join(tmp, "data"),
    DATABASE_URL: databaseUrl ?? "",
    TRUST_PROXY: "true",
  });
  const stamp = Date.now();
  seller = await signUpOverHttp(server.url, {
    name: "Maya Seller",
    email: `maya-${stamp}@example.com`,
  });
  const neighbour = await signUpOverHttp(server.url, {
    name: "Fadi Neighbour",
    email: `fadi-${stamp}@example.com`,
  });
  quiet = await signUpOverHttp(server.url, {
    name: "Quiet Member",
    email: `quiet-${stamp}@example.com`,
  });
  first = await postListingOverHttp(server.url, seller, "Oud lessons for beginners");
  second = await postListingOverHttp(server.url, seller, "Qanun lessons at home");
  other = await postListingOverHttp(server.url, neighbour, "Violin lessons in Homs");
  // Fills the process's caches (categories, exchange rate), so that counts are a page's own.
  expect((await getAs(server.url, "/category/services")).status).toBe(200);
});

afterAll(async () => {
  if (server?.process.exitCode === null) await server.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
  await dropServerDatabase(databaseUrl);
});

describe("the listing page's next steps", () => {
  it("links the seller's page and the category, within 5 statements", async () => {
    const res = await getAs(server.url, `/listing/${first}?lang=en`, VISITOR);
    expect(res.status).toBe(200);
    const html = await res.text();
    // The seller card's one link to the seller's page.
    sellerPath =
      /data-testid="seller-page-link"[^>]*href="(\/u\/[^"]+)"|href="(\/u\/[^"]+)"[^>]*data-testid="seller-page-link"/
        .exec(html)
        ?.slice(1)
        .find(Boolean) ?? "";
    expect(sellerPath).toMatch(/^\/u\/\w+$/);
    // After the listing, a link to its category (all a reader without JavaScript needs); the
    // neighbours' cards come when the reader nears them.
    const links = /data-testid="related-links"[\s\S]*?<\/p>/.exec(html)?.[0] ?? "";
    expect(links).toContain('href="/category/services"');
    expect(links).toContain("More in Services");
    expect(html).not.toContain('data-testid="similar-listings"');
    expect(sqlCount(res)).toBeLessThanOrEqual(5);
  });

  it("sends more from the seller and similar listings when asked, in one statement", async () => {
    const res = await getAs(server.url, `/api/related/${first}?lang=en`, VISITOR);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("private");
    const body = (await res.json()) as {
      related: {
        moreFromSeller: { cards: { id: string; image: { loading?: string } | null }[] } | null;
        similar: { cards: { id: string }[] } | null;
      };
      translations: { discovery: { card?: object } };
    };
    expect(body.related.moreFromSeller?.cards.map((card) => card.id)).toEqual([second]);
    expect(body.related.similar?.cards.map((card) => card.id)).toEqual([other]);
    expect(body.translations.discovery.card).toBeDefined();
    // The session's statement (none for a visitor) and the neighbours'.
    expect(sqlCount(res)).toBeLessThanOrEqual(2);
    // Nothing about a listing that is not there, or not public.
    const unknown = await getAs(server.url, `/api/related/${crypto.randomUUID()}`, VISITOR);
    expect(await unknown.json()).toMatchObject({
      related: { moreFromSeller: null, similar: null },
    });
  });
});

describe("the seller's page", () => {
  it("shows who sells and their listings, with its head for search engines, within 5 statements", async () => {
    const res = await getAs(server.url, `${sellerPath}?lang=en`, VISITOR);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<title>Maya Seller · Souqna</title>");
    expect(html).toMatch(/<link rel="canonical" href="[^"]+\/u\/\w+\?lang=en"/);
    expect(html).toMatch(/<link rel="alternate" hrefLang="ar" href="[^"]+\/u\/\w+\?lang=ar"/i);
    expect(html).toContain('"@type":"ProfilePage"');
    expect(html).toContain('"@type":"Person"');
    expect(html).not.toContain('content="noindex"');
    expect(html).toContain("2 active listings");
    const listed = [...html.matchAll(/<a [^>]*data-testid="listing-card"[^>]*>/g)].map(
      (card) => /href="\/listing\/([0-9a-f-]{36})"/.exec(card[0])?.[1],
    );
    expect(listed).toEqual([second, first]);
    // Never how to reach them: that is on each listing, behind sign-in.
    expect(html).not.toContain(seller.email);
    expect(sqlCount(res)).toBeLessThanOrEqual(5);
  });

  it("reads a member's page with its trust lines and ratings within 5 statements too", async () => {
    // The session's statement joins; the ratings and sales ride in the profile's (decision 038).
    const res = await getAs(server.url, `${sellerPath}?lang=en`, quiet.cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-testid="trust-rating"');
    expect(html).toContain("No ratings yet");
    expect(html).toContain('data-testid="seller-ratings"');
    expect(sqlCount(res)).toBeLessThanOrEqual(5);
  });

  it("marks a sold listing and leaves out a hidden one", async () => {
    const sold = await postForm(server.url, `/listing/${first}`, seller.cookie, {
      intent: "sold",
    });
    expect(sold.status).toBe(302);
    const hidden = await postForm(server.url, `/listing/${second}`, seller.cookie, {
      intent: "hide",
    });
    expect(hidden.status).toBe(302);
    const html = await (await getAs(server.url, `${sellerPath}?lang=en`, VISITOR)).text();
    expect(html).toContain(`href="/listing/${first}"`);
    expect(html).not.toContain(`href="/listing/${second}"`);
    expect(html).toContain('data-testid="card-sold"');
    // Nothing for sale: not for search engines, nor in the sitemap.
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(sitemap).not.toContain(sellerPath);
  });

  it("moves for good to the username the member chooses", async () => {
    const listing = await postListingOverHttp(server.url, quiet, "Guitar strings, new");
    const before = await (await getAs(server.url, `/listing/${listing}?lang=en`, VISITOR)).text();
    const idPath = /href="(\/u\/[^"]+)"/.exec(before)?.[1] ?? "";
    expect(idPath).toMatch(/^\/u\/\w+$/);
    expect((await getAs(server.url, `${idPath}?lang=en`, VISITOR)).status).toBe(200);
    const saved = await postForm(server.url, "/profile", quiet.cookie, {
      intent: "profile",
      fullName: "Quiet Member",
      username: "quiet_one",
      location: "homs",
      phoneNumber: "",
    });
    expect(saved.status).toBe(302);
    const moved = await getAs(server.url, `${idPath}?lang=ar`, VISITOR);
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/u/quiet_one?lang=ar");
    const page = await (await getAs(server.url, `/listing/${listing}?lang=en`, VISITOR)).text();
    expect(page).toContain('href="/u/quiet_one"');
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(sitemap).toContain("/u/quiet_one?lang=en");
    const ar = await getAs(server.url, "/u/quiet_one?lang=ar", VISITOR);
    expect(ar.status).toBe(200);
    expect(await ar.text()).toContain("إعلان نشط واحد");
  });

  it("answers 404 for nobody", async () => {
    const res = await getAs(server.url, "/u/nobody_at_all?lang=en", VISITOR);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Seller not found");
  });
});
