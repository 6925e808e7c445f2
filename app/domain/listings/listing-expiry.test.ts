import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { conversations, favorites, listings, profiles, users } from "~/db/schema";
import type { Member } from "~/domain/accounts/session.server";
import { countListingsByCategory } from "~/domain/catalog/count-listings-by-category.server";
import { findListings } from "~/domain/discovery/find-listings.server";
import { parseListingQuery } from "~/domain/discovery/listing-query";
import { addFavorite } from "~/domain/favorites/add-favorite.server";
import { noLiveEvents } from "~/domain/messaging/live-events";
import { startConversation } from "~/domain/messaging/start-conversation.server";
import { countActiveListings } from "~/domain/seo/sitemap.server";
import { createMailer } from "~/mail/mailer.server";
import { listOutbox, readOutboxMessage } from "~/mail/outbox.server";
import type { AppErrorCode } from "~/utils/app-error";
import { createLinkSigner } from "~/utils/signed-link.server";
import { inlineJobs, refusingJobs } from "../../../tests/factories/jobs";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { getListingForView } from "./get-listing.server";
import {
  expireListings,
  findRenewalOffer,
  renewalLink,
  renewListing,
  renewWithLink,
  sendExpiryReminders,
} from "./listing-expiry.server";
import { setListingStatus } from "./set-listing-status.server";

let database: TestDatabase;
let db: Database;
let dataDir: string;
let jobs: ReturnType<typeof inlineJobs>;
const signer = createLinkSigner("a-session-secret-of-at-least-32-characters!");
const PUBLIC_URL = "https://souqna.example";

function member(id: string): Member {
  return {
    id,
    email: `${id}@example.com`,
    name: id,
    emailVerified: true,
    role: "member",
    avatarUrl: null,
    createdAt: new Date(),
  };
}
const RANIA = member("rania");
const SAMER = member("samer");

async function expectCode(promise: Promise<unknown>, code: AppErrorCode) {
  await expect(promise).rejects.toMatchObject({ name: "AppError", code });
}

/** A listing of Rania's in motors (category 1) whose term ends `days` from now (negative: past). */
async function listingExpiringIn(days: number, title = "Kia Rio 2012") {
  const [row] = await db
    .insert(listings)
    .values({
      userId: "rania",
      categoryId: 1,
      title,
      titleAr: "كيا ريو ٢٠١٢",
      price: 4_500_000,
      searchText: "kia rio",
      searchVersion: 999,
      expiresAt: sql`now() + make_interval(secs => ${days * 86_400})`,
    })
    .returning({ id: listings.id });
  if (!row) throw new Error("insert failed");
  return row.id;
}

async function rowOf(id: string) {
  const [row] = await db.select().from(listings).where(eq(listings.id, id));
  if (!row) throw new Error("no such listing");
  return row;
}

function remind() {
  return sendExpiryReminders({ db, jobs, signer, publicUrl: PUBLIC_URL });
}

function tokenOf(url: string) {
  return new URL(url).searchParams.get("token");
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-expiry-"));
  jobs = inlineJobs(
    createMailer({ DATA_DIR: dataDir, MAIL_FROM: "Souqna <no-reply@souqna.example>" }),
  );
  await db.insert(users).values([
    { id: "rania", name: "Rania", email: "rania@example.com", emailVerified: true },
    { id: "samer", name: "Samer", email: "samer@example.com", emailVerified: true },
  ]);
  await db.insert(profiles).values([
    { id: "rania", fullName: "رانيا حداد", preferredLanguage: "ar" },
    { id: "samer", fullName: "Samer" },
  ]);
});

beforeEach(async () => {
  await db.delete(listings);
  fs.rmSync(path.join(dataDir, "mail"), { recursive: true, force: true });
});

