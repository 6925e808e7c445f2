#!/usr/bin/env node
// First-load JavaScript of every page of the build (npm run build first): scripts before
// hydration (the page's language catalog included) and their gzip bytes. The same figures
// tests/budgets/first-load-js.test.ts holds each page to.
// Usage: node bench/first-load.mjs [build-dir]
import { catalogBeforeHydration, firstLoadJs, readManifest } from "../scripts/first-load-js.mjs";

const build = process.argv[2] ?? "build";
const manifest = readManifest(build);
const catalog = catalogBeforeHydration(build);
const rows = Object.entries(firstLoadJs(build))
  .filter(([id]) => id !== "root" && manifest.routes[id].hasDefaultExport)
  .map(([id, route]) => [
    id,
    route.scripts + (catalog.file ? 1 : 0),
    (route.gzip + catalog.gzip) / 1024,
  ]);
console.log(`${"page".padEnd(26)} scripts  KB gzip`);
for (const [id, scripts, kb] of rows.sort((a, b) => b[2] - a[2])) {
  console.log(
    `${id.replace("routes/", "").padEnd(26)} ${String(scripts).padStart(7)}  ${kb.toFixed(1).padStart(7)}`,
  );
}
