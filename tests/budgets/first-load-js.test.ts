import path from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error -- a plain .mjs helper shared with the benchmark
import { catalogBeforeHydration, firstLoadJs, readManifest } from "../../scripts/first-load-js.mjs";

/*
 * First-load JavaScript per page, from the build's manifest (npm test builds first): bytes are
 * deterministic, so this is a fair test. The goal (issue 12) is 130 KB gzip and 12 scripts on every
 * page; pages not there yet have a ceiling at today's figure, so they may only shrink. Lower a
 * ceiling when a page gets lighter; never raise one.
 */
const KB = 1024;
const GOAL = { gzip: 130 * KB, scripts: 12 };
const CEILINGS: Record<string, { gzip: number; scripts: number }> = {
  "routes/home": { gzip: 140 * KB, scripts: 23 },
  "routes/auth": { gzip: 138 * KB, scripts: 22 },
  "routes/auth-confirm": { gzip: 135 * KB, scripts: 20 },
  "routes/forgot-password": { gzip: 137 * KB, scripts: 21 },
  "routes/profile": { gzip: 146 * KB, scripts: 29 },
  "routes/settings": { gzip: 138 * KB, scripts: 22 },
  "routes/dev-mail": { gzip: 136 * KB, scripts: 21 },
  "routes/dev-mail-message": { gzip: 136 * KB, scripts: 20 },
  "routes/about": { gzip: 137 * KB, scripts: 21 },
  "routes/jobs": { gzip: 136 * KB, scripts: 20 },
  "routes/safety-tips": { gzip: 137 * KB, scripts: 22 },
  "routes/terms-conditions": { gzip: 136 * KB, scripts: 20 },
  "routes/post-ad": { gzip: 157 * KB, scripts: 26 },
  "routes/edit-listing": { gzip: 157 * KB, scripts: 27 },
  "routes/listing": { gzip: 146 * KB, scripts: 27 },
  "routes/my-listings": { gzip: 138 * KB, scripts: 22 },
  "routes/favorites": { gzip: 140 * KB, scripts: 23 },
  "routes/messages": { gzip: 138 * KB, scripts: 23 },
  "routes/message-thread": { gzip: 180 * KB, scripts: 25 },
  "routes/moderation": { gzip: 139 * KB, scripts: 23 },
  "routes/search": { gzip: 150 * KB, scripts: 25 },
  "routes/category": { gzip: 152 * KB, scripts: 27 },
  "routes/not-found": { gzip: 134 * KB, scripts: 19 },
};

const build = path.resolve(import.meta.dirname, "../../build");
type Routes = Record<string, { scripts: number; gzip: number; files: string[] }>;
// Pages only: resource routes (robots.txt, the JSON APIs) send no JavaScript.
const manifest = readManifest(build) as { routes: Record<string, { hasDefaultExport: boolean }> };
const pages = new Set(
  Object.entries(manifest.routes)
    .filter(([id, route]) => id !== "root" && route.hasDefaultExport)
    .map(([id]) => id),
);

describe("first-load JavaScript", () => {
  const routes = Object.fromEntries(
    Object.entries(firstLoadJs(build) as Routes).filter(([id]) => pages.has(id)),
  );
  const catalog = catalogBeforeHydration(build) as { file: string | null; gzip: number };

  it("fetches the page's language catalog, not both", () => {
    expect(catalog.file).not.toBeNull();
    expect(catalog.gzip).toBeLessThan(8 * KB);
    for (const route of Object.values(routes)) expect(route.files).not.toContain(catalog.file);
  });

  it("measures every page", () => {
    expect(Object.keys(routes).length).toBeGreaterThan(20);
    expect(Object.keys(routes)).toContain("routes/listing");
  });

  it.each(Object.keys(routes))("%s stays within its budget", (id) => {
    const route = routes[id]!;
    const budget = CEILINGS[id] ?? GOAL;
    const gzip = route.gzip + catalog.gzip;
    expect(gzip, `${id}: ${(gzip / KB).toFixed(1)} KB gzip`).toBeLessThanOrEqual(budget.gzip);
    expect(route.scripts, `${id}: ${route.scripts} scripts`).toBeLessThanOrEqual(budget.scripts);
  });

  it("keeps the toast library and server-only code out of every first load", () => {
    for (const [id, route] of Object.entries(routes)) {
      const names = route.files.map((file) => path.basename(file));
      expect(
        names.filter((name) => /sonner|i18next|pglite|drizzle|pino/i.test(name)),
        id,
      ).toEqual([]);
    }
  });
});
