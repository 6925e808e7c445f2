import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAs, type HttpMember, signUpOverHttp } from "../setup/http-members";
import {
  createServerDatabase,
  dropServerDatabase,
  type RunningServer,
  startServer,
} from "../setup/server-process";

/*
 * A word search narrowed with a category's filters, over HTTP on the built app: the search page
 * draws the chosen category's filters as a plain GET form that keeps the words, its category
 * links keep the words, the category page's search box sends its category and filters to the
 * search page, one set of results has one address (301s), the head names a canonical page
 * without the filters, counts read as plurals in both languages, and the page stays within 5 SQL
 * statements (Server-Timing). With TEST_DATABASE_URL set it runs on a fresh PostgreSQL database.
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-word-filters-"));
let databaseUrl: string | undefined;
let server: RunningServer;
const ids: Record<string, string> = {};
let member: HttpMember;

/** A visitor's rendering, not the page cache's copy: a cookie of no meaning bypasses it. */
const VISITOR = "souqna_test=uncached";

function sqlCount(res: Response) {
  const timing = res.headers.get("server-timing") ?? "";
  return Number(/db;desc="sql queries";dur=(\d+)/.exec(timing)?.[1]);
}

/** The listing ids of the page's cards, in order. */
function cardsIn(html: string) {
  return [...html.matchAll(/<a [^>]*data-testid="listing-card"[^>]*>/g)].map(
    (card) => /href="\/listing\/([0-9a-f-]{36})"/.exec(card[0])?.[1],
  );
}

