// The service worker of a build (decision 024): app/service-worker/sw.ts bundled into one classic
// script with Workbox, then Workbox's precache list injected (workbox-build's injectManifest):
// the app shell — React Router's entry and root route scripts, the style sheet, the route
// manifest — and the offline screen in both languages. Everything else is cached as it is used.
// Run by scripts/build.mjs after React Router's build, which it reads.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { root } from "./build-layout.mjs";

const clientDir = path.join(root, "build/client");

/** React Router's browser manifest of this build (`window.__reactRouterManifest = {…}`). */
function routerManifest() {
  const assets = path.join(clientDir, "assets");
  const file = fs.readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error("build/client/assets has no React Router manifest: build first");
  const text = fs.readFileSync(path.join(assets, file), "utf8");
  const json = text.slice(text.indexOf("=") + 1).replace(/;\s*$/, "");
  return { file: `assets/${file}`, manifest: JSON.parse(json) };
}

/** The files every page needs before anything else, relative to build/client. */
function shellFiles() {
  const { file, manifest } = routerManifest();
  const rootRoute = manifest.routes.root;
  const urls = new Set([
    manifest.entry.module,
    ...manifest.entry.imports,
    ...(manifest.entry.css ?? []),
    rootRoute.module,
    ...(rootRoute.imports ?? []),
    ...(rootRoute.css ?? []),
  ]);
  const styles = fs
    .readdirSync(path.join(clientDir, "assets"))
    .filter((name) => name.endsWith(".css"))
    .map((name) => `/assets/${name}`);
  return [file, ...[...urls, ...styles].map((url) => url.replace(/^\//, ""))];
}

/** One classic script: a service worker registered without `type: "module"` runs everywhere. */
async function bundle(outDir) {
  const { build } = await import("vite");
  await build({
    root,
    configFile: false,
    logLevel: "warn",
    resolve: { tsconfigPaths: true },
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    build: {
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      minify: true,
      target: "es2020",
      rolldownOptions: {
        input: path.join(root, "app/service-worker/sw.ts"),
        output: { format: "iife", entryFileNames: "sw.js" },
      },
    },
  });
  return path.join(outDir, "sw.js");
}

export async function buildServiceWorker() {
  const { injectManifest } = await import("workbox-build");
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-sw-"));
  try {
    const bundled = await bundle(tmp);
    // The offline screen is a page of the server: its copy is renewed with every build.
    const revision = crypto
      .createHash("sha256")
      .update(fs.readFileSync(bundled))
      .update(routerManifest().manifest.version ?? "")
      .digest("hex")
      .slice(0, 16);
    const { count, size, warnings } = await injectManifest({
      swSrc: bundled,
      swDest: path.join(clientDir, "sw.js"),
      globDirectory: clientDir,
      globPatterns: shellFiles(),
      // Hashed names: the name is the revision.
      dontCacheBustURLsMatching: /^assets\//,
      additionalManifestEntries: [
        { url: "/offline?lang=en", revision },
        { url: "/offline?lang=ar", revision },
      ],
    });
    for (const warning of warnings) console.warn(`service worker: ${warning}`);
    console.log(
      `built the service worker: ${count} files precached (${Math.round(size / 1024)} KB before compression)`,
    );
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
