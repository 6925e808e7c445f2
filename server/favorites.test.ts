import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postListingOverHttp, signUpOverHttp } from "../tests/setup/http-members";
import {
  createServerDatabase,
  dropServerDatabase,
  flashSetBy,
  type RunningServer,
  startServer,
} from "../tests/setup/server-process";

/*
 * Favourites over HTTP on the built app, by direct requests (not through the UI): who may change
 * what, what a plain form and a script each get back, and what hostile input does. With
 * TEST_DATABASE_URL set it runs on a fresh PostgreSQL database.
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-favorites-"));
let databaseUrl: string | undefined;
let server: RunningServer;
let owner = "";
let member = "";
let listingId = "";
let secondId = "";

const UNKNOWN = "3f2504e0-4f89-41d3-9a0c-0305e82c3301";

async function signUp(email: string) {
  return (await signUpOverHttp(server.url, { name: "Test Member", email })).cookie;
}

function postListing(cookie: string, title: string) {
  return postListingOverHttp(server.url, { email: "", name: "", cookie }, title);
}

/** A script's request (JSON back). */
function api(cookie: string, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    for (const item of [value].flat()) body.append(key, item);
  }
  return fetch(`${server.url}/api/favorites?lang=en`, {
    method: "POST",
    headers: { ...(cookie ? { cookie } : {}), accept: "application/json" },
    body,
    redirect: "manual",
  });
}

