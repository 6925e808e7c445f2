#!/usr/bin/env node
// Page weight on a slow network: what a first visit downloads for a page, before images.
// Usage: node bench/page-weight.mjs [baseUrl] [path ...]   (default http://localhost:3000 /)
// Prints HTML, JavaScript, CSS and font bytes, raw and gzip, plus the server's timing and SQL count.
import { gzipSync } from "node:zlib";

const [base = "http://localhost:3000", ...paths] = process.argv.slice(2);
const pages = paths.length ? paths : ["/", "/?lang=ar", "/about", "/safety-tips?lang=ar"];

async function fetchBytes(url, headers = {}) {
  const res = await fetch(url, { headers });
  const buf = Buffer.from(await res.arrayBuffer());
  return { res, buf };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

for (const path of pages) {
  const started = performance.now();
  const { res, buf } = await fetchBytes(new URL(path, base));
  const ttfb = performance.now() - started;
  const html = buf.toString("utf8");
  const scripts = new Set();
  for (const m of html.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+\.js)"/g))
    scripts.add(m[1]);
  for (const m of html.matchAll(/import\("([^"]+\.js)"\)/g)) scripts.add(m[1]);
  const styles = new Set(
    [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]),
  );
  let js = 0;
  let jsGz = 0;
  for (const src of scripts) {
    const { buf: b } = await fetchBytes(new URL(src, base));
    js += b.length;
    jsGz += gzipSync(b, { level: 9 }).length;
  }
  let css = 0;
  let cssGz = 0;
  for (const href of styles) {
    const { buf: b } = await fetchBytes(new URL(href, base));
    css += b.length;
    cssGz += gzipSync(b, { level: 9 }).length;
  }
  const queries = res.headers.get("server-timing") ?? "";
  console.log(
    `${path.padEnd(22)} status ${res.status}  html ${kb(buf.length)} (gzip ${kb(gzipSync(buf).length)})  ` +
      `js ${scripts.size} files ${kb(js)} (gzip ${kb(jsGz)})  css ${kb(css)} (gzip ${kb(cssGz)})  ` +
      `first byte ${ttfb.toFixed(0)} ms ${queries}`,
  );
}
