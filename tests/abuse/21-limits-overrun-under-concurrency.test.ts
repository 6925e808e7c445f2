import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openPostgres } from "../../app/db/client.server";
import { conversations, profiles, stagedPhotos, users } from "../../app/db/schema";
import { limits } from "../../app/domain/accounts/abuse-limits";
import { limitFailures } from "../../app/domain/accounts/rate-limit.server";
import { createListing } from "../../app/domain/listings/create-listing.server";
import { DEFAULT_LISTING_RATES } from "../../app/domain/listings/listing-rates.server";
import type { ListingFormInput } from "../../app/domain/listings/listings-schemas";
import { revealPhone } from "../../app/domain/listings/reveal-phone.server";
import { setListingStatus } from "../../app/domain/listings/set-listing-status.server";
import { MAX_STAGED_PHOTOS, stagePhoto } from "../../app/domain/listings/staged-photos.server";
import { noLiveEvents } from "../../app/domain/messaging/live-events";
import { sendMessage } from "../../app/domain/messaging/send-message.server";
import { reportListing } from "../../app/domain/moderation/report-listing.server";
import { subscribePush } from "../../app/domain/notifications/push-subscriptions.server";
import { saveSearch } from "../../app/domain/saved-searches/save-search.server";
import { createLocalStorage } from "../../app/media/storage.server";
import { AppError } from "../../app/utils/app-error";
import { DEFAULT_PUSH_SERVICE_HOSTS } from "../../app/utils/env.server";
import { signUpOverHttp } from "../setup/http-members";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { serverForFile } from "./server";

/*
 * Finding 8: every count-based limit counted, then inserted, without a lock, so requests sent at
 * once all read the count below the limit: on PostgreSQL 40 simultaneous phone reveals gave 11–13
 * numbers (limit 10) and 80 simultaneous uploads staged 41–42 photos (limit 40). Now a count is
 * taken under the member's (and network's) lock, and a fixed-window counter counts the attempt
 * before it runs: exactly the limit passes, however many arrive together. On PGlite (one
 * connection) these pass either way; they mean something on PostgreSQL (TEST_DATABASE_URL).
 */

const RATES = { ...DEFAULT_LISTING_RATES, postsPerHour: 10_000, postsPerDay: 10_000 };
const sofa: ListingFormInput = {
  title: "Grey sofa",
  description: "Three seats, good shape.",
  price: "1,500,000",
  categoryId: "5",
  location: "aleppo",
  details: { type: "sofas", condition: "good" },
};

const tinyPng = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: "#2a6" } })
    .png()
    .toBuffer()
    .then((buffer) => new Uint8Array(buffer));

async function member(db: Database, id: string, emailVerified = true) {
  await db.insert(users).values({ id, name: id, email: `${id}@example.com`, emailVerified });
  return { id, emailVerified, email: `${id}@example.com`, name: id, role: "member" as const };
}

let sellers = 0;

/**
 * A seller with a verified phone number (only those are ever shown, decision 036; one account per
 * number) and `count` active listings; their ids.
 */
async function sellerWithListings(db: Database, id: string, count: number) {
  const seller = await member(db, id);
  sellers += 1;
  await db.insert(profiles).values({
    id,
    phoneNumber: `+96394412${String(sellers).padStart(4, "0")}`,
    phoneVerifiedAt: new Date(),
  });
  const ids: string[] = [];
  for (let n = 0; n < count; n++) {
    const { id: listingId } = await createListing({
      db,
      storage: createLocalStorage(os.tmpdir()),
      member: seller,
      input: { ...sofa, title: `Sofa ${n}` },
      images: [],
      rates: RATES,
    });
    ids.push(listingId);
  }
  return ids;
}

describe("over HTTP, the review's figures", () => {
  const s = serverForFile({ TRUST_PROXY: "1", SIGN_UPS_PER_IP_PER_HOUR: "1000" });

  it("gives 40 simultaneous phone reveals exactly 10 numbers, and never stages more than 40 photos however many arrive at once", async () => {
    const buyer = await signUpOverHttp(s.url, {
      name: "Buyer",
      email: `c-b-${Date.now()}@example.com`,
    });
    const ids = await s.withDatabase(async (db) => {
      await db.update(users).set({ emailVerified: true }).where(eq(users.email, buyer.email));
      return sellerWithListings(db, `http-seller-${Date.now()}`, 40);
    });
    const post = (pathname: string, body: FormData | URLSearchParams, n: number) =>
      fetch(`${s.url}${pathname}`, {
        method: "POST",
        headers: { cookie: buyer.cookie, "x-forwarded-for": `203.0.113.${n % 200}` },
        body,
        redirect: "manual",
      });

    const reveals = await Promise.all(
      ids.map((id, n) =>
        post(`/listing/${id}.data`, new URLSearchParams({ intent: "reveal-phone" }), n),
      ),
    );
    const revealed = reveals.filter((res) => res.status === 200).length;
    expect(reveals.filter((res) => res.status === 429)).toHaveLength(40 - revealed);
    expect(revealed).toBe(10);

    // Eighty uploads at once: never more than 40 waiting; then one by one, exactly 40 in all.
    const png = await tinyPng();
    const upload = (n: number) => {
      const form = new FormData();
      form.set("uploadId", crypto.randomUUID());
      form.set("photo", new Blob([png], { type: "image/png" }), "photo.png");
      return post("/api/photos", form, n);
    };
    const uploads = await Promise.all(Array.from({ length: 80 }, (_, n) => upload(n)));
    let staged = uploads.filter((res) => res.status === 201).length;
    expect(uploads.filter((res) => res.status === 429)).toHaveLength(80 - staged);
    expect(staged).toBeLessThanOrEqual(40);
    for (;;) {
      const res = await upload(staged);
      if (res.status !== 201) {
        expect(res.status).toBe(429);
        expect((await res.json()).error).toContain("too many photos waiting");
        break;
      }
      staged += 1;
      expect(staged).toBeLessThanOrEqual(40);
    }
    expect(staged).toBe(40);
  }, 120_000);
});

