import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../tests/setup/server-process";

/*
 * The listing page over HTTP on the built app, as a crawler and a visitor see it: the Open Graph
 * and Twitter tags a shared link shows, and a hostile title and description that must come out
 * as inert text — in the page, in its <head> and in the data the page hydrates from.
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-listing-page-"));
let server: RunningServer;

const HOSTILE_TITLE = `<script>alert(1)</script>" onmouseover="x`;
const HOSTILE_DESCRIPTION = [
  "<p>Fine <strong>oak</strong> table</p>",
  '<img src=x onerror="alert(2)">',
  '<a href="javascript:alert(3)">click</a>',
  "<scr<script>ipt>alert(4)</script>",
  "Second line\nThird line",
].join("\n");

/** Every Set-Cookie's name=value, as one Cookie header. */
function cookieHeader(res: Response, jar: Map<string, string>) {
  for (const cookie of res.headers.getSetCookie()) {
    const [pair = ""] = cookie.split(";");
    const at = pair.indexOf("=");
    jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

async function signUp(base: string) {
  const jar = new Map<string, string>();
  const res = await fetch(`${base}/auth?tab=signup`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({
      intent: "signup",
      fullName: "Rana Halabi",
      email: `seller-${Date.now()}@example.com`,
      password: "Olive-Tree-Aleppo-1",
    }),
    redirect: "manual",
  });
  expect(res.status).toBe(302);
  return cookieHeader(res, jar);
}

async function postListing(
  base: string,
  cookie: string,
  fields: { title: string; description: string },
) {
  const form = new FormData();
  form.set("intent", "save");
  form.set("title", fields.title);
  form.set("description", fields.description);
  form.set("price", "1500000");
  form.set("categoryId", "7");
  form.set("location", "damascus");
  form.set("detail.service_type", "cleaning");
  form.set("detail.availability", "anytime");
  for (const [r, g, b] of [
    [200, 40, 40],
    [40, 160, 60],
  ] as const) {
    const png = await sharp({
      create: { width: 800, height: 600, channels: 3, background: { r, g, b } },
    })
      .png()
      .toBuffer();
    form.append("images", new Blob([new Uint8Array(png)], { type: "image/png" }), "photo.png");
  }
  const res = await fetch(`${base}/post-ad`, {
    method: "POST",
    headers: { cookie, origin: base },
    body: form,
    redirect: "manual",
  });
  const location = res.headers.get("location") ?? "";
  expect(res.status, await res.clone().text()).toBe(302);
  expect(location).toMatch(/^\/listing\/[0-9a-f-]{36}$/);
  return location;
}

/** The content of <meta property|name="key">. */
function metaContent(html: string, key: string) {
  const tag = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html);
  return tag?.[1];
}

let listingPath = "";

beforeAll(async () => {
  // X-Page-Cache says whether the cache answered (off in production unless asked for).
  server = await startServer({
    DATA_DIR: path.join(tmp, "data"),
    DATABASE_URL: "",
    PAGE_CACHE_HEADER: "true",
  });
  const cookie = await signUp(server.url);
  listingPath = await postListing(server.url, cookie, {
    title: HOSTILE_TITLE,
    description: HOSTILE_DESCRIPTION,
  });
});

