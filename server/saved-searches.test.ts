import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAs, postForm, signUpOverHttp } from "../tests/setup/http-members";
import {
  createServerDatabase,
  dropServerDatabase,
  type RunningServer,
  startServer,
} from "../tests/setup/server-process";

/*
 * Saved searches over HTTP on the built app, as a browser without JavaScript sends its forms: who
 * may see and change what (the owner; another member gets 404, a visitor the sign-in page), what
 * hostile input gets back, and how many SQL statements each page costs (Server-Timing). With
 * TEST_DATABASE_URL set it runs on a fresh PostgreSQL database.
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-saved-searches-"));
let databaseUrl: string | undefined;
let server: RunningServer;
let owner = "";
let other = "";
let savedId = "";

const UNKNOWN = "3f2504e0-4f89-41d3-9a0c-0305e82c3301";

async function signUp(email: string) {
  return (await signUpOverHttp(server.url, { name: "Test Member", email })).cookie;
}

function post(cookie: string, fields: Record<string, string>, lang = "en") {
  return postForm(server.url, `/saved-searches?lang=${lang}`, cookie, fields);
}

async function listOf(cookie: string, lang = "en") {
  const res = await getAs(server.url, `/saved-searches?lang=${lang}`, cookie);
  expect(res.status).toBe(200);
  return res.text();
}

function sqlCount(res: Response) {
  const timing = res.headers.get("server-timing") ?? "";
  return Number(/db;desc="sql queries";dur=(\d+)/.exec(timing)?.[1]);
}

/** The ids of the owner's rows, as the page lists them. */
function idsIn(html: string) {
  return [...html.matchAll(/data-testid="saved-search" data-id="([0-9a-f-]{36})"/g)].map(
    (match) => match[1],
  );
}

beforeAll(async () => {
  databaseUrl = await createServerDatabase("souqna_saved");
  server = await startServer({ DATA_DIR: path.join(tmp, "data"), DATABASE_URL: databaseUrl ?? "" });
  owner = await signUp(`owner-${Date.now()}@example.com`);
  other = await signUp(`other-${Date.now()}@example.com`);
});

afterAll(async () => {
  if (server?.process.exitCode === null) await server.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
  await dropServerDatabase(databaseUrl);
});

