import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openPglite, openPostgres } from "../app/db/client.server";
import { users } from "../app/db/schema";
import { setMemberRole } from "../app/domain/moderation/set-member-role.server";
import { postListingOverHttp, signUpOverHttp } from "../tests/setup/http-members";
import {
  createServerDatabase,
  dropServerDatabase,
  flashSetBy,
  type RunningServer,
  startServer,
} from "../tests/setup/server-process";

/*
 * Reports and moderation over HTTP, against the real built server: every action attempted by
 * direct POSTs (no UI) as a visitor, the listing's owner, another member and a moderator. With
 * TEST_DATABASE_URL set it runs on a fresh PostgreSQL database instead of PGlite.
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-moderation-"));
const dataDir = path.join(tmp, "data");
let databaseUrl: string | undefined;
let server: RunningServer;

const start = () => startServer({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? "" });

beforeAll(async () => {
  databaseUrl = await createServerDatabase("souqna_mod");
  server = await start();
});

afterAll(async () => {
  if (server?.process.exitCode === null) await server.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
  await dropServerDatabase(databaseUrl);
});

/**
 * What `npm run user:role -- <email> moderator` does (PGlite needs the server stopped for it);
 * answers the ids of the members named, which the tests need for the suspension forms. The
 * `trusted` members get a confirmed e-mail and a month-old account, so their reports count towards
 * the automatic hold (tests/abuse/01 covers the others').
 */
async function makeModerator(moderatorEmail: string, others: string[], trusted: string[]) {
  let handle: DatabaseHandle;
  if (databaseUrl) {
    handle = await openPostgres(databaseUrl, 1);
  } else {
    await server.stop();
    handle = await openPglite(path.join(dataDir, "db"));
  }
  const ids: Record<string, string> = {};
  try {
    const promoted = await setMemberRole({
      db: handle.db,
      email: moderatorEmail,
      role: "moderator",
    });
    ids[moderatorEmail] = promoted!.id;
    // Setting a member's role to what it already is changes nothing and tells us the id.
    for (const address of others) {
      ids[address] = (await setMemberRole({ db: handle.db, email: address, role: "member" }))!.id;
    }
    await handle.db
      .update(users)
      .set({ emailVerified: true, createdAt: new Date(Date.now() - 30 * 24 * 3600 * 1000) })
      .where(inArray(users.email, trusted));
  } finally {
    await handle.close();
  }
  if (!databaseUrl) server = await start();
  return ids;
}

const PASSWORD = "Cedar-Hama-Waterwheel-9";

async function signUp(email: string) {
  return (await signUpOverHttp(server.url, { name: "Test Member", email })).cookie;
}

function _cookiesOf(res: Response) {
  // Not the one-time notice: tests add their own.
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .filter((cookie) => !cookie?.startsWith("souqna_flash="))
    .join("; ");
}