/** The opening tags of the page's links with this test id. */
function linksIn(html: string, testId: string) {
  return [...html.matchAll(/<a [^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => tag.includes(`data-testid="${testId}"`));
}

/** The text of the element with this test id. */
function textOf(html: string, testId: string) {
  return new RegExp(`data-testid="${testId}"[^>]*>([^<]*)<`).exec(html)?.[1];
}

/** A form of the page, by its test id, as its opening tag and its hidden fields. */
function formIn(html: string, testId: string) {
  const start = html.search(new RegExp(`<form [^>]*data-testid="${testId}"`));
  expect(start, testId).toBeGreaterThanOrEqual(0);
  const body = html.slice(start, html.indexOf("</form>", start));
  const tag = /^<form [^>]*>/.exec(body)?.[0] ?? "";
  const hidden = [...body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(
    (match) => [match[1], match[2]],
  );
  return { tag, body, hidden };
}

async function postService(
  member: HttpMember,
  { title, city, availability }: { title: string; city: string; availability: string },
) {
  const form = new FormData();
  form.set("intent", "save");
  form.set("title", title);
  form.set("description", `${title}: a test listing.`);
  form.set("price", "750000");
  form.set("categoryId", "7");
  form.set("location", city);
  form.set("detail.service_type", "repair");
  form.set("detail.availability", availability);
  const res = await fetch(`${server.url}/post-ad`, {
    method: "POST",
    headers: { cookie: member.cookie },
    body: form,
    redirect: "manual",
  });
  const location = res.headers.get("location") ?? "";
  if (res.status !== 302 || !/^\/listing\/[0-9a-f-]{36}$/.test(location)) {
    throw new Error(`posting failed with ${res.status}: ${await res.text()}`);
  }
  return location.split("/").pop() ?? "";
}

beforeAll(async () => {
  databaseUrl = await createServerDatabase("souqna_word_filters");
  server = await startServer({
    DATA_DIR: path.join(tmp, "data"),
    DATABASE_URL: databaseUrl ?? "",
    TRUST_PROXY: "true",
  });
  const seller = await signUpOverHttp(server.url, {
    name: "Oud Maker",
    email: `oud-${Date.now()}@example.com`,
  });
  member = seller;
  ids.homs = await postService(seller, {
    title: "Oud repairs in Homs",
    city: "homs",
    availability: "weekdays",
  });
  ids.aleppo = await postService(seller, {
    title: "Oud repairs in Aleppo",
    city: "aleppo",
    availability: "weekends",
  });
  // Unconfirmed members post two listings each.
  const other = await signUpOverHttp(server.url, {
    name: "Piano Tuner",
    email: `piano-${Date.now()}@example.com`,
  });
  ids.piano = await postService(other, {
    title: "Piano repairs in Homs",
    city: "homs",
    availability: "weekdays",
  });
  // Fills the process's caches (categories, exchange rate), so that counts are a page's own.
  expect((await getAs(server.url, "/category/services")).status).toBe(200);
});

afterAll(async () => {
  if (server?.process.exitCode === null) await server.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
  await dropServerDatabase(databaseUrl);
});

describe("a word search", () => {
  it("offers every category as a link that keeps the words, and no category's own filters", async () => {
    const res = await getAs(server.url, "/search?q=oud&city=homs&lang=en", VISITOR);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(cardsIn(html)).toEqual([ids.homs]);
    const choices = linksIn(html, "category-choice");
    expect(choices).toHaveLength(9);
    expect(choices[0]).toContain('href="/search?q=oud&amp;city=homs"');
    expect(choices[0]).toContain('aria-current="page"');
    expect(choices[1]).toContain('href="/search?q=oud&amp;category=1&amp;city=homs"');
    expect(choices[7]).toContain('href="/search?q=oud&amp;category=7&amp;city=homs"');
    // The city and price are every category's; no category, no availability select.
    const panel = formIn(html, "filter-panel");
    expect(panel.body).toContain('name="city"');
    expect(panel.body).not.toContain('name="availability"');
    expect(panel.hidden).toEqual([["q", "oud"]]);
  });

  it("with a category, draws its filters on the same page, in a GET form that keeps the words", async () => {
    const res = await getAs(server.url, "/search?q=oud&category=7&lang=en", VISITOR);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(/<h1[^>]*>([^<]*)</.exec(html)?.[1]).toBe(
      "Search Results for &quot;oud&quot; in Services",
    );
    expect(cardsIn(html).sort()).toEqual([ids.homs, ids.aleppo].sort());
    expect(textOf(html, "results-count")).toBe("Found 2 listings");
    const panel = formIn(html, "filter-panel");
    expect(panel.tag).toContain('action="/search"');
    expect(panel.tag).toContain('method="get"');
    expect(panel.body).toContain('name="availability"');
    expect(panel.body).toContain('name="service_type"');
    expect(panel.body).toContain('name="sub"');
    expect(panel.hidden).toEqual([
      ["q", "oud"],
      ["category", "7"],
    ]);
    // The current category is marked; "All categories" drops it and keeps the words.
    const choices = linksIn(html, "category-choice");
    expect(choices.filter((tag) => tag.includes('aria-current="page"'))).toEqual([
      expect.stringContaining('href="/search?q=oud&amp;category=7"'),
    ]);
    expect(choices[0]).toContain('href="/search?q=oud"');
    expect(sqlCount(res)).toBeLessThanOrEqual(5);
  });

  it("gives the intersection of the words and the filters, within 5 statements", async () => {
    const res = await getAs(
      server.url,
      "/search?q=oud&category=7&city=homs&availability=weekdays&lang=en",
      VISITOR,
    );
    const html = await res.text();
    expect(cardsIn(html)).toEqual([ids.homs]);
    expect(textOf(html, "results-count")).toBe("Found 1 listing");
    expect(sqlCount(res)).toBeLessThanOrEqual(5);
    // A member's page too: their session and unread count come on top of the page's own.
    const signedIn = await getAs(
      server.url,
      "/search?q=oud&category=7&city=homs&availability=weekdays&lang=en",
      member.cookie,
    );
    expect(cardsIn(await signedIn.text())).toEqual([ids.homs]);
    expect(sqlCount(signedIn)).toBeLessThanOrEqual(5);
    const none = await getAs(
      server.url,
      "/search?q=oud&category=7&city=homs&availability=weekends&lang=en",
      VISITOR,
    );
    const empty = await none.text();
    expect(cardsIn(empty)).toEqual([]);
    // Nothing found with filters: one step back to the words and the category.
    expect(linksIn(empty, "empty-clear-filters")).toEqual([
      expect.stringContaining('href="/search?q=oud&amp;category=7"'),
    ]);
  });

  it("keeps the category and the filters when the words change", async () => {
    const res = await getAs(
      server.url,
      "/search?q=oud&category=7&city=homs&availability=weekdays&sort=price_asc&page=2&lang=en",
      VISITOR,
    );
    const words = formIn(await res.text(), "search-form");
    expect(words.tag).toContain('action="/search"');
    expect(words.hidden).toEqual([
      ["category", "7"],
      ["city", "homs"],
      ["availability", "weekdays"],
      ["sort", "price_asc"],
    ]);
  });

  it("names the page without its filters as canonical, in both languages", async () => {
    const html = await (
      await getAs(
        server.url,
        "/search?q=oud&category=7&sub=701&city=homs&availability=weekdays&lang=ar",
        VISITOR,
      )
    ).text();
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
    expect(canonical).toMatch(/^http[^?]+\/search\?q=oud&amp;category=7&amp;lang=ar$/);
    const english = /<link rel="alternate" hrefLang="en" href="([^"]+)"/.exec(html)?.[1];
    expect(english).toMatch(/^http[^?]+\/search\?q=oud&amp;category=7&amp;lang=en$/);
    expect(html.includes('name="robots"')).toBe(false);
  });

  it("counts in the reader's plural, with Arabic-Indic digits", async () => {
    const count = async (pathname: string) =>
      textOf(await (await getAs(server.url, pathname, VISITOR)).text(), "results-count");
    expect(await count("/search?q=piano&lang=ar")).toBe("تم العثور على إعلان واحد");
    expect(await count("/search?q=oud&category=7&lang=ar")).toBe("تم العثور على إعلانين");
    expect(await count("/search?q=repairs&lang=ar")).toBe("تم العثور على ٣ إعلانات");
    expect(await count("/search?q=piano&lang=en")).toBe("Found 1 listing");
    expect(await count("/search?q=repairs&lang=en")).toBe("Found 3 listings");
    const category = await (await getAs(server.url, "/category/services?lang=ar", VISITOR)).text();
    expect(/<meta name="description" content="([^"]*)"/.exec(category)?.[1]).toBe(
      "خدمات للبيع والإيجار في سوريا على سوقنا: ٣ إعلانات.",
    );
  });
});

describe("one set of results has one address", () => {
  it("sends words on a category page to the search page, with its category and filters", async () => {
    const res = await getAs(
      server.url,
      "/category/services?q=oud&city=homs&availability=weekdays&lang=ar",
      VISITOR,
    );
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe(
      "/search?q=oud&category=7&city=homs&availability=weekdays&lang=ar",
    );
  });

  it("sends a category without words to its page, with its filters", async () => {
    const res = await getAs(server.url, "/search?category=7&city=homs&q=%20", VISITOR);
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/category/services?city=homs");
  });

  it("gives a category page a search box that sends its category and filters", async () => {
    const html = await (
      await getAs(server.url, "/category/services?city=homs&availability=weekdays&lang=en", VISITOR)
    ).text();
    const words = formIn(html, "search-form");
    expect(words.tag).toContain('action="/search"');
    expect(words.tag).toContain('method="get"');
    expect(/placeholder="([^"]*)"/.exec(words.body)?.[1]).toBe("Search in Services");
    expect(words.hidden).toEqual([
      ["category", "7"],
      ["city", "homs"],
      ["availability", "weekdays"],
    ]);
  });
});