afterAll(async () => {
  await database?.destroy();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("a new listing's term", () => {
  it("ends 60 days after it is posted by default", async () => {
    const [row] = await db
      .insert(listings)
      .values({ userId: "rania", categoryId: 1, title: "Car", price: 1 })
      .returning({ createdAt: listings.createdAt, expiresAt: listings.expiresAt });
    const days = ((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 86_400_000;
    expect(days).toBeCloseTo(60, 3);
  });
});

describe("expireListings", () => {
  it("takes active listings past their date out of search, counts and the sitemap, and nothing else", async () => {
    const past = await listingExpiringIn(-1);
    const current = await listingExpiringIn(10);
    const soldPast = await listingExpiringIn(-5, "Sold car");
    await db.update(listings).set({ status: "sold" }).where(eq(listings.id, soldPast));

    const search = () =>
      findListings({ db, query: parseListingQuery(new URLSearchParams("q=kia")) });
    expect((await search()).total).toBe(2);

    expect(await expireListings(db)).toBe(1);
    expect(await expireListings(db)).toBe(0);
    expect((await rowOf(past)).status).toBe("expired");
    expect((await rowOf(current)).status).toBe("active");
    expect((await rowOf(soldPast)).status).toBe("sold");

    const found = await search();
    expect(found.total).toBe(1);
    expect(found.items.map((item) => item.id)).toEqual([current]);
    expect(
      (await findListings({ db, query: parseListingQuery(new URLSearchParams("")) })).total,
    ).toBe(1);
    const perCategory = await countListingsByCategory({ db, now: Date.now() + 10 * 60_000 });
    expect(perCategory.get(1)).toBe(1);
    expect(await countActiveListings(db)).toBe(1);
  });

  it("leaves an expired listing's page open to others, saying so, and keeps it from new contact", async () => {
    const id = await listingExpiringIn(-1);
    await expireListings(db);
    const view = await getListingForView({ db, listingId: id, viewer: SAMER });
    expect(view?.listing.status).toBe("expired");
    await expectCode(
      startConversation({
        db,
        live: noLiveEvents,
        member: SAMER,
        listingId: id,
        body: "Is it still for sale?",
      }),
      "LISTING_NOT_FOUND",
    );
  });
});

describe("sendExpiryReminders", () => {
  it("e-mails the owner once, in their language, 3 days before, with a link that renews", async () => {
    const soon = await listingExpiringIn(2.5);
    const later = await listingExpiringIn(3.5);
    expect(await remind()).toEqual({ queued: 1, failed: 0 });
    // Run again (the next hour, or a second instance): nothing more.
    expect(await remind()).toEqual({ queued: 0, failed: 0 });
    // The mail job is keyed by listing and expiry date: a sweep repeated after a crash between
    // its claim and the queue's answer queues nothing new.
    const { expiresAt } = await rowOf(soon);
    expect(jobs.keys.at(-1)).toBe(`listing-expiring:${soon}:${expiresAt.toISOString()}`);
    const outbox = listOutbox(dataDir);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]?.to).toContain("rania@example.com");
    // Rania reads Arabic: the Arabic subject, and the Arabic title in the body (a member's words
    // never make a subject).
    expect(outbox[0]?.subject).toContain("ينتهي إعلانك");
    expect(outbox[0]?.subject).not.toContain("كيا ريو");
    const message = readOutboxMessage(dataDir, outbox[0]?.id ?? "");
    expect(message?.text).toContain("كيا ريو");
    const link = message?.text.match(/https:\/\/souqna\.example\/renew\/[^\s]+/)?.[0];
    expect(link).toContain(`/renew/${soon}?token=`);
    expect(message?.html).toContain('dir="rtl"');
    expect((await rowOf(soon)).expiryRemindedAt).not.toBeNull();
    expect((await rowOf(later)).expiryRemindedAt).toBeNull();
  });

  it("reminds again after a renewal, and releases a reminder the queue could not take", async () => {
    // A refusing SMTP server is the queue's business (it retries the mail job); a queue that
    // cannot store the job (the database failing) leaves the reminder for the next round.
    const id = await listingExpiringIn(1);
    const failures: string[] = [];
    const result = await sendExpiryReminders({
      db,
      jobs: refusingJobs,
      signer,
      publicUrl: PUBLIC_URL,
      onFailure: (_error, listingId) => failures.push(listingId),
    });
    expect(result).toEqual({ queued: 0, failed: 1 });
    expect(failures).toEqual([id]);
    expect((await rowOf(id)).expiryRemindedAt).toBeNull();
    expect(await remind()).toEqual({ queued: 1, failed: 0 });

    await renewListing({ db, member: RANIA, listingId: id, ttlDays: 2 });
    expect((await rowOf(id)).expiryRemindedAt).toBeNull();
    expect(await remind()).toEqual({ queued: 1, failed: 0 });
  });

  it("sends nothing to a suspended member", async () => {
    await listingExpiringIn(1);
    await db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, "rania"));
    try {
      expect(await remind()).toEqual({ queued: 0, failed: 0 });
    } finally {
      await db.update(users).set({ suspendedAt: null }).where(eq(users.id, "rania"));
    }
  });
});

