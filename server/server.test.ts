import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpOverHttp } from "../tests/setup/http-members";
import {
  createServerDatabase,
  dropServerDatabase,
  expectStartupFailure,
  type RunningServer,
  startServer,
} from "../tests/setup/server-process";

/*
 * The real server as a child process on the built app: start-up, language negotiation, 404,
 * health, the data-dir lock and clean shutdown. With TEST_DATABASE_URL set it runs on a fresh
 * PostgreSQL database instead of PGlite.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-server-"));
const dataDir = path.join(tmp, "nested", "data");
let databaseUrl: string | undefined;
let server: RunningServer;
const OPERATOR_TOKEN = "operator-token-for-the-suite-0123456789";

beforeAll(async () => {
  databaseUrl = await createServerDatabase("souqna_srv");
  server = await startServer({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? "",
    METRICS_TOKEN: OPERATOR_TOKEN,
  });
});

afterAll(async () => {
  if (server?.process.exitCode === null) await server.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
  await dropServerDatabase(databaseUrl);
});

const get = (pathname: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${pathname}`, { headers, redirect: "manual" });

const htmlTag = (html: string) => /<html[^>]*>/.exec(html)?.[0] ?? "";

describe("a fresh start", () => {
  it("creates a missing DATA_DIR and reports a healthy database", async () => {
    if (!serverUrl) expect(fs.existsSync(path.join(dataDir, "db"))).toBe(true);
    // The details are for the operator's token (strangers learn ok or fail).
    const res = await get("/healthz", { authorization: `Bearer ${OPERATOR_TOKEN}` });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      status: "ok",
      database: { kind: serverUrl ? "postgres" : "pglite", status: "up" },
    });
  });

  it("serves the home page with a request id and a strict content policy", async () => {
    const res = await get("/");
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toMatch(/^[\w-]+$/);
    const csp = res.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const html = await res.text();
    expect(html).toContain(`nonce="${nonce}"`);
    expect(html).toContain("Discover • Connect • Trade in Syria");
  });
});

describe("language negotiation", () => {
  it("defaults to English, left to right", async () => {
    const html = await (await get("/")).text();
    expect(htmlTag(html)).toContain('lang="en"');
    expect(htmlTag(html)).toContain('dir="ltr"');
  });

  it("follows Accept-Language on a first visit", async () => {
    const html = await (await get("/", { "accept-language": "ar-SY,ar;q=0.9,en;q=0.5" })).text();
    expect(htmlTag(html)).toContain('lang="ar"');
    expect(htmlTag(html)).toContain('dir="rtl"');
    expect(html).toContain("اكتشف • تواصل • تاجر في سوريا");
  });

  it("lets the cookie win over Accept-Language", async () => {
    const html = await (await get("/", { cookie: "lang=en", "accept-language": "ar" })).text();
    expect(htmlTag(html)).toContain('lang="en"');
  });

  it("switches with ?lang= and remembers it in a cookie", async () => {
    const res = await get("/about?lang=ar", { cookie: "lang=en" });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(/^lang=ar;.*Path=\//i);
    expect(htmlTag(await res.text())).toContain('dir="rtl"');
  });

  it("ignores garbage quietly", async () => {
    const res = await get("/?lang=%3Cscript%3E", { cookie: "lang=xx", "accept-language": ";;q=z" });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(htmlTag(await res.text())).toContain('lang="en"');
  });

  it("declares both language variants as alternates", async () => {
    const html = await (await get("/safety-tips")).text();
    expect(html).toMatch(/<link rel="alternate" hrefLang="ar" href="[^"]*\/safety-tips\?lang=ar"/i);
    expect(html).toMatch(/<link rel="alternate" hrefLang="en" href="[^"]*\/safety-tips\?lang=en"/i);
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/safety-tips\?lang=en"/);
  });
});

describe("pages", () => {
  it.each(["/about", "/jobs", "/safety-tips", "/terms-conditions"])(
    "%s renders in both languages",
    async (page) => {
      for (const lang of ["en", "ar"]) {
        const res = await get(`${page}?lang=${lang}`);
        expect(res.status).toBe(200);
        const html = await res.text();
        expect(htmlTag(html)).toContain(`lang="${lang}"`);
        expect(html).toMatch(/<h1[^>]*>[^<]+</);
      }
    },
  );

  it("answers an unknown path with the 404 page and status", async () => {
    const res = await get("/no/such/page");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Oops! Page not found");
    const ar = await get("/does-not-exist?lang=ar");
    expect(ar.status).toBe(404);
    expect(await ar.text()).toContain("عذرًا! الصفحة غير موجودة");
  });

  it("does not let path tricks escape the media folder", async () => {
    const res = await get("/media/..%2f..%2fsouqna.lock");
    expect([400, 403, 404]).toContain(res.status);
    expect(await res.text()).not.toContain("pid");
  });
});

describe("cross-site requests", () => {
  it("refuses a state-changing request from another origin, in the visitor's language", async () => {
    const res = await fetch(`${server.url}/about?lang=ar`, {
      method: "POST",
      headers: {
        origin: "https://evil.example",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "x=1",
    });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("موقع آخر");
    const referer = await fetch(`${server.url}/about`, {
      method: "POST",
      headers: { referer: "https://evil.example/page" },
    });
    expect(referer.status).toBe(403);
  });

  it("refuses a body of unknown length (411), which could be endless", async () => {
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("intent=save&title=x"));
        controller.close();
      },
    });
    const res = await fetch(`${server.url}/post-ad`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(411);
  });

  it("lets the site's own forms through", async () => {
    const res = await fetch(`${server.url}/no-such-form`, {
      method: "POST",
      headers: { origin: server.url },
    });
    expect(res.status).toBe(404);
  });
});

describe("accounts over HTTP", () => {
  it("sends a signed-out visitor from member pages to /auth, remembering the origin", async () => {
    for (const page of ["/profile", "/settings", "/post-ad", "/messages", "/messages/abc"]) {
      const res = await get(page);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(
        `/auth?redirectTo=${encodeURIComponent(page)}&reason=auth`,
      );
    }
  });

  it("answers a wrong password with the translated message, then 429 with Retry-After once limited", async () => {
    const attempt = () =>
      fetch(`${server.url}/auth?lang=ar`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "x-forwarded-for": "198.51.100.7",
        },
        body: new URLSearchParams({
          intent: "signin",
          email: "nobody@example.com",
          password: "wrong-password",
        }),
        redirect: "manual",
      });
    const first = await attempt();
    expect(first.status).toBe(401);
    expect(await first.text()).toContain("البريد الإلكتروني أو كلمة المرور غير صحيحة");
    let last = first;
    for (let i = 0; i < 8; i++) last = await attempt();
    expect(last.status).toBe(429);
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await last.text()).toContain("محاولات كثيرة");
  });

  it("keeps the outbox and hostile sign-up input harmless", async () => {
    const res = await fetch(`${server.url}/auth?tab=signup`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        intent: "signup",
        fullName: "<img src=x onerror=alert(1)>",
        email: "not-an-email",
        password: "x",
      }),
      redirect: "manual",
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).not.toContain("<img src=x onerror");
    expect(html).toContain("Please enter a valid e-mail address");
  });
});

describe("listings over HTTP: only the owner changes a listing, whatever the browser sends", () => {
  async function signUp(email: string) {
    return (await signUpOverHttp(server.url, { name: "Test Member", email })).cookie;
  }

  const post = (pathname: string, cookie: string, body: URLSearchParams | FormData) =>
    fetch(`${server.url}${pathname}`, {
      method: "POST",
      headers: cookie ? { cookie } : {},
      body,
      redirect: "manual",
    });

  it("refuses visitors and other members on every change, and lets the owner through", async () => {
    const owner = await signUp(`owner-${Date.now()}@example.com`);
    const other = await signUp(`other-${Date.now()}@example.com`);

    const form = new FormData();
    form.set("intent", "save");
    form.set("title", "<script>alert(1)</script> Oud");
    form.set("description", '<img src=x onerror="alert(2)"> <a href="javascript:alert(3)">x</a>');
    form.set("price", "٧٥٠٠٠٠");
    form.set("categoryId", "7");
    form.set("location", "homs");
    form.set("detail.service_type", "other");
    form.set("detail.availability", "weekdays");
    const created = await post("/post-ad", owner, form);
    expect(created.status).toBe(302);
    const location = created.headers.get("location") ?? "";
    expect(location).toMatch(/^\/listing\/[0-9a-f-]{36}$/);
    const id = location.split("/").pop() ?? "";

    const page = await (await get(location, { cookie: owner })).text();
    expect(page).not.toMatch(/<script>alert\(1\)/);
    expect(page).not.toMatch(/<img src=x/);
    expect(page).not.toContain('href="javascript:');
    expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt; Oud");

    const status = (intent: string) => new URLSearchParams({ intent });
    const mine = (intent: string) => new URLSearchParams({ intent, listingId: id });
    const edit = () => {
      const body = new FormData();
      body.set("intent", "save");
      body.set("title", "Taken over");
      body.set("description", "x");
      body.set("price", "1");
      body.set("categoryId", "7");
      body.set("location", "homs");
      return body;
    };

    // A visitor is sent to sign in, for every kind of change.
    for (const [pathname, body] of [
      [location, status("delete")],
      [location, status("sold")],
      [`/edit-listing/${id}`, edit()],
      ["/my-listings", mine("hide")],
      ["/my-listings", mine("delete")],
    ] as const) {
      const res = await post(pathname, "", body);
      expect(res.status, `${pathname} as a visitor`).toBe(302);
      expect(res.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
    }

    // Another member gets 403 and the listing does not change.
    const editPage = await get(`/edit-listing/${id}`, { cookie: other });
    expect(editPage.status).toBe(403);
    expect(await editPage.text()).toContain("You cannot edit this listing");
    for (const [pathname, body] of [
      [location, status("delete")],
      [location, status("sold")],
      [location, status("hide")],
      [`/edit-listing/${id}`, edit()],
      ["/my-listings", mine("hide")],
      ["/my-listings", mine("delete")],
    ] as const) {
      const res = await post(pathname, other, body);
      expect(res.status, `${pathname} ${body.get("intent")} as another member`).toBe(403);
    }
    const unchanged = await get(location);
    expect(unchanged.status).toBe(200);
    const html = await unchanged.text();
    expect(html).toContain("Oud");
    expect(html).not.toContain("Taken over");

    // The owner marks it sold, then deletes it.
    const sold = await post(location, owner, status("sold"));
    expect(sold.status).toBe(302);
    expect(await (await get(location, { cookie: owner })).text()).toContain(
      "This item has been sold.",
    );
    const deleted = await post("/my-listings", owner, mine("delete"));
    expect(deleted.status).toBe(302);
    expect((await get(location)).status).toBe(404);
  });
});

describe("the listing form's fields for the browser", () => {
  it("answers a category's fields and a make's models in the visitor's language, cacheable", async () => {
    const res = await get("/api/listing-form?categoryId=1&fieldsFor=1&detail.make=kia&lang=ar");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, max-age=300");
    const { model } = await res.json();
    const fields = Object.fromEntries(
      model.fields.map((field: { key: string }) => [field.key, field]),
    );
    expect(fields.make.label).toBe("الماركة");
    expect(fields.model.options.map((option: { value: string }) => option.value)).toContain("rio");
  });

  it("ignores garbage, and refuses a NUL like every address", async () => {
    const res = await get("/api/listing-form?categoryId=<script>&detail.make=%EF%BF%BF&x=1");
    expect(res.status).toBe(200);
    expect((await res.json()).model.fields).toEqual([]);
    expect((await get("/api/listing-form?categoryId=1&detail.make=%00")).status).toBe(400);
  });
});

describe.skipIf(Boolean(serverUrl))("the data-dir lock", () => {
  it("refuses a second server on the same DATA_DIR", async () => {
    const { code, output } = await expectStartupFailure({ DATA_DIR: dataDir });
    expect(code).not.toBe(0);
    expect(output.trim().split("\n")).toHaveLength(1);
    expect(output).toMatch(/in use by another Souqna server/);
  });
});

describe("start-up failures are one clear line", () => {
  it("an unwritable DATA_DIR", async () => {
    const file = path.join(tmp, "a-file");
    fs.writeFileSync(file, "");
    const { code, output } = await expectStartupFailure({ DATA_DIR: path.join(file, "data") });
    expect(code).toBe(1);
    expect(output.trim().split("\n")).toHaveLength(1);
    expect(output).toMatch(/^souqna: DATA_DIR .* is not writable/);
  });

  it("an unreachable DATABASE_URL", async () => {
    const { code, output } = await expectStartupFailure({
      DATA_DIR: path.join(tmp, "other"),
      DATABASE_URL: "postgres://nobody:secret@127.0.0.1:1/souqna",
    });
    expect(code).toBe(1);
    expect(output.trim().split("\n")).toHaveLength(1);
    expect(output).toMatch(/^souqna: Cannot connect to PostgreSQL at 127\.0\.0\.1:1\/souqna/);
    expect(output).not.toContain("secret");
  });

  it("a malformed setting", async () => {
    const { code, output } = await expectStartupFailure({
      DATA_DIR: path.join(tmp, "x"),
      PORT: "eighty",
    });
    expect(code).toBe(1);
    expect(output.trim()).toMatch(/^souqna: Invalid configuration: PORT/);
  });
});

describe("shutdown", () => {
  it("exits cleanly within 5 seconds of SIGTERM and releases the lock", async () => {
    const { code, ms } = await server.stop("SIGTERM");
    expect(code).toBe(0);
    expect(ms).toBeLessThan(5000);
    expect(fs.existsSync(path.join(dataDir, "souqna.lock"))).toBe(false);
    // The data dir is reusable straight away.
    server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? "" });
    const { code: again } = await server.stop("SIGINT");
    expect(again).toBe(0);
  });
});