describe("saved searches over HTTP", () => {
  it("offer a visitor a sign-in link that comes back, and send their POST to sign in", async () => {
    const html = await (await getAs(server.url, "/category/motors?make=kia&lang=en")).text();
    expect(html).toContain('data-testid="save-search-sign-in"');
    expect(html).toContain(
      `/auth?redirectTo=${encodeURIComponent("/category/motors?make=kia&lang=en")}&amp;reason=auth`,
    );
    expect(html).not.toContain('data-testid="save-search-form"');
    for (const res of [
      await getAs(server.url, "/saved-searches"),
      await getAs(server.url, `/saved-searches/${UNKNOWN}`),
      await post("", { intent: "save", query: "?category=1" }),
    ]) {
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
    }
  });

  it("save from a results page without JavaScript: the normalised query, once", async () => {
    const results = await getAs(
      server.url,
      "/category/motors?make=kia&maxPrice=٥٠٠٠٠٠٠&sort=price_asc&page=2",
      owner,
    );
    const html = await results.text();
    const query = /name="query" value="([^"]*)"/.exec(html)?.[1]?.replaceAll("&amp;", "&");
    expect(query).toBe("?category=1&maxPrice=5000000&make=kia");
    // Results pages stay within their statement budget with the button, for a member and a
    // visitor: the button reads the page's own query, and the member the root loader looked up.
    const visitor = await getAs(server.url, "/category/motors?make=kia&maxPrice=5000000");
    expect(sqlCount(results)).toBeLessThanOrEqual(5);
    expect(sqlCount(visitor)).toBeLessThanOrEqual(5);

    const saved = await post(owner, { intent: "save", query: query ?? "" });
    expect(saved.status).toBe(302);
    const location = saved.headers.get("location") ?? "";
    expect(location).toMatch(/^\/saved-searches\?done=saved&id=[0-9a-f-]{36}$/);
    savedId = location.split("id=")[1] ?? "";
    // Again, as a raw URL with another sort: the same row.
    const again = await post(owner, {
      intent: "save",
      query: "make=kia&maxPrice=5000000&category=1&sort=newest",
    });
    expect(again.headers.get("location")).toBe(`/saved-searches?done=saved&id=${savedId}`);

    const res = await getAs(server.url, "/saved-searches?lang=ar", owner);
    expect(sqlCount(res)).toBeLessThanOrEqual(5);
    const list = await res.text();
    expect(idsIn(list)).toEqual([savedId]);
    // ICU puts a no-break space inside «٥ مليون» (as in the domain's test of the name).
    expect(list.replace(/\u00a0/g, " ")).toContain("كيا، حتى ٥ مليون");
    expect(list).toMatch(/<meta name="robots" content="noindex"/);
    expect(res.headers.get("cache-control") ?? "").toMatch(/private|no-store/);
  });

  it("keep every member to their own: another member gets 404 and changes nothing", async () => {
    expect(idsIn(await listOf(other))).toEqual([]);
    const open = await getAs(server.url, `/saved-searches/${savedId}`, other);
    expect(open.status).toBe(404);
    const changes: Record<string, string>[] = [
      { intent: "rename", id: savedId, name: "Mine now" },
      { intent: "cadence", id: savedId, cadence: "off" },
      { intent: "delete", id: savedId },
    ];
    for (const fields of changes) {
      const res = await post(other, fields);
      expect(res.status, fields.intent).toBe(404);
      expect(await res.text()).toContain("This saved search does not exist or is not yours");
    }
    const list = await listOf(owner);
    expect(idsIn(list)).toEqual([savedId]);
    expect(list).not.toContain("Mine now");
    expect(list).toContain('value="instant" selected=""');
  });

  it("refuse bad input with a translated message and save nothing", async () => {
    const cases: { fields: Record<string, string>; en: string; ar: string }[] = [
      {
        fields: { intent: "save", query: "" },
        en: "Choose a category, a filter or words",
        ar: "اختر فئة أو فلترًا",
      },
      {
        fields: { intent: "save", query: "category=99" },
        en: "does not know",
        ar: "لا يعرفه سوقنا",
      },
      {
        fields: { intent: "save", query: "category=../../etc/passwd" },
        en: "does not know",
        ar: "لا يعرفه سوقنا",
      },
      {
        fields: { intent: "save", query: "x".repeat(5000) },
        en: "could not be read",
        ar: "تعذّرت قراءة",
      },
      {
        fields: { intent: "rename", id: savedId, name: "" },
        en: "Please give the search a name",
        ar: "يرجى إعطاء البحث اسمًا",
      },
      {
        fields: { intent: "rename", id: savedId, name: "x".repeat(10_000) },
        en: "under 80 characters",
        ar: "٨٠ حرفًا",
      },
      {
        fields: { intent: "rename", id: "../../etc/passwd", name: "ok" },
        en: "does not exist or is not yours",
        ar: "غير موجود أو ليس لك",
      },
      {
        fields: { intent: "delete", id: `${UNKNOWN}' or '1'='1` },
        en: "does not exist or is not yours",
        ar: "غير موجود أو ليس لك",
      },
      {
        fields: { intent: "delete", id: UNKNOWN },
        en: "does not exist or is not yours",
        ar: "غير موجود أو ليس لك",
      },
      {
        fields: { intent: "cadence", id: savedId, cadence: "hourly" },
        en: "how often to be told",
        ar: "عدد مرات التنبيه",
      },
    ];
    for (const { fields, en, ar } of cases) {
      for (const [lang, text] of [
        ["en", en],
        ["ar", ar],
      ] as const) {
        const res = await post(owner, fields, lang);
        expect(res.status, `${fields.intent} ${lang}`).toBeGreaterThanOrEqual(400);
        expect(await res.text(), `${fields.intent} ${lang}`).toContain(text);
      }
    }
    const list = await listOf(owner);
    expect(idsIn(list)).toEqual([savedId]);
    expect(list).toContain('value="instant" selected=""');
  });

  it("let the owner rename (HTML, Arabic, emoji kept as text), re-time, open and delete", async () => {
    for (const name of ["<script>alert(1)</script>", "كيا رخيصة في حلب 🚗"]) {
      const res = await post(owner, { intent: "rename", id: savedId, name });
      expect(res.status).toBe(302);
    }
    const cadence = await post(owner, { intent: "cadence", id: savedId, cadence: "daily" });
    expect(cadence.headers.get("location")).toBe("/saved-searches?done=cadence");
    const list = await listOf(owner);
    expect(list).toContain("كيا رخيصة في حلب 🚗");
    expect(list).toContain('value="daily" selected=""');

    const open = await getAs(server.url, `/saved-searches/${savedId}`, owner);
    expect(open.status).toBe(302);
    expect(open.headers.get("location")).toBe("/category/motors?maxPrice=5000000&make=kia");

    const removed = await post(owner, { intent: "delete", id: savedId });
    expect(removed.headers.get("location")).toBe("/saved-searches?done=deleted");
    expect(idsIn(await listOf(owner))).toEqual([]);
    expect((await getAs(server.url, `/saved-searches/${savedId}`, owner)).status).toBe(404);
  });

  it(`refuse the 21st saved search in both languages`, async () => {
    for (let i = 1; i <= 20; i++) {
      const res = await post(owner, {
        intent: "save",
        query: `category=1&maxPrice=${i * 100_000}`,
      });
      expect(res.status).toBe(302);
    }
    const en = await post(owner, { intent: "save", query: "category=1&maxPrice=9000000" });
    expect(en.status).toBe(409);
    expect(await en.text()).toContain("You can keep at most 20 saved searches");
    const ar = await post(owner, { intent: "save", query: "category=1&maxPrice=9000000" }, "ar");
    expect(await ar.text()).toContain("يمكنك الاحتفاظ بـ٢٠ بحثًا محفوظًا");
    expect(idsIn(await listOf(owner))).toHaveLength(20);
  });
});
