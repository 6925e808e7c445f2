import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  getAs,
  type HttpMember,
  postListingOverHttp,
  signUpOverHttp,
} from "../tests/setup/http-members";
import {
  createServerDatabase,
  dropServerDatabase,
  type RunningServer,
  startServer,
} from "../tests/setup/server-process";

/*
 * A signed-in member's results pages over HTTP on the built app: the hearts they saved are filled
 * from the first byte, and the page stays within its budget of 5 SQL statements (Server-Timing)
 * with listings on it: the hearts come in the page's own rows, not in a query of their own. With
 * TEST_DATABASE_URL set it runs on a fresh PostgreSQL database.
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-member-results-"));
let databaseUrl: string | undefined;
let server: RunningServer;
let member = "";
let savedId = "";
let otherId = "";

function sqlCount(res: Response) {
  const timing = res.headers.get("server-timing") ?? "";
  return Number(/db;desc="sql queries";dur=(\d+)/.exec(timing)?.[1]);
}

/** Each listing card's heart, as `listing id → data-favorited`. */
function heartsIn(html: string) {
  const hearts = new Map<string, string>();
  for (const card of html.matchAll(/<a [^>]*data-testid="listing-card"[^>]*>/g)) {
    const id = /href="\/listing\/([0-9a-f-]{36})"/.exec(card[0])?.[1];
    const after = html.slice((card.index ?? 0) + card[0].length);
    const on = /data-favorited="(true|false)"/.exec(after)?.[1];
    if (id && on) hearts.set(id, on);
  }
  return hearts;
}

let owner: HttpMember;

beforeAll(async () => {
  databaseUrl = await createServerDatabase("souqna_member_results");
  server = await startServer({ DATA_DIR: path.join(tmp, "data"), DATABASE_URL: databaseUrl ?? "" });
  owner = await signUpOverHttp(server.url, {
    name: "Test Owner",
    email: `owner-${Date.now()}@example.com`,
  });
  member = (
    await signUpOverHttp(server.url, {
      name: "Test Member",
      email: `member-${Date.now()}@example.com`,
    })
  ).cookie;
  savedId = await postListingOverHttp(server.url, owner, "Oud lessons in Homs");
  otherId = await postListingOverHttp(server.url, owner, "Oud repairs and tuning");
  const added = await fetch(`${server.url}/api/favorites?lang=en`, {
    method: "POST",
    headers: { cookie: member, accept: "application/json" },
    body: new URLSearchParams({ intent: "add", listingId: savedId }),
  });
  expect(await added.json()).toMatchObject({ ok: true, favorited: true });
  // Fills the process's caches (categories, exchange rate), so that counts are a page's own.
  expect((await getAs(server.url, "/category/services")).status).toBe(200);
});

afterAll(async () => {
  if (server?.process.exitCode === null) await server.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
  await dropServerDatabase(databaseUrl);
});

/** The member's own part of a page: the session with their row (one join), and the unread count. */
const MEMBER_STATEMENTS = 2;

describe("a member's results pages", () => {
  it.each([
    ["category page", "/category/services"],
    ["word search", "/search?q=oud"],
  ])("show their saved hearts filled, at no statement of their own: %s", async (_, pathname) => {
    // A visitor's rendering, not the page cache's copy: a cookie of no meaning bypasses it.
    const visitor = await getAs(server.url, pathname, "souqna_test=uncached");
    expect(visitor.status).toBe(200);
    const res = await getAs(server.url, pathname, member);
    expect(res.status).toBe(200);
    const hearts = heartsIn(await res.text());
    expect(hearts.get(savedId)).toBe("true");
    expect(hearts.get(otherId)).toBe("false");
    // The hearts come in the page's own rows: only the member's part costs more than a visitor.
    expect(sqlCount(res) - sqlCount(visitor)).toBeLessThanOrEqual(MEMBER_STATEMENTS);
  });

  it("keep a member's category page within 5 statements", async () => {
    const res = await getAs(server.url, "/category/services", member);
    expect(res.status).toBe(200);
    expect(heartsIn(await res.text()).get(savedId)).toBe("true");
    expect(sqlCount(res)).toBeLessThanOrEqual(5);
  });

  // A word search adds its words' lookup (decision 011) to the count and the page; the member's
  // part is two (the session joined with its member, and the unread count).
  it("keep a member's word search within 5 statements", async () => {
    const res = await getAs(server.url, "/search?q=oud", member);
    expect(res.status).toBe(200);
    expect(heartsIn(await res.text()).get(savedId)).toBe("true");
    expect(sqlCount(res)).toBeLessThanOrEqual(5);
  });

  it("draw no heart on the member's own listings (they cannot save them)", async () => {
    const res = await getAs(server.url, "/category/services", owner.cookie);
    const html = await res.text();
    const cards = [...html.matchAll(/data-testid="listing-card"/g)].length;
    const hearts = [...html.matchAll(/data-favorited="(true|false)"/g)].length;
    expect(html).toContain(`/listing/${savedId}`);
    expect(html).toContain(`/listing/${otherId}`);
    expect(hearts).toBe(cards - 2);
    // Another member's page of the same listings has a heart on each.
    const theirs = await (await getAs(server.url, "/category/services", member)).text();
    expect([...theirs.matchAll(/data-favorited="(true|false)"/g)].length).toBe(cards);
  });
});
