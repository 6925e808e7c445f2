import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postListingOverHttp, signUpOverHttp } from "../tests/setup/http-members";
import { type RunningServer, startServer } from "../tests/setup/server-process";

/*
 * Data saver over HTTP on the built app (app/utils/data-saver.ts says why): `Save-Data: on` or the
 * device's setting (a cookie set from /settings) gives cards their 320-pixel picture, the listing
 * page its first photo at most 640 pixels wide with the others behind "Show all N photos", and
 * links that do not prefetch; the page cache keeps the two kinds of page apart.
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-data-saver-"));
let server: RunningServer;
let member = "";
let listingPath = "";

function get(pathname: string, headers: Record<string, string> = {}) {
  return fetch(`${server.url}${pathname}`, { headers, redirect: "manual" });
}

/** The widths each <img srcset> of the HTML offers, per image (not React's preload of the first). */
function srcsetWidths(html: string): number[][] {
  return [...html.matchAll(/(?<![A-Za-z])srcSet="([^"]*)"/g)].map(([, set = ""]) =>
    set.split(",").map((candidate) => Number(/(\d+)w\s*$/.exec(candidate.trim())?.[1] ?? 0)),
  );
}

/** The card pictures of a results page: the srcsets inside its listing cards. */
function cardWidths(html: string): number[][] {
  return html
    .split('data-testid="listing-card"')
    .slice(1)
    .map((card) => srcsetWidths(card.split("</a>")[0] ?? "")[0] ?? []);
}

function postSettings(cookie: string, body: Record<string, string>) {
  return fetch(`${server.url}/settings`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: server.url,
      cookie,
    },
    body: new URLSearchParams(body),
    redirect: "manual",
  });
}

beforeAll(async () => {
  // X-Page-Cache says whether the cache answered (off in production unless asked for).
  server = await startServer({
    DATA_DIR: path.join(tmp, "data"),
    DATABASE_URL: "",
    PAGE_CACHE_HEADER: "true",
  });
  const seller = await signUpOverHttp(server.url, {
    name: "Rana Halabi",
    email: `saver-${Date.now()}@example.com`,
  });
  member = seller.cookie;
  const id = await postListingOverHttp(server.url, seller, "House cleaning in Mezzeh", {
    photos: [
      [200, 40, 40],
      [40, 160, 60],
      [40, 60, 200],
    ],
    size: { width: 1600, height: 1200 },
  });
  listingPath = `/listing/${id}`;
});

