#!/usr/bin/env node
// The listing detail page under load: SQL statements, server time and bytes per request.
// Usage: npm run build && node bench/listing-page.mjs [requests=200]
// Starts the built server on a fresh DATA_DIR (PGlite), signs up a seller and a buyer, posts a
// listing with 3 photos through the real form, then asks for /listing/{id} as:
//   - a first-time visitor (no cookies: the view counted),
//   - a returning visitor (the same address and browser, with any cookie the first visit set: the
//     view already counted today, as views are keyed by address and browser, not by a cookie),
//   - a signed-in member who is not the seller, and the seller.
// Prints, for each, the SQL count and the server's own time from the Server-Timing header
// (median and p95), the client-measured time, and the page's HTML (raw and gzip) and JavaScript.
// Not a test: figures depend on the machine.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import sharp from "sharp";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const runs = Number(process.argv[2] ?? 200);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-bench-listing-"));

function start() {
  const child = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "info",
      SEED_DEMO: "false",
      NODE_ENV: "production",
      SESSION_SECRET: "bench-secret-0123456789abcdef0123456789abcdef",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk;
      const match = /Souqna is running at http:\/\/localhost:(\d+)/.exec(output);
      if (!match) return;
      // From here on the request log is drained, not kept.
      child.stdout.off("data", onData);
      child.stderr.off("data", onData);
      child.stdout.resume();
      child.stderr.resume();
      resolve({ child, url: `http://127.0.0.1:${match[1]}` });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

function cookiesOf(res, jar = new Map()) {
  for (const cookie of res.headers.getSetCookie()) {
    const [pair = ""] = cookie.split(";");
    const at = pair.indexOf("=");
    jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

async function signUp(base, name) {
  const res = await fetch(`${base}/auth?tab=signup`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({
      intent: "signup",
      fullName: name,
      email: `${name.toLowerCase().replace(/\W/g, "")}-${Date.now()}@example.com`,
      password: "Olive-Tree-Aleppo-1",
    }),
    redirect: "manual",
  });
  if (res.status !== 302) throw new Error(`sign-up failed: ${res.status}`);
  return cookiesOf(res);
}

async function postListing(base, cookie) {
  const form = new FormData();
  const fields = {
    intent: "save",
    title: "Kia Rio 2015, one owner",
    description:
      "<p>Well kept.</p>\nNew tyres, full service history.\n<ul><li>AC</li><li>ABS</li></ul>",
    price: "1500000",
    categoryId: "7",
    location: "damascus",
    "detail.service_type": "cleaning",
    "detail.availability": "anytime",
  };
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  for (const [r, g, b] of [
    [200, 40, 40],
    [40, 160, 60],
    [40, 60, 200],
  ]) {
    const png = await sharp({
      create: { width: 1600, height: 1200, channels: 3, background: { r, g, b } },
    })
      .png()
      .toBuffer();
    form.append("images", new Blob([png], { type: "image/png" }), "photo.png");
  }
  const res = await fetch(`${base}/post-ad`, {
    method: "POST",
    headers: { cookie, origin: base },
    body: form,
    redirect: "manual",
  });
  const location = res.headers.get("location");
  if (res.status !== 302 || !location?.startsWith("/listing/")) {
    throw new Error(`posting failed: ${res.status} ${location}`);
  }
  return location;
}

// A browser's user agent: a bot's views are not recorded, and undici's "node" counts as one.
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

async function measure(base, pathname, headersFor) {
  const queries = [];
  const server = [];
  const client = [];
  let last;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const res = await fetch(`${base}${pathname}`, {
      headers: { "user-agent": BROWSER, ...headersFor(i) },
    });
    const body = Buffer.from(await res.arrayBuffer());
    client.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`${pathname}: HTTP ${res.status}`);
    const timing = res.headers.get("server-timing") ?? "";
    queries.push(Number(/db;[^,]*dur=(\d+)/.exec(timing)?.[1] ?? Number.NaN));
    server.push(Number(/app;dur=([\d.]+)/.exec(timing)?.[1] ?? Number.NaN));
    last = body;
  }
  return { queries, server, client, html: last };
}

async function scriptBytes(base, html) {
  const scripts = new Set();
  for (const m of html.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+\.js)"/g))
    scripts.add(m[1]);
  for (const m of html.matchAll(/import\("([^"]+\.js)"\)/g)) scripts.add(m[1]);
  let raw = 0;
  let gz = 0;
  for (const src of scripts) {
    const b = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    raw += b.length;
    gz += gzipSync(b, { level: 9 }).length;
  }
  return { files: scripts.size, raw, gz };
}

const { child, url } = await start();
try {
  const seller = await signUp(url, "Rana Halabi");
  const buyer = await signUp(url, "Samer Homsi");
  const listing = await postListing(url, seller);
  console.log(`listing ${listing} (3 photos); ${runs} requests per case; node ${process.version}`);

  // A returning visitor: the same address and browser, with any cookie the first visit set.
  const first = await fetch(`${url}${listing}`, { headers: { "user-agent": BROWSER } });
  const visitorCookie = cookiesOf(first);

  const cases = [
    ["first-time visitor", () => ({})],
    ["a crawler (bot)", () => ({ "user-agent": "Twitterbot/1.0" })],
    ["returning visitor", () => ({ cookie: visitorCookie })],
    ["signed-in member", () => ({ cookie: `${buyer}; ${visitorCookie}` })],
    ["the seller", () => ({ cookie: seller })],
  ];
  let js;
  for (const [name, headersFor] of cases) {
    // Warm-up: the first requests compile and fill caches.
    for (let i = 0; i < 10; i++) {
      await fetch(`${url}${listing}`, { headers: { "user-agent": BROWSER, ...headersFor(i) } });
    }
    const { queries, server, client, html } = await measure(url, listing, headersFor);
    js ??= await scriptBytes(url, html.toString("utf8"));
    const q = [...new Set(queries)].sort((a, b) => a - b).join("/");
    console.log(
      `${name.padEnd(20)} sql ${q.padEnd(5)} server median ${percentile(server, 50).toFixed(1)} ms ` +
        `p95 ${percentile(server, 95).toFixed(1)} ms  client median ${percentile(client, 50).toFixed(1)} ms ` +
        `p95 ${percentile(client, 95).toFixed(1)} ms  html ${kb(html.length)} (gzip ${kb(gzipSync(html).length)})`,
    );
  }
  console.log(`javascript: ${js.files} files, ${kb(js.raw)} (gzip ${kb(js.gz)})`);
} finally {
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
