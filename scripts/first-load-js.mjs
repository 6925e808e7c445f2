// What a first visit to each route downloads in JavaScript before it hydrates: the entry, the root
// route and the route's own module with every module they import, as React Router's build
// manifest lists them (the same list the page's <link rel="modulepreload"> tags come from).
// Sizes are gzip level 9 of the built files: deterministic for a given build.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

export function readManifest(buildDir) {
  const assets = path.join(buildDir, "client/assets");
  if (!fs.existsSync(assets)) throw new Error(`no build in ${buildDir}: run npm run build first`);
  const file = fs.readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`no React Router manifest in ${assets}`);
  const text = fs.readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
}

/** For each route id (with its ancestors): script count, raw and gzip bytes, and the files. */
export function firstLoadJs(buildDir) {
  const manifest = readManifest(buildDir);
  const sizes = new Map();
  const gzipOf = (url) => {
    if (!sizes.has(url)) {
      const bytes = fs.readFileSync(path.join(buildDir, "client", url));
      sizes.set(url, { raw: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length });
    }
    return sizes.get(url);
  };
  const chain = (id) => {
    const route = manifest.routes[id];
    return route ? [...(route.parentId ? chain(route.parentId) : []), route] : [];
  };
  const result = {};
  for (const id of Object.keys(manifest.routes)) {
    const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
    for (const route of chain(id)) {
      files.add(route.module);
      for (const url of route.imports ?? []) files.add(url);
    }
    let raw = 0;
    let gzip = 0;
    for (const url of files) {
      const size = gzipOf(url);
      raw += size.raw;
      gzip += size.gzip;
    }
    result[id] = { scripts: files.size, raw, gzip, files: [...files] };
  }
  return result;
}

/**
 * The shared catalog is fetched before hydration in the page's language only (entry.client.tsx):
 * one more request, and the larger of the two language files counts towards every page. The
 * loader may sit in any chunk (the shell's, since decision 029), so every file is read.
 */
export function catalogBeforeHydration(buildDir) {
  const assets = path.join(buildDir, "client/assets");
  let largest = { file: null, gzip: 0 };
  const seen = new Set();
  for (const name of fs.readdirSync(assets).filter((file) => file.endsWith(".js"))) {
    const text = fs.readFileSync(path.join(assets, name), "utf8");
    for (const [, file] of text.matchAll(/import\(`\.\/(common-[\w-]+\.js)`\)/g)) {
      if (seen.has(file)) continue;
      seen.add(file);
      const gzip = zlib.gzipSync(fs.readFileSync(path.join(assets, file)), { level: 9 }).length;
      if (gzip > largest.gzip) largest = { file: `/assets/${file}`, gzip };
    }
  }
  return largest;
}
