import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../tests/setup/server-process";

/*
 * The service worker and its offline screen over HTTP on the built app (decision 024): the worker
 * is served for the whole site and revalidated on every check, its precache list is this build's
 * shell and the offline screen of both languages, and that screen is a plain page in its
 * language that sets no cookie (the worker fetches both copies at install; a `lang` cookie from
 * that fetch once turned a visitor's site Arabic).
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-offline-"));
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ DATA_DIR: path.join(tmp, "data"), DATABASE_URL: "" });
});

afterAll(async () => {
  if (server?.process.exitCode === null) await server.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("the service worker", () => {
  it("is served from the root, revalidated on every check, with this build's precache list", async () => {
    const res = await fetch(`${server.url}/sw.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/javascript/);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    const body = await res.text();
    expect(body).toContain('"/offline?lang=en"');
    expect(body).toContain('"/offline?lang=ar"');
    // The shell: React Router's entry script, by its hashed name, as the home page loads it.
    const home = await (await fetch(`${server.url}/`)).text();
    const entry = /\/assets\/entry\.client-[\w-]+\.js/.exec(home)?.[0] ?? "missing";
    expect(body).toContain(entry.slice(1));
    // Bundled for the browser: no import left to resolve, and Workbox's `process.env.NODE_ENV`
    // replaced (a worker has no `process`: it would stop at its first line).
    expect(body).not.toMatch(/^import /m);
    expect(body).not.toContain("process.env");
  });
});

describe("the offline screen", () => {
  it.each([
    ["en", "ltr", "You're offline", "Available offline"],
    ["ar", "rtl", "أنت غير متصل بالإنترنت", "متاح دون اتصال"],
  ])("is a plain page in %s that sets no cookie", async (lang, dir, title, available) => {
    const res = await fetch(`${server.url}/offline?lang=${lang}`, {
      headers: { cookie: "lang=en" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()).toEqual([]);
    const html = await res.text();
    expect(html).toContain(`<html lang="${lang}" dir="${dir}">`);
    expect(html).toContain(`<h1>${title.replace("'", "&#39;")}</h1>`);
    expect(html).toContain(available);
    // Its one script carries the nonce of its own Content-Security-Policy.
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`<script nonce="${nonce}">`);
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it("takes only en or ar from its address: anything else is English, and nothing is echoed", async () => {
    for (const odd of ["fr", "<script>", "../ar", "ar%00", "١"]) {
      const res = await fetch(`${server.url}/offline?lang=${encodeURIComponent(odd)}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<html lang="en" dir="ltr">');
      expect(html).not.toContain(odd);
    }
  });
});
