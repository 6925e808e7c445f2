#!/usr/bin/env node
// What a visit costs on the wire (decision 024 and app/utils/data-saver.ts): the bytes a first
// visit and a repeat visit download for the home page, a category and a listing, with and without
// Save-Data, in Chromium with the service worker. A repeat visit is the same browser coming back a
// minute later: its HTTP cache and service worker kept; it must download no JavaScript or CSS.
//
// Usage: node bench/visit-bytes.mjs [baseUrl]   (default http://localhost:3000; `npm start`)
// Prints, per page and mode: bytes by kind (document, script, style, image, font, data, other)
// as transferred (compressed, with headers; the service worker's own fetches included), first
// visit → repeat visit. Exits 1 if a repeat
// visit downloaded any script or style. Not a test: figures depend on the data.
import { chromium } from "@playwright/test";

const base = (process.argv[2] ?? "http://localhost:3000").replace(/\/$/, "");
const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

async function firstListing() {
  const html = await (await fetch(`${base}/category/motors`)).text();
  const id = html.match(/\/listing\/([0-9a-f-]{36})/)?.[1];
  if (!id) throw new Error(`no listing on ${base}/category/motors: seed the demo data`);
  return `/listing/${id}`;
}

const KINDS = ["document", "script", "stylesheet", "image", "font", "fetch", "other"];

/**
 * Loads `path` and sums what crossed the network, by kind: the page's requests and its service
 * worker's (a response the worker gave from its cache counts nothing; the worker's own fetch counts
 * once), as transferred — encoded body and headers; a hit in the HTTP cache is 0.
 */
async function visit(context, page, path) {
  const bytes = Object.fromEntries(KINDS.map((kind) => [kind, 0]));
  const pending = [];
  const onFinished = (request) => {
    pending.push(
      (async () => {
        const response = await request.response();
        if (!response || response.fromServiceWorker()) return;
        const sizes = await request.sizes();
        const type = request.resourceType();
        const kind = KINDS.includes(type) ? type : type === "xhr" ? "fetch" : "other";
        bytes[kind] += sizes.responseBodySize + sizes.responseHeadersSize;
      })().catch(() => {}),
    );
  };
  context.on("requestfinished", onFinished);
  await page.goto(`${base}${path}`, { waitUntil: "load" });
  // What the page fetches after load (its lazy code, the service worker's first precache).
  await page.waitForTimeout(6000);
  context.off("requestfinished", onFinished);
  await Promise.all(pending);
  return bytes;
}

const kb = (n) => `${(n / 1024).toFixed(1)}`.padStart(7);

const listing = await firstListing();
const pages = [
  ["home", "/"],
  ["category", "/category/motors"],
  ["listing", listing],
];
const browser = await chromium.launch({ executablePath, args: ["--no-sandbox"] });
let failed = false;
try {
  console.log(`KB transferred, first visit → repeat visit (${base})`);
  console.log(
    `${"page".padEnd(24)}${KINDS.map((kind) => kind.slice(0, 6).padStart(17)).join("")}${"total".padStart(17)}`,
  );
  for (const saveData of [false, true]) {
    for (const [name, path] of pages) {
      const context = await browser.newContext({
        extraHTTPHeaders: saveData ? { "save-data": "on" } : {},
        viewport: { width: 390, height: 844 },
      });
      const page = await context.newPage();
      const first = await visit(context, page, path);
      // Coming back: a fresh page in the same browser (its cache and service worker kept).
      await page.close();
      const again = await visit(context, await context.newPage(), path);
      const total = (b) => Object.values(b).reduce((sum, n) => sum + n, 0);
      const label = `${name}${saveData ? " (Save-Data)" : ""}`;
      console.log(
        `${label.padEnd(24)}${KINDS.map((kind) => `${kb(first[kind])} →${kb(again[kind])}`).join("")}${`${kb(total(first))} →${kb(total(again))}`}`,
      );
      if (again.script > 0 || again.stylesheet > 0) {
        failed = true;
        console.log(`  ✗ the repeat visit of ${label} downloaded scripts or styles`);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
}
process.exitCode = failed ? 1 : 0;