const get = (pathname: string, cookie = "") =>
  fetch(`${server.url}${pathname}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });

const post = (pathname: string, cookie: string, fields: Record<string, string>) =>
  fetch(`${server.url}${pathname}`, {
    method: "POST",
    headers: cookie ? { cookie } : {},
    body: new URLSearchParams(fields),
    redirect: "manual",
  });

function postListing(cookie: string, title: string) {
  return postListingOverHttp(server.url, { email: "", name: "", cookie }, title);
}

const stamp = Date.now();
const email = (who: string) => `${who}-${stamp}@example.com`;
let owner: string;
let other: string;
let third: string;
let fourth: string;
let moderator: string;
let listing: string;
let ids: Record<string, string>;

describe("reports and moderation over HTTP", () => {
  beforeAll(async () => {
    owner = await signUp(email("owner"));
    other = await signUp(email("other"));
    third = await signUp(email("third"));
    fourth = await signUp(email("fourth"));
    moderator = await signUp(email("moderator"));
    listing = await postListing(owner, "Walnut dining table");
    // Sessions live in the database: the cookies stay good across a restart.
    ids = await makeModerator(
      email("moderator"),
      [email("owner")],
      [email("other"), email("third"), email("fourth")],
    );
  }, 120_000);

  it("lets members report someone else's listing once; visitors sign in, owners cannot", async () => {
    const report = (fields: Record<string, string> = {}) => ({
      intent: "report",
      reason: "scam",
      details: "",
      ...fields,
    });

    const visitor = await post(`/listing/${listing}?report=1`, "", report());
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);

    const own = await post(`/listing/${listing}`, owner, report());
    expect(own.status).toBe(403);
    expect(await own.text()).toContain("You cannot report your own listing");

    // Bad input: a clear message, nothing stored (the member can still report afterwards).
    for (const [fields, status, message] of [
      [{ reason: "nonsense" }, 400, "Please choose why you are reporting this listing"],
      [{ reason: "'; drop table reports; --" }, 400, "Please choose why you are reporting"],
      [{ reason: "other", details: "   " }, 400, "Please describe the problem"],
      [{ reason: "other", details: "x".repeat(2001) }, 400, "under 2,000 characters"],
    ] as const) {
      const res = await post(`/listing/${listing}?report=1`, other, report(fields));
      expect(res.status, JSON.stringify(fields).slice(0, 60)).toBe(status);
      expect(await res.text()).toContain(message);
    }
    const malformed = await post("/listing/not-a-listing", other, report());
    expect(malformed.status).toBe(404);
    const unknown = await post(`/listing/${crypto.randomUUID()}`, other, report());
    expect(unknown.status).toBe(404);

    // Without JavaScript: back to the listing with the "Report submitted" notice.
    const first = await post(
      `/listing/${listing}?report=1`,
      other,
      report({ reason: "other", details: '<script>alert("x")</script> يطلب تحويلًا مسبقًا 💸' }),
    );
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe(`/listing/${listing}`);
    expect(await flashSetBy(first)).toBe("report-submitted");
    const signed = first.headers.getSetCookie().find((c) => c.startsWith("souqna_flash="));
    const notice = await (
      await get(`/listing/${listing}`, `${other}; ${signed?.split(";")[0]}`)
    ).text();
    expect(notice).toMatch(/data-testid="flash".*Report submitted/s);
    // A notice written by hand (unsigned, or with its signature altered) shows nothing.
    for (const forged of ["report-submitted", `${signed?.split(/[=;]/)[1]?.slice(0, -3)}abc`]) {
      const page = await get(`/listing/${listing}`, `${other}; souqna_flash=${forged}`);
      expect(await page.text()).not.toContain('data-testid="flash"');
    }

    const again = await post(`/listing/${listing}?lang=ar`, other, report({ reason: "duplicate" }));
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("سبق أن أبلغت عن هذا الإعلان");

    // From the dialog (js=1): a plain reply, no redirect.
    const dialog = await post(`/listing/${listing}`, third, report({ js: "1" }));
    expect(dialog.status).toBe(200);
    expect((await get(`/listing/${listing}`)).status).toBe(200);
  });

  it("hides the listing at the third member's report; its owner sees why", async () => {
    const res = await post(`/listing/${listing}`, fourth, {
      intent: "report",
      reason: "offensive",
      details: "",
    });
    expect(res.status).toBe(302);
    expect((await get(`/listing/${listing}`)).status).toBe(404);
    expect((await get(`/listing/${listing}`, other)).status).toBe(404);
    const own = await get(`/listing/${listing}`, owner);
    expect(own.status).toBe(200);
    expect(await own.text()).toContain(
      "Hidden automatically after reports from several members, until a moderator reviews it.",
    );
    const mine = await (await get("/my-listings?lang=ar", owner)).text();
    expect(mine).toContain("أُخفي تلقائيًا بعد بلاغات من عدة أعضاء");
  });

  it("answers 404 to everyone but a moderator, for the page and every action", async () => {
    for (const cookie of ["", owner, other]) {
      const page = await get("/moderation", cookie);
      expect(page.status).toBe(404);
      expect(await page.text()).toContain("Oops! Page not found");
      for (const intent of ["dismiss", "remove", "restore", "suspend", "lift", "nonsense"]) {
        const res = await post("/moderation", cookie, {
          intent,
          listingId: listing,
          userId: "anyone",
          reason: "I say so",
        });
        expect(res.status, `${intent} as ${cookie ? "a member" : "a visitor"}`).toBe(404);
      }
    }
    // Still hidden, still in the queue: nothing above changed anything.
    expect((await get(`/listing/${listing}`)).status).toBe(404);
    const page = await get("/moderation", moderator);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Walnut dining table");
    expect(html).toContain("Held for review");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).not.toContain('<script>alert("x")');
    expect(html).toContain(email("owner"));

    // The member menu links to it for moderators only.
    expect(await (await get("/", moderator)).text()).toContain('href="/moderation"');
    expect(await (await get("/", other)).text()).not.toContain('href="/moderation"');
  });

  it("lets a moderator remove, restore, dismiss, suspend and lift — each with a reason", async () => {
    const decide = (fields: Record<string, string>) => post("/moderation", moderator, fields);

    const noReason = await decide({ intent: "remove", listingId: listing, reason: "  " });
    expect(noReason.status).toBe(400);
    expect(await noReason.text()).toContain("Please write a reason");
    const garbage = await decide({ intent: "remove", listingId: "1; drop", reason: "x" });
    expect(garbage.status).toBe(404);

    const removed = await decide({
      intent: "remove",
      listingId: listing,
      reason: "Asks for payment outside Souqna",
    });
    expect(removed.status).toBe(302);
    expect(removed.headers.get("location")).toBe("/moderation");
    expect(await (await get(`/listing/${listing}`, owner)).text()).toContain(
      "Asks for payment outside Souqna",
    );
    expect(await (await get("/my-listings", owner)).text()).toContain(
      "Asks for payment outside Souqna",
    );
    // The owner cannot undo a moderator's decision.
    expect((await post(`/listing/${listing}`, owner, { intent: "activate" })).status).toBe(403);

    expect((await decide({ intent: "restore", listingId: listing, reason: "Appeal" })).status).toBe(
      302,
    );
    expect((await get(`/listing/${listing}`)).status).toBe(200);

    // A fresh report, dismissed.
    await post(`/listing/${listing}`, moderator, { intent: "report", reason: "duplicate" });
    expect(
      (await decide({ intent: "dismiss", listingId: listing, reason: "Not a duplicate" })).status,
    ).toBe(302);
    const nothing = await decide({ intent: "dismiss", listingId: listing, reason: "again" });
    expect(nothing.status).toBe(409);

    // Suspension: the owner is signed out everywhere, cannot sign in, post or report; the listing hides.
    const ownerId = ids[email("owner")]!;
    expect(
      (await decide({ intent: "suspend", userId: ownerId, reason: "Repeated scams" })).status,
    ).toBe(302);
    expect((await get(`/listing/${listing}`)).status).toBe(404);
    expect((await get("/post-ad", owner)).status).toBe(302);
    const postAgain = await post(`/listing/${listing}`, owner, {
      intent: "report",
      reason: "scam",
    });
    expect(postAgain.headers.get("location")).toMatch(/^\/auth/);
    const signIn = await fetch(`${server.url}/auth`, {
      method: "POST",
      headers: { "x-forwarded-for": "198.51.100.99" },
      body: new URLSearchParams({ intent: "signin", email: email("owner"), password: PASSWORD }),
      redirect: "manual",
    });
    expect(signIn.status).toBe(403);
    expect(await signIn.text()).toContain("This account is suspended and cannot sign in");
    const list = await (await get("/moderation", moderator)).text();
    expect(list).toContain("Repeated scams");
    const self = await decide({ intent: "suspend", userId: ids[email("moderator")]!, reason: "x" });
    expect(self.status).toBe(409);

    expect(
      (await decide({ intent: "lift", userId: ownerId, reason: "Appeal accepted" })).status,
    ).toBe(302);
    expect((await get(`/listing/${listing}`)).status).toBe(200);
    const back = await fetch(`${server.url}/auth`, {
      method: "POST",
      headers: { "x-forwarded-for": "198.51.100.98" },
      body: new URLSearchParams({ intent: "signin", email: email("owner"), password: PASSWORD }),
      redirect: "manual",
    });
    expect(back.status).toBe(302);

    // Every decision is in the audit log on the page, with who and why.
    const log = await (await get("/moderation", moderator)).text();
    for (const text of [
      "Held for review after reports",
      "Removed listing",
      "Restored listing",
      "Dismissed reports",
      "Suspended member",
      "Lifted suspension",
      "Appeal accepted",
      "Not a duplicate",
    ]) {
      expect(log).toContain(text);
    }
  });
});