afterAll(async () => {
  if (server?.process.exitCode === null) await server.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("data saver", () => {
  it.each(["en", "ar"])("cards take their 320-pixel picture with Save-Data (%s)", async (lang) => {
    const full = await get(`/category/services?lang=${lang}`);
    const fullCards = cardWidths(await full.text());
    expect(fullCards.length).toBeGreaterThan(0);
    expect(fullCards[0]).toEqual([320, 640, 1280]);
    expect(full.headers.get("vary")).toMatch(/save-data/i);

    const saver = await get(`/category/services?lang=${lang}`, { "save-data": "on" });
    const saverCards = cardWidths(await saver.text());
    expect(saverCards.length).toBe(fullCards.length);
    for (const widths of saverCards) expect(widths).toEqual([320]);
  });

  it("the page cache keeps the two pages apart", async () => {
    // Saver first, then full, within the cache's second: each gets its own.
    const saver = await get("/search?q=cleaning", { "save-data": "on" });
    const full = await get("/search?q=cleaning");
    const again = await get("/search?q=cleaning", { "save-data": "on" });
    expect(cardWidths(await saver.text())[0]).toEqual([320]);
    expect(cardWidths(await full.text())[0]).toEqual([320, 640, 1280]);
    expect(cardWidths(await again.text())[0]).toEqual([320]);
    expect(again.headers.get("x-page-cache")).toMatch(/hit|stale/);
  });

  it.each([
    ["en", "Show all 3 photos"],
    ["ar", "عرض الصور كلها (٣)"],
  ])("the listing page holds back the other photos until asked (%s)", async (lang, more) => {
    const full = await (await get(`${listingPath}?lang=${lang}`)).text();
    expect(full).toContain('data-testid="gallery-thumbnails"');
    expect(full).not.toContain('data-testid="gallery-more-photos"');
    expect(Math.max(...srcsetWidths(full).flat())).toBe(1280);

    const saver = await (await get(`${listingPath}?lang=${lang}`, { "save-data": "on" })).text();
    expect(saver).not.toContain('data-testid="gallery-thumbnails"');
    expect(saver).toContain('data-testid="gallery-more-photos"');
    expect(saver).toContain(more);
    expect(saver).toContain("?photos=all&amp;image=1");
    // Only the first photo, no wider than 640 pixels (and so its preload).
    expect(srcsetWidths(saver)).toEqual([[320, 640]]);
    expect(saver).toMatch(/imageSrcSet="[^"]*-320\.webp 320w, [^"]*-640\.webp 640w"/);

    // Asked (the link works without JavaScript): the thumbnails, still small.
    const asked = await (
      await get(`${listingPath}?lang=${lang}&photos=all`, { "save-data": "on" })
    ).text();
    expect(asked).toContain('data-testid="gallery-thumbnails"');
    expect(asked).not.toContain('data-testid="gallery-more-photos"');
    expect(Math.max(...srcsetWidths(asked).flat())).toBe(640);
  });

  it("is a setting of this device in /settings, for members; the cookie works signed out", async () => {
    const settings = await (await get("/settings?lang=en", { cookie: member })).text();
    expect(settings).toContain('data-testid="settings-data-saver"');
    expect(settings).toContain("Data saver on this device");

    const on = await postSettings(member, { intent: "data-saver", dataSaver: "on" });
    expect(on.status).toBe(302);
    expect(on.headers.get("location")).toBe("/settings?saved=data-saver");
    const cookie = on.headers.getSetCookie().find((c) => c.startsWith("data_saver=")) ?? "";
    expect(cookie).toMatch(/^data_saver=on; Max-Age=31536000; Path=\/; SameSite=Lax; HttpOnly/);

    const withSetting = `${member}; data_saver=on`;
    const saved = await (
      await get("/settings?saved=data-saver&lang=ar", { cookie: withSetting })
    ).text();
    expect(saved).toContain("توفير البيانات مفعّل على هذا الجهاز.");
    const page = await (await get(`${listingPath}?lang=en`, { cookie: withSetting })).text();
    expect(page).toContain('data-testid="gallery-more-photos"');
    // A visitor's browser keeps the cookie after signing out: the setting goes on working.
    const visitor = await get("/category/services", { cookie: "data_saver=on" });
    expect(cardWidths(await visitor.text())[0]).toEqual([320]);

    const off = await postSettings(withSetting, { intent: "data-saver" });
    expect(off.status).toBe(302);
    expect(off.headers.getSetCookie().find((c) => c.startsWith("data_saver="))).toMatch(
      /^data_saver=; Max-Age=0/,
    );
  });

  it("a browser that asks for less data is told so on the settings page", async () => {
    const html = await (
      await get("/settings?lang=en", { cookie: member, "save-data": "on" })
    ).text();
    expect(html).toContain('data-testid="data-saver-browser"');
  });

  it("refuses a value that is not a checkbox's, and signed-out posts, without setting anything", async () => {
    for (const value of ["yes", "<script>", "١", "on'; drop table users; --"]) {
      const res = await postSettings(member, { intent: "data-saver", dataSaver: value });
      expect(res.status, value).toBeLessThan(500);
      expect(res.status, value).not.toBe(302);
      expect(res.headers.getSetCookie().some((c) => c.startsWith("data_saver="))).toBe(false);
    }
    const visitor = await postSettings("", { intent: "data-saver", dataSaver: "on" });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
    expect(visitor.headers.getSetCookie().some((c) => c.startsWith("data_saver="))).toBe(false);
  });
});