describe("every count-based limit, with all its requests at once", () => {
  let database: TestDatabase;
  let db: Database;
  let closePool = async () => {};
  let dataDir: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    // Enough connections for the requests to really run side by side on PostgreSQL.
    if (database.location.databaseUrl) {
      const pool = await openPostgres(database.location.databaseUrl, 40);
      db = pool.db;
      closePool = pool.close;
    }
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-concurrency-"));
  });
  afterAll(async () => {
    await closePool();
    await database?.destroy();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  interface Case {
    name: string;
    limit: number;
    attempts: number;
    /** The code a refused attempt fails with. */
    refusal: string;
    /** Makes one attempt function; everything it needs is set up first. */
    arrange: (db: Database, tag: string) => Promise<(n: number) => Promise<unknown>>;
    /** How many attempts got what they asked for (by default, those that did not fail). */
    passed?: (results: PromiseSettledResult<unknown>[]) => number;
  }

  const fulfilled = (results: PromiseSettledResult<unknown>[]) =>
    results.filter((r) => r.status === "fulfilled").length;
  const refusedWith = (results: PromiseSettledResult<unknown>[]) =>
    results.flatMap((r) =>
      r.status === "rejected" ? [(r.reason as { code?: string }).code ?? String(r.reason)] : [],
    );

  const cases: Case[] = [
    {
      name: "phone numbers a member sees in an hour",
      limit: 10,
      attempts: 40,
      refusal: "RATE_LIMITED",
      async arrange(db, tag) {
        const ids = await sellerWithListings(db, `seller-${tag}`, 40);
        const buyer = await member(db, `buyer-${tag}`);
        return (n) =>
          revealPhone({ db, member: buyer, listingId: ids[n] ?? "", ip: `10.1.0.${n}` });
      },
    },
    {
      name: "phone numbers one network sees in a day",
      limit: 100,
      attempts: 130,
      refusal: "RATE_LIMITED",
      async arrange(db, tag) {
        const ids = await sellerWithListings(db, `seller-${tag}`, 10);
        // Thirteen members, ten each: none meets their own hourly limit, together 130.
        const buyers: Awaited<ReturnType<typeof member>>[] = [];
        for (let n = 0; n < 13; n++) buyers.push(await member(db, `buyer-${tag}-${n}`));
        return (n) =>
          revealPhone({
            db,
            member: buyers[n % 13] ?? null,
            listingId: ids[Math.floor(n / 13)] ?? "",
            ip: "198.51.100.200",
          });
      },
    },
    {
      // Thirty waiting already, twenty more at once: ten fit. (Twenty, not eighty: photos in
      // progress also hold a place under the refused photos' own limit, PHOTO_RATE_LIMITED.)
      name: "photos waiting for a post",
      limit: 10,
      attempts: 20,
      refusal: "STAGED_PHOTO_LIMIT",
      async arrange(db, tag) {
        const uploader = await member(db, `uploader-${tag}`);
        const png = await tinyPng();
        const storage = createLocalStorage(dataDir);
        await db.insert(stagedPhotos).values(
          Array.from({ length: MAX_STAGED_PHOTOS - 10 }, () => ({
            userId: uploader.id,
            uploadId: crypto.randomUUID(),
            storageKey: `staged/${crypto.randomUUID()}`,
          })),
        );
        return () =>
          stagePhoto({ db, storage, member: uploader, uploadId: crypto.randomUUID(), bytes: png });
      },
    },
    {
      name: "listings of a member who has not confirmed their e-mail",
      limit: 2,
      attempts: 10,
      refusal: "UNCONFIRMED_LIMIT",
      async arrange(db, tag) {
        const fresh = await member(db, `fresh-${tag}`, false);
        return (n) =>
          createListing({
            db,
            storage: createLocalStorage(dataDir),
            member: fresh,
            input: { ...sofa, title: `Unconfirmed ${n}` },
            images: [],
          });
      },
    },
    {
      name: "listings a member posts in an hour",
      limit: DEFAULT_LISTING_RATES.postsPerHour,
      attempts: 40,
      refusal: "POSTING_RATE_LIMITED",
      async arrange(db, tag) {
        const poster = await member(db, `poster-${tag}`);
        return (n) =>
          createListing({
            db,
            storage: createLocalStorage(dataDir),
            member: poster,
            input: { ...sofa, title: `Posted ${n}` },
            images: [],
          });
      },
    },
    {
      name: "changes a member makes to listings in an hour",
      limit: DEFAULT_LISTING_RATES.changesPerHour,
      attempts: 90,
      refusal: "LISTING_CHANGE_RATE_LIMITED",
      async arrange(db, tag) {
        const ids = await sellerWithListings(db, `changer-${tag}`, 3);
        const owner = { id: `changer-${tag}` };
        return (n) =>
          setListingStatus({
            db,
            member: owner,
            listingId: ids[n % 3] ?? "",
            status: n % 2 ? "inactive" : "active",
            ttlDays: 60,
          });
      },
    },
    {
      name: "saved searches a member keeps",
      limit: 20,
      attempts: 40,
      refusal: "SAVED_SEARCH_LIMIT",
      async arrange(db, tag) {
        const saver = await member(db, `saver-${tag}`);
        return (n) => saveSearch({ db, member: saver, query: `q=sofa${n}` });
      },
    },
    {
      name: "browsers a member subscribes to push",
      limit: 10,
      attempts: 30,
      refusal: "PUSH_SUBSCRIPTION_LIMIT",
      async arrange(db, tag) {
        const subscriber = await member(db, `subscriber-${tag}`);
        return (n) =>
          subscribePush({
            db,
            member: subscriber,
            services: DEFAULT_PUSH_SERVICE_HOSTS,
            input: {
              endpoint: `https://fcm.googleapis.com/fcm/send/${tag}-${n}-${"x".repeat(40)}`,
              expirationTime: null,
              keys: { p256dh: "B".repeat(87), auth: "A".repeat(22) },
            },
          });
      },
    },
    {
      name: "listings a member reports in a day",
      limit: 10,
      attempts: 30,
      refusal: "RATE_LIMITED",
      async arrange(db, tag) {
        const ids = await sellerWithListings(db, `reported-${tag}`, 30);
        const reporter = await member(db, `reporter-${tag}`);
        return (n) =>
          reportListing({
            db,
            member: reporter,
            listingId: ids[n] ?? "",
            input: { reason: "scam", details: "Asks for money up front." },
            ip: `10.2.0.${n}`,
          });
      },
    },
    {
      name: "messages a member sends in a burst",
      limit: 8,
      attempts: 30,
      refusal: "MESSAGE_RATE_LIMITED",
      async arrange(db, tag) {
        const [listingId] = await sellerWithListings(db, `chat-seller-${tag}`, 1);
        const writer = await member(db, `writer-${tag}`);
        const [conversation] = await db
          .insert(conversations)
          .values({
            listingId: listingId ?? "",
            buyerId: writer.id,
            sellerId: `chat-seller-${tag}`,
          })
          .returning({ id: conversations.id });
        return (n) =>
          sendMessage({
            db,
            live: noLiveEvents,
            member: writer,
            conversationId: conversation?.id ?? "",
            body: `Still available? (${n})`,
          });
      },
    },
    {
      name: "wrong passwords for one account from one address",
      limit: limits.signInPerAccount.max,
      attempts: 30,
      refusal: "RATE_LIMITED",
      async arrange(db, tag) {
        return () =>
          limitFailures(
            db,
            [[limits.signInPerAccount, `${tag}@example.com|192.0.2.1`]],
            ["INVALID_CREDENTIALS"],
            async () => {
              // A password check takes a while (scrypt): the others arrive meanwhile.
              await new Promise((resolve) => setTimeout(resolve, 50));
              throw new AppError("INVALID_CREDENTIALS");
            },
          );
      },
      // The guesses that were checked: each failed with INVALID_CREDENTIALS.
      passed: (results) => refusedWith(results).filter((c) => c === "INVALID_CREDENTIALS").length,
    },
  ];

  for (const c of cases) {
    it(`${c.name}: ${c.attempts} at once, exactly ${c.limit} go through`, async () => {
      const attempt = await c.arrange(db, crypto.randomUUID().slice(0, 8));
      const results = await Promise.allSettled(
        Array.from({ length: c.attempts }, (_, n) => attempt(n)),
      );
      const passed = (c.passed ?? fulfilled)(results);
      const refused = refusedWith(results).filter((code) => code === c.refusal);
      expect({ passed, refused: refused.length }).toEqual({
        passed: c.limit,
        refused: c.attempts - c.limit,
      });
    }, 120_000);
  }
});
