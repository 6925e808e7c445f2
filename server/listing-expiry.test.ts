import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../app/db/client.server";
import { listings, users } from "../app/db/schema";
import { listOutbox, readOutboxMessage } from "../app/mail/outbox.server";
import {
  getAs,
  type HttpMember,
  postForm,
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
 * A listing's expiry over HTTP on the built app: a listing past its term leaves search and the
 * sitemap at the start-up sweep, answers 410 Gone to everyone but its owner (saying so, in the
 * reader's language), and comes back — same address — when its owner renews it from My listings
 * or with the reminder e-mail's link, signed in or not.
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-expiry-http-"));
const GOOGLEBOT =
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/120.0 Safari/537.36";
let databaseUrl: string | undefined;
let server: RunningServer;
let owner: HttpMember;
let buyer: HttpMember;
let expiredId: string;
let expiringId: string;

function env() {
  return {
    DATA_DIR: tmp,
    DATABASE_URL: databaseUrl,
    TRUST_PROXY: "true",
    SIGN_UPS_PER_IP_PER_HOUR: "1000",
    PUBLIC_URL: "http://souqna.test",
    PAGE_CACHE_SECONDS: "0",
  };
}

/** Moves the two listings' dates while the server is stopped (PGlite belongs to one process). */
async function backdate() {
  const handle = await openDatabase({ databaseUrl, dataDir: tmp });
  try {
    await handle.db
      .update(listings)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(inArray(listings.id, [expiredId]));
    await handle.db
      .update(listings)
      .set({ expiresAt: sql`now() + interval '2 days'` })
      .where(inArray(listings.id, [expiringId]));
    // Reminders go only to a confirmed address: the owner confirmed theirs.
    await handle.db.update(users).set({ emailVerified: true }).where(eq(users.email, owner.email));
  } finally {
    await handle.close();
  }
}

async function until<T>(what: () => Promise<T | undefined>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function asCrawler(pathname: string) {
  return fetch(`${server.url}${pathname}`, { headers: { "user-agent": GOOGLEBOT } });
}

beforeAll(async () => {
  databaseUrl = await createServerDatabase("souqna_expiry");
  server = await startServer(env());
  owner = await signUpOverHttp(server.url, { name: "Rana", email: "rana@example.com" });
  buyer = await signUpOverHttp(server.url, { name: "Omar", email: "omar@example.com" });
  expiredId = await postListingOverHttp(server.url, owner, "Zanbaq bicycle");
  expiringId = await postListingOverHttp(server.url, owner, "Yasmin sewing machine");
  await server.stop();
  await backdate();
  server = await startServer(env());
  // The housekeeping runs at start-up, in the background: wait for its sweep.
  await until(async () =>
    (await asCrawler(`/listing/${expiredId}`)).status === 410 ? true : undefined,
  );
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await dropServerDatabase(databaseUrl);
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("an expired listing over HTTP", () => {
  it("is 410 Gone to crawlers, visitors and other members, and says so in their language", async () => {
    const crawler = await asCrawler(`/listing/${expiredId}`);
    expect(crawler.status).toBe(410);
    expect(await crawler.text()).toContain("This listing has expired.");

    const arabic = await fetch(`${server.url}/listing/${expiredId}`, {
      headers: { "accept-language": "ar" },
    });
    expect(arabic.status).toBe(410);
    const html = await arabic.text();
    expect(html).toContain("انتهت صلاحية هذا الإعلان.");
    expect(html).toContain('dir="rtl"');

    const member = await getAs(server.url, `/listing/${expiredId}`, buyer.cookie);
    expect(member.status).toBe(410);
    const page = await member.text();
    expect(page).toContain("Zanbaq bicycle");
    // Not contactable any more: no composer.
    expect(page).not.toContain('data-testid="message-seller"');
    expect(page).not.toContain('data-testid="login-required-chat"');
  });

  it("is gone from search and the sitemap, the other listing still there", async () => {
    const search = await (await getAs(server.url, "/search?q=bicycle")).text();
    expect(search).not.toContain(expiredId);
    const other = await (await getAs(server.url, "/search?q=sewing")).text();
    expect(other).toContain(expiringId);
    const sitemap = await (await getAs(server.url, "/sitemaps/listings-1.xml")).text();
    expect(sitemap).not.toContain(expiredId);
    expect(sitemap).toContain(expiringId);
  });

  it("shows its owner the notice and a Renew button, with a 200", async () => {
    const res = await getAs(server.url, `/listing/${expiredId}`, owner.cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("It no longer appears in search.");
    expect(html).toContain('data-testid="owner-renew"');
  });

  it("refuses another member's renewal, and the owner's renewal from My listings brings it back", async () => {
    const refused = await postForm(server.url, "/my-listings", buyer.cookie, {
      intent: "renew",
      listingId: expiredId,
    });
    expect(refused.status).toBe(403);
    const visitor = await postForm(server.url, "/my-listings", "", {
      intent: "renew",
      listingId: expiredId,
    });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/auth/);
    expect((await asCrawler(`/listing/${expiredId}`)).status).toBe(410);

    const renewed = await postForm(server.url, "/my-listings", owner.cookie, {
      intent: "renew",
      listingId: expiredId,
    });
    expect(renewed.status).toBe(302);
    expect((await asCrawler(`/listing/${expiredId}`)).status).toBe(200);
    expect(await (await getAs(server.url, "/search?q=bicycle")).text()).toContain(expiredId);
    // On the market again: the buyer may write to the seller.
    const page = await (await getAs(server.url, `/listing/${expiredId}`, buyer.cookie)).text();
    expect(page).toContain('data-testid="message-seller"');
  });
});

describe("the reminder e-mail's renewal link", () => {
  it("was sent once, and renews without signing in, once; a tampered link is refused", async () => {
    // Queued by the start-up sweep, sent by the job queue a moment later.
    const reminders = () => listOutbox(tmp).filter((entry) => entry.subject.includes("expires on"));
    const mail = await until(async () => (reminders().length > 0 ? reminders() : undefined));
    // And still one a moment later.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(reminders()).toHaveLength(1);
    expect(mail[0]?.subject).not.toContain("Yasmin sewing machine");
    const text = readOutboxMessage(tmp, mail[0]?.id ?? "")?.text ?? "";
    expect(text).toContain("Yasmin sewing machine");
    const link = text.match(/http:\/\/souqna\.test(\/renew\/[^\s]+)/)?.[1] ?? "";
    expect(link).toContain(`/renew/${expiringId}?token=`);
    const token = new URL(link, server.url).searchParams.get("token") ?? "";

    // Opening the link renews nothing: it offers the button (mail scanners open links too).
    const page = await getAs(server.url, link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Renew for 60 days");

    const tampered = await getAs(server.url, link.replace(token, `${token.slice(0, -2)}xx`));
    expect(await tampered.text()).toContain("This renewal link is no longer valid");
    const forged = await postForm(server.url, `/renew/${expiringId}`, "", {
      token: "A".repeat(32),
    });
    expect(forged.status).toBe(400);

    const renewed = await postForm(server.url, `/renew/${expiringId}`, "", { token });
    expect(renewed.status).toBe(302);
    expect(renewed.headers.get("location")).toBe(`/listing/${expiringId}`);
    const again = await postForm(server.url, `/renew/${expiringId}`, "", { token });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("This renewal link is no longer valid");
  });
});