afterAll(async () => {
  if (server?.process.exitCode === null) await server.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("the listing page over HTTP", () => {
  it("gives a shared link its Open Graph and Twitter card", async () => {
    const res = await fetch(`${server.url}${listingPath}?lang=en`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const id = listingPath.split("/").pop();
    expect(metaContent(html, "og:type")).toBe("product");
    expect(html.match(/property="og:type"/g)).toHaveLength(1);
    expect(metaContent(html, "og:url")).toMatch(
      new RegExp(`^https?://[^/]+/listing/${id}\\?lang=en$`),
    );
    expect(metaContent(html, "og:title")).toContain("Souqna");
    expect(metaContent(html, "og:description")).toContain("SYP 1,500,000");
    expect(metaContent(html, "og:description")).toContain("Damascus");
    const image = metaContent(html, "og:image") ?? "";
    expect(image).toMatch(/^https?:\/\/[^/]+\/media\/.+\.webp$/);
    expect(metaContent(html, "twitter:card")).toBe("summary_large_image");
    expect(metaContent(html, "twitter:image")).toBe(image);
    expect(metaContent(html, "product:price:amount")).toBe("1500000");
    expect(metaContent(html, "product:price:currency")).toBe("SYP");
    // The image the card shows is really there.
    const media = await fetch(new URL(new URL(image).pathname, server.url));
    expect(media.status).toBe(200);
    expect(media.headers.get("content-type")).toBe("image/webp");
  });

  it("in Arabic too", async () => {
    const html = await (await fetch(`${server.url}${listingPath}?lang=ar`)).text();
    expect(metaContent(html, "og:type")).toBe("product");
    expect(metaContent(html, "og:locale")).toBe("ar_SY");
    expect(metaContent(html, "og:title")).toContain("سوقنا");
    expect(metaContent(html, "og:description")).toContain("١٬٥٠٠٬٠٠٠");
  });

  it("shows a hostile title as text: escaped in the page, in the head and in the data", async () => {
    const html = await (await fetch(`${server.url}${listingPath}?lang=en`)).text();
    // Not one script tag, event handler or javascript: URL that the page did not write itself.
    expect(html).not.toContain("<script>alert");
    // The data the page hydrates from holds the title as an escaped string inside its scripts.
    for (const script of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) {
      expect(script[1]).not.toMatch(/<\/?script/i);
      expect(script[1]).not.toContain("alert(1)</");
    }
    const markup = html.replace(/(<script\b[^>]*>)[\s\S]*?<\/script>/g, "$1</script>");
    // Every attribute of every tag, its value's quotes honoured: not one event handler.
    const attributes = [...markup.matchAll(/<[a-zA-Z][^>]*>/g)].flatMap((tag) =>
      [...tag[0].replace(/"[^"]*"/g, '""').matchAll(/\s([^\s=/>]+)/g)].map((m) => m[1]),
    );
    expect(attributes.length).toBeGreaterThan(100);
    expect(attributes.filter((name) => /^on/i.test(name ?? ""))).toEqual([]);
    expect(markup).not.toMatch(/href="\s*javascript:/i);
    // The title as text, escaped, in the heading, the <title> and the meta tags.
    const escaped = "&lt;script&gt;alert(1)&lt;/script&gt;&quot; onmouseover=&quot;x";
    expect(html).toMatch(/<h1[^>]*data-testid="listing-title"[^>]*>([^<]*)<\/h1>/);
    const h1 = /<h1[^>]*data-testid="listing-title"[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] ?? "";
    expect(h1.replaceAll("&#x27;", "'")).toMatch(
      /&lt;script&gt;alert\(1\)&lt;\/script&gt;(&quot;|") onmouseover=(&quot;|")x/,
    );
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toContain("&lt;script&gt;alert(1)");
    expect(metaContent(html, "og:title")).toContain(escaped);
    expect(metaContent(html, "twitter:title")).toContain(escaped);
    expect(metaContent(html, "og:image:alt")).toBe(escaped);
  });

  it("describes the listing to search engines once, in the head, not in the data it hydrates from", async () => {
    const html = await (await fetch(`${server.url}${listingPath}?lang=en`)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)];
    expect(blocks).toHaveLength(1);
    expect(head).toContain(blocks[0]?.[0]);
    const product = JSON.parse(blocks[0]?.[1] ?? "{}");
    expect(product["@type"]).toBe("Product");
    expect(product.offers.price).toBe("1500000");
    expect(product.offers.priceCurrency).toBe("SYP");
    // The page's data (React Router's stream) does not carry it a second time.
    const data = [...html.matchAll(/streamController\.enqueue\(([\s\S]*?)\);<\/script>/g)]
      .map((m) => m[1])
      .join("");
    expect(data).not.toContain("schema.org");
  });

  it("passes the description through the allow-list", async () => {
    const html = await (await fetch(`${server.url}${listingPath}?lang=en`)).text();
    const description =
      /<div[^>]*data-testid="listing-description"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? "";
    expect(description).toContain("<p>Fine <strong>oak</strong> table</p>");
    expect(description).toContain("click");
    expect(description).toContain("Second line<br>Third line");
    expect(description).not.toMatch(/<(?!\/?(?:p|br|strong|em|u|ul|ol|li)>)/);
    expect(html).not.toContain("onerror");
    expect(html).not.toContain("javascript:alert(3)");
  });

  it("serves the next visitor the same rendering, its scripts allowed by its policy", async () => {
    // An address of its own: the cache holds a page for a second.
    const url = `${server.url}${listingPath}?lang=en&v=${Date.now()}`;
    const first = await fetch(url);
    const firstHtml = await first.text();
    const second = await fetch(url);
    const html = await second.text();
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(html).toBe(firstHtml);
    const nonce = /'nonce-([^']+)'/.exec(second.headers.get("content-security-policy") ?? "")?.[1];
    const scripts = [...html.matchAll(/<script[^>]*\snonce="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    expect(new Set(scripts)).toEqual(new Set([nonce]));
    expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
    // A member is never served a visitor's page.
    const member = await fetch(url, { headers: { cookie: "souqna.session_token=x" } });
    expect(member.headers.get("x-page-cache")).toBeNull();
  });

  it("reports its SQL statements in Server-Timing", async () => {
    const res = await fetch(`${server.url}${listingPath}?timing=${Date.now()}`);
    const timing = res.headers.get("server-timing") ?? "";
    const queries = Number(/db;desc="sql queries";dur=(\d+)/.exec(timing)?.[1]);
    expect(queries).toBeGreaterThan(0);
    expect(queries).toBeLessThanOrEqual(6);
  });
});