describe("renewListing", () => {
  it("puts an expired listing back in search with the same id, favourites, conversation and views", async () => {
    const id = await listingExpiringIn(-1);
    await db.update(listings).set({ viewsCount: 41 }).where(eq(listings.id, id));
    await addFavorite({ db, member: SAMER, listingId: id });
    const [conversation] = await db
      .insert(conversations)
      .values({ listingId: id, buyerId: "samer", sellerId: "rania" })
      .returning({ id: conversations.id });
    await expireListings(db);

    const { expiresAt } = await renewListing({ db, member: RANIA, listingId: id, ttlDays: 60 });
    const row = await rowOf(id);
    expect(row.status).toBe("active");
    expect(row.viewsCount).toBe(41);
    expect((expiresAt.getTime() - Date.now()) / 86_400_000).toBeCloseTo(60, 2);
    const favs = await db.select().from(favorites).where(eq(favorites.listingId, id));
    expect(favs.map((f) => f.userId)).toEqual(["samer"]);
    const convs = await db.select().from(conversations).where(eq(conversations.listingId, id));
    expect(convs.map((c) => c.id)).toEqual([conversation?.id]);
    expect(
      (
        await findListings({ db, query: parseListingQuery(new URLSearchParams("q=kia")) })
      ).items.map((item) => item.id),
    ).toEqual([id]);
  });

  it("is the owner's alone, and only for an active or expired listing", async () => {
    const id = await listingExpiringIn(-1);
    await expireListings(db);
    await expectCode(renewListing({ db, member: SAMER, listingId: id, ttlDays: 60 }), "NOT_OWNER");
    await expectCode(
      renewListing({ db, member: RANIA, listingId: "../../etc/passwd", ttlDays: 60 }),
      "INVALID_LISTING_ID",
    );
    await db.update(listings).set({ status: "sold" }).where(eq(listings.id, id));
    await expectCode(
      renewListing({ db, member: RANIA, listingId: id, ttlDays: 60 }),
      "LISTING_NOT_RENEWABLE",
    );
    await db.update(listings).set({ status: "removed" }).where(eq(listings.id, id));
    await expectCode(
      renewListing({ db, member: RANIA, listingId: id, ttlDays: 60 }),
      "LISTING_REMOVED",
    );
    expect((await rowOf(id)).status).toBe("removed");
  });

  it("starts a new term when the owner puts a sold or hidden listing back on the market", async () => {
    const id = await listingExpiringIn(-3);
    await db.update(listings).set({ status: "inactive" }).where(eq(listings.id, id));
    await setListingStatus({ db, member: RANIA, listingId: id, status: "active", ttlDays: 30 });
    await expireListings(db);
    const row = await rowOf(id);
    expect(row.status).toBe("active");
    expect((row.expiresAt.getTime() - Date.now()) / 86_400_000).toBeCloseTo(30, 2);
  });
});

describe("the renewal link", () => {
  it("renews without signing in, once", async () => {
    const id = await listingExpiringIn(-1);
    await expireListings(db);
    const url = renewalLink(PUBLIC_URL, signer, await rowOf(id));
    const token = tokenOf(url);
    const offer = await findRenewalOffer({ db, signer, listingId: id, token });
    expect(offer).toMatchObject({ id, status: "expired", titleAr: "كيا ريو ٢٠١٢" });

    await renewWithLink({ db, signer, listingId: id, token, ttlDays: 60 });
    expect((await rowOf(id)).status).toBe("active");
    // The same link again (a second click, a mail scanner): refused, nothing changes.
    const before = (await rowOf(id)).expiresAt;
    await expectCode(
      renewWithLink({ db, signer, listingId: id, token, ttlDays: 90 }),
      "INVALID_RENEW_LINK",
    );
    expect(await findRenewalOffer({ db, signer, listingId: id, token })).toBeNull();
    expect((await rowOf(id)).expiresAt).toEqual(before);
  });

  it("refuses a tampered, foreign, malformed or stale token", async () => {
    const id = await listingExpiringIn(1);
    const other = await listingExpiringIn(1, "Another car");
    const token = tokenOf(renewalLink(PUBLIC_URL, signer, await rowOf(id))) ?? "";
    const flipped = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    const otherSecret = createLinkSigner("another-secret-of-at-least-32-characters!!");
    const forged = tokenOf(renewalLink(PUBLIC_URL, otherSecret, await rowOf(id)));
    for (const bad of [
      flipped,
      forged,
      "",
      "x".repeat(5000),
      "<script>alert(1)</script>",
      "' or 1=1 --",
      "٠١٢٣",
      null,
      42,
    ]) {
      expect(await findRenewalOffer({ db, signer, listingId: id, token: bad })).toBeNull();
      await expectCode(
        renewWithLink({ db, signer, listingId: id, token: bad, ttlDays: 60 }),
        "INVALID_RENEW_LINK",
      );
    }
    // One listing's link does not renew another.
    await expectCode(
      renewWithLink({ db, signer, listingId: other, token, ttlDays: 60 }),
      "INVALID_RENEW_LINK",
    );
    // A listing sold since the e-mail is not renewed by it.
    await db.update(listings).set({ status: "sold" }).where(eq(listings.id, id));
    await expectCode(
      renewWithLink({ db, signer, listingId: id, token, ttlDays: 60 }),
      "INVALID_RENEW_LINK",
    );
  });
});
