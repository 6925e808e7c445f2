import fs from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import arWebApp from "../app/i18n/locales/ar/web-app";
import enWebApp from "../app/i18n/locales/en/web-app";
import { type RunningServer, startServer } from "../tests/setup/server-process";
import { createTestDatabase, type TestDatabase } from "../tests/setup/test-database";

/*
 * Installable (decision 024's offline app): the web app manifest in the request's language, its
 * icons as real PNG files of the sizes it names, and every page linking the manifest of its own
 * language. Over HTTP on the built app.
 */
let database: TestDatabase;
let server: RunningServer;

beforeAll(async () => {
  database = await createTestDatabase();
  const { dataDir, databaseUrl } = database.location;
  // The server opens the same PGlite data dir, which allows one process at a time.
  if (dataDir) await database.close();
  server = await startServer({
    DATA_DIR: dataDir ?? fs.mkdtempSync("/tmp/souqna-manifest-"),
    DATABASE_URL: databaseUrl ?? "",
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (database.location.dataDir) {
    fs.rmSync(database.location.dataDir, { recursive: true, force: true });
  } else {
    await database.destroy();
  }
});

interface Manifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  dir: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
  shortcuts: { name: string; url: string }[];
}

async function manifest(query: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}/manifest.webmanifest${query}`, { headers });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/manifest+json; charset=utf-8");
  expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
  return (await res.json()) as Manifest;
}

describe("the web app manifest", () => {
  for (const [lang, texts, dir] of [
    ["en", enWebApp, "ltr"],
    ["ar", arWebApp, "rtl"],
  ] as const) {
    it(`answers in ${lang} with its catalog's names, direction and shortcuts`, async () => {
      const m = await manifest(`?lang=${lang}`);
      expect(m).toMatchObject({
        id: "/?source=pwa",
        name: texts.name,
        short_name: texts.shortName,
        description: texts.description,
        lang,
        dir,
        start_url: `/?lang=${lang}&source=pwa`,
        scope: "/",
        display: "standalone",
        theme_color: "#047858",
        background_color: "#f8fafc",
      });
      expect(m.shortcuts).toEqual([
        { name: texts.shortcuts.postAd, url: `/post-ad?lang=${lang}` },
        { name: texts.shortcuts.search, url: `/search?lang=${lang}` },
        { name: texts.shortcuts.messages, url: `/messages?lang=${lang}` },
      ]);
      for (const shortcut of m.shortcuts) {
        // Reachable pages (the member-only ones send a visitor to sign in).
        const res = await fetch(`${server.url}${shortcut.url}`, { redirect: "manual" });
        expect([200, 302, 303], shortcut.url).toContain(res.status);
      }
    });
  }

  it("follows the browser's language when the address names none", async () => {
    expect((await manifest("", { "Accept-Language": "ar-SY,ar;q=0.9" })).lang).toBe("ar");
    expect((await manifest("", { "Accept-Language": "en-GB" })).lang).toBe("en");
  });

  it("names icons that are PNG files of their sizes, one of them maskable", async () => {
    const { icons } = await manifest("?lang=en");
    expect(icons.map((icon) => [icon.sizes, icon.purpose])).toEqual([
      ["192x192", "any"],
      ["512x512", "any"],
      ["512x512", "maskable"],
    ]);
    for (const icon of icons) {
      const res = await fetch(`${server.url}${icon.src}`);
      expect(res.status, icon.src).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/png");
      expect(icon.type).toBe("image/png");
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.format).toBe("png");
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
    }
    // A maskable icon fills its square (launchers crop it to their shape): no transparent corner.
    const maskable = icons.find((icon) => icon.purpose === "maskable")!;
    const res = await fetch(`${server.url}${maskable.src}`);
    const { data, info } = await sharp(Buffer.from(await res.arrayBuffer()))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[info.channels - 1]).toBe(255);
  });

  it("is linked from every page in the page's language", async () => {
    for (const lang of ["en", "ar"]) {
      for (const path of ["/", "/search", "/about"]) {
        const html = await (await fetch(`${server.url}${path}?lang=${lang}`)).text();
        const links = [...html.matchAll(/<link rel="manifest" href="([^"]*)"/g)].map((m) => m[1]);
        expect(links, `${path} in ${lang}`).toEqual([`/manifest.webmanifest?lang=${lang}`]);
      }
    }
  });
});