/** A plain form's request, as a browser without JavaScript sends it. */
function form(cookie: string, fields: Record<string, string>) {
  return fetch(`${server.url}/api/favorites`, {
    method: "POST",
    headers: { ...(cookie ? { cookie } : {}), accept: "text/html" },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

const page = async (pathname: string, cookie = "") =>
  (await fetch(`${server.url}${pathname}`, { headers: cookie ? { cookie } : {} })).text();

beforeAll(async () => {
  databaseUrl = await createServerDatabase("souqna_fav");
  server = await startServer({ DATA_DIR: path.join(tmp, "data"), DATABASE_URL: databaseUrl ?? "" });
  owner = await signUp(`owner-${Date.now()}@example.com`);
  member = await signUp(`member-${Date.now()}@example.com`);
  listingId = await postListing(owner, "Oud lessons");
  secondId = await postListing(owner, "Piano tuning");
});

afterAll(async () => {
  if (server?.process.exitCode === null) await server.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
  await dropServerDatabase(databaseUrl);
});

describe("favourites over HTTP", () => {
  it("refuses visitors: 401 for scripts, the sign-in page for plain forms", async () => {
    for (const intent of ["add", "remove", "toggle", "merge"]) {
      const res = await api("", { intent, listingId, id: listingId });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({
        ok: false,
        code: "AUTH_REQUIRED",
        error: expect.stringContaining("You must be logged in"),
      });
    }
    const res = await form("", { intent: "add", listingId, returnTo: "/search?q=oud" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(
      `/auth?redirectTo=${encodeURIComponent("/search?q=oud")}`,
    );
    // Nothing was saved for anyone.
    expect(await page(`/listing/${listingId}`, member)).toContain('data-favorited="false"');
  });

  it("shows a visitor's /favorites (their list is in the browser) with a sign-in prompt", async () => {
    const res = await fetch(`${server.url}/favorites?lang=ar`, { redirect: "manual" });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<noscript>");
    expect(html).toContain("سجّل الدخول لترى مفضلتك");
    expect(html).toMatch(/<meta name="robots" content="noindex"/);
  });

  it("adds and removes for a member, idempotently, and every page shows it", async () => {
    for (let i = 0; i < 2; i++) {
      const added = await api(member, { intent: "add", listingId });
      expect(added.status).toBe(200);
      expect(await added.json()).toEqual({ ok: true, listingId, favorited: true });
    }
    expect(await page(`/listing/${listingId}`, member)).toContain('data-favorited="true"');
    const favorites = await page("/favorites", member);
    expect(favorites).toContain("Oud lessons");
    expect(favorites).toContain("1 saved listing");
    expect(favorites).not.toContain("Piano tuning");
    expect(await page("/profile?tab=favorites", member)).toContain("Oud lessons");
    // The results pages mark the member's hearts; the owner's own view does not share them.
    const search = await page("/search", member);
    expect(search.match(/data-favorited="true"/g)?.length).toBe(1);
    expect(await page("/search", owner)).not.toContain('data-favorited="true"');
    expect(await page("/my-listings", owner)).toMatch(/1 favourite\b/);

    const removed = await api(member, { intent: "remove", listingId });
    expect(await removed.json()).toEqual({ ok: true, listingId, favorited: false });
    expect(await (await api(member, { intent: "remove", listingId })).json()).toMatchObject({
      ok: true,
      favorited: false,
    });
    expect(await page("/favorites", member)).toContain("No favorites yet");
    const toggled = await api(member, { intent: "toggle", listingId: secondId });
    expect(await toggled.json()).toEqual({ ok: true, listingId: secondId, favorited: true });
    await api(member, { intent: "remove", listingId: secondId });
  });

  it("answers a plain form with a redirect back to a same-site page only", async () => {
    const added = await form(member, { intent: "add", listingId, returnTo: "/search?q=oud" });
    expect(added.status).toBe(302);
    expect(added.headers.get("location")).toBe("/search?q=oud");
    expect(await flashSetBy(added)).toBe("favorite-added");
    for (const hostile of [
      "https://evil.example/",
      "//evil.example/",
      "/\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "javascript:alert(1)",
      "",
    ]) {
      const res = await form(member, { intent: "remove", listingId, returnTo: hostile });
      expect(res.status, JSON.stringify(hostile)).toBe(302);
      expect(res.headers.get("location")).toBe("/favorites");
    }
  });

  it("refuses hostile ids and unknown listings with a clear message, never a 500", async () => {
    for (const hostile of [
      "",
      "not-an-id",
      "1; drop table favorites; --",
      "<script>alert(1)</script>",
      "x".repeat(20_000),
      "٣f2504e0-4f89-41d3-9a0c-0305e82c3301",
      "سيارة 🚗",
    ]) {
      const res = await api(member, { intent: "add", listingId: hostile });
      expect(res.status, hostile.slice(0, 30)).toBe(404);
      expect(await res.json()).toMatchObject({
        ok: false,
        code: "INVALID_LISTING_ID",
        error: "There was an error adding this listing to favorites: Invalid listing ID",
      });
    }
    const unknown = await api(member, { intent: "add", listingId: UNKNOWN });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: "LISTING_NOT_FOUND" });
    const arabic = await fetch(`${server.url}/api/favorites?lang=ar`, {
      method: "POST",
      headers: { cookie: member, accept: "application/json" },
      body: new URLSearchParams({ intent: "remove", listingId: "junk" }),
    });
    expect((await arabic.json()).error).toContain("حدث خطأ أثناء إزالة هذا الإعلان من المفضلة");
    const bad = await api(member, { intent: "explode", listingId });
    expect(bad.status).toBe(400);
    // A plain form gets the message as text.
    const plain = await form(member, { intent: "add", listingId: "junk", returnTo: "/" });
    expect(plain.status).toBe(404);
    expect(await plain.text()).toContain("Invalid listing ID");
  });

  it("merges a visitor's ids: duplicates collapse, junk is ignored", async () => {
    const res = await api(member, {
      intent: "merge",
      id: [secondId, secondId.toUpperCase(), "junk", UNKNOWN, listingId, secondId],
    });
    expect(res.status).toBe(200);
    const reply = await res.json();
    expect(reply).toMatchObject({ ok: true, accepted: 3 });
    const html = await page("/favorites", member);
    // Newest first: the browser's first id.
    expect(html.indexOf("Piano tuning")).toBeLessThan(html.indexOf("Oud lessons"));
    expect(html).toContain("2 saved listings");
  });

  it("keeps sold favourites (marked) and drops hidden ones from the list", async () => {
    const sold = await fetch(`${server.url}/listing/${secondId}`, {
      method: "POST",
      headers: { cookie: owner },
      body: new URLSearchParams({ intent: "sold" }),
      redirect: "manual",
    });
    expect(sold.status).toBe(302);
    expect(await page("/favorites", member)).toContain('data-testid="favorite-sold"');
    await fetch(`${server.url}/listing/${secondId}`, {
      method: "POST",
      headers: { cookie: owner },
      body: new URLSearchParams({ intent: "hide" }),
      redirect: "manual",
    });
    const html = await page("/favorites", member);
    expect(html).not.toContain("Piano tuning");
    expect(html).toContain("1 saved listing");
    const again = await api(member, { intent: "add", listingId: secondId });
    expect(again.status).toBe(404);
  });

  it("gives a visitor's stored ids as cards, visible listings only, in order", async () => {
    const params = new URLSearchParams();
    for (const id of [secondId, "junk", UNKNOWN, listingId, listingId]) params.append("id", id);
    const res = await fetch(`${server.url}/api/favorites?${params}&lang=ar`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const { cards } = await res.json();
    expect(cards.map((card: { id: string }) => card.id)).toEqual([listingId]);
    expect(cards[0]).toMatchObject({ title: "Oud lessons", sold: false, error: false });
    expect(cards[0].price).toMatch(/ل\.س/);
  });

  it("refuses a change posted from another site", async () => {
    const res = await fetch(`${server.url}/api/favorites`, {
      method: "POST",
      headers: { cookie: member, origin: "https://evil.example", accept: "application/json" },
      body: new URLSearchParams({ intent: "remove", listingId }),
      redirect: "manual",
    });
    expect(res.status).toBe(403);
    expect(await page("/favorites", member)).toContain("Oud lessons");
  });
});
