import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { queryStatsStorage } from "~/db/query-stats.server";
import {
  blocks,
  conversations,
  listingDetails,
  listings,
  messages,
  profiles,
  users,
} from "~/db/schema";
import { findListings } from "~/domain/discovery/find-listings.server";
import {
  alternateSellers,
  findRelatedListings,
  MORE_FROM_SELLER,
  SIMILAR_LISTINGS,
} from "~/domain/discovery/find-related-listings.server";
import { parseListingQuery } from "~/domain/discovery/listing-query";
import { getListingForView } from "~/domain/listings/get-listing.server";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { getSellerProfile, sellerPath } from "./get-seller-profile.server";
import { responseTimeOf } from "./response-time";
import { getResponseStats } from "./response-time.server";

/*
 * Seller pages (decision 026) on PGlite, and on PostgreSQL with TEST_DATABASE_URL: a seller's
 * public page (who, and only their public listings), their reply time from a fixed set of
 * conversations, and the listing page's neighbours (more from the seller, similar listings).
 */
let handle: TestDatabase;
let db: Database;
const NOW = new Date("2026-11-20T12:00:00Z");
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Status = "active" | "sold" | "inactive" | "removed" | "expired";

async function member(id: string, extra: { username?: string; suspended?: boolean } = {}) {
  await db.insert(users).values({
    id,
    name: `${id} account`,
    email: `${id}@example.com`,
    emailVerified: id !== "unverified",
    suspendedAt: extra.suspended ? NOW : null,
    createdAt: new Date("2025-03-01T00:00:00Z"),
  });
  await db.insert(profiles).values({
    id,
    fullName: `${id[0]?.toUpperCase()}${id.slice(1)} Haddad`,
    username: extra.username ?? null,
    location: "damascus",
  });
}

let minutesAgo = 10_000;
async function listing(
  userId: string,
  fields: {
    title?: string;
    status?: Status;
    categoryId?: number;
    subcategoryId?: number | null;
    price?: number;
    cityId?: string | null;
    details?: Record<string, string | number>;
  } = {},
) {
  minutesAgo -= 1;
  const [row] = await db
    .insert(listings)
    .values({
      userId,
      title: fields.title ?? `${userId} listing ${minutesAgo}`,
      status: fields.status ?? "active",
      categoryId: fields.categoryId ?? 5,
      subcategoryId: fields.subcategoryId === undefined ? 501 : fields.subcategoryId,
      price: fields.price ?? 1_000_000,
      cityId: fields.cityId === undefined ? "damascus" : fields.cityId,
      createdAt: new Date(NOW.getTime() - minutesAgo * MINUTE),
    })
    .returning({ id: listings.id });
  const id = row?.id ?? "";
  if (fields.details)
    await db.insert(listingDetails).values({ listingId: id, details: fields.details });
  return id;
}

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
});
afterAll(() => handle.destroy());

describe("the seller's page", () => {
  const ids: Record<Status, string> = {} as Record<Status, string>;
  beforeAll(async () => {
    await member("rania", { username: "rania_h" });
    await member("samer");
    await member("banned", { username: "banned_one", suspended: true });
    for (const status of ["active", "sold", "inactive", "removed", "expired"] as const) {
      ids[status] = await listing("rania", { title: `Rania's ${status} sofa`, status });
    }
    await listing("samer", { title: "Samer's sofa" });
  });

  it("is found by username, with what a buyer may see and nothing more, in one statement", async () => {
    const stats = { count: 0 };
    const found = await queryStatsStorage.run(stats, () =>
      getSellerProfile({ db, handle: "rania_h", now: NOW }),
    );
    expect(stats.count).toBe(1);
    expect(found).toEqual({
      kind: "seller",
      seller: {
        id: "rania",
        fullName: "Rania Haddad",
        username: "rania_h",
        avatarUrl: null,
        memberSince: new Date("2025-03-01T00:00:00Z"),
        emailVerified: true,
        phoneVerified: false,
        cityId: "damascus",
        activeListings: 1,
        responseTime: null,
        ratings: { count: 0, average: null },
        sold: 1,
        received: [],
        business: null,
      },
    });
    expect(JSON.stringify(found)).not.toContain("@example.com");
  });

  it("sends the id's address (and a username in capitals) to the username's, permanently", async () => {
    expect(await getSellerProfile({ db, handle: "rania" })).toEqual({
      kind: "moved",
      username: "rania_h",
    });
    expect(await getSellerProfile({ db, handle: "Rania_H" })).toEqual({
      kind: "moved",
      username: "rania_h",
    });
    expect(sellerPath({ id: "rania", username: "rania_h" })).toBe("/u/rania_h");
  });

  it("lives at the id's address while the member has no username, and moves once they choose one", async () => {
    const before = await getSellerProfile({ db, handle: "samer" });
    expect(before).toMatchObject({ kind: "seller", seller: { id: "samer", username: null } });
    expect(sellerPath({ id: "samer", username: null })).toBe("/u/samer");
    await db.update(profiles).set({ username: "samer_sells" }).where(eq(profiles.id, "samer"));
    expect(await getSellerProfile({ db, handle: "samer" })).toEqual({
      kind: "moved",
      username: "samer_sells",
    });
    expect(await getSellerProfile({ db, handle: "samer_sells" })).toMatchObject({
      kind: "seller",
      seller: { id: "samer" },
    });
  });

  it("counts active listings only, and stops counting past its limit", async () => {
    await member("dealer", { username: "big_dealer" });
    for (let i = 0; i < 4; i++) await listing("dealer", { title: `Dealer car ${i}` });
    for (const status of ["sold", "inactive", "removed", "expired"] as const) {
      await listing("dealer", { title: `Dealer ${status} car`, status });
    }
    const all = await getSellerProfile({ db, handle: "big_dealer" });
    expect(all).toMatchObject({ kind: "seller", seller: { activeListings: 4 } });
    // Counted up to 2 and one more: "more than 2".
    const capped = await getSellerProfile({ db, handle: "big_dealer", countUpTo: 2 });
    expect(capped).toMatchObject({ kind: "seller", seller: { activeListings: 3 } });
  });

  it("is not there for a suspended member, a deleted one, or nobody", async () => {
    expect(await getSellerProfile({ db, handle: "banned_one" })).toBeNull();
    expect(await getSellerProfile({ db, handle: "banned" })).toBeNull();
    expect(await getSellerProfile({ db, handle: "nobody_here" })).toBeNull();
    expect(await getSellerProfile({ db, handle: "" })).toBeNull();
    await member("leaving", { username: "leaving_soon" });
    await db.delete(users).where(eq(users.id, "leaving"));
    expect(await getSellerProfile({ db, handle: "leaving_soon" })).toBeNull();
    expect(await getSellerProfile({ db, handle: "leaving" })).toBeNull();
  });

  it("lists only the seller's active and sold listings, the sold after the active", async () => {
    const sold2 = await listing("rania", { title: "Rania's newest, sold", status: "sold" });
    const active2 = await listing("rania", { title: "Rania's newest, active" });
    const query = parseListingQuery(new URLSearchParams());
    const page = await findListings({ db, query, seller: "rania" });
    expect(page.items.map((item) => [item.id, item.status])).toEqual([
      [active2, "active"],
      [ids.active, "active"],
      [sold2, "sold"],
      [ids.sold, "sold"],
    ]);
    expect(page.total).toBe(4);
    // Sorted by price as search is, still the active first.
    await db.update(listings).set({ price: 5 }).where(eq(listings.id, sold2));
    const cheap = await findListings({
      db,
      query: parseListingQuery(new URLSearchParams("sort=price_asc")),
      seller: "rania",
    });
    expect(cheap.items[0]?.status).toBe("active");
    expect(cheap.items.at(-2)?.id).toBe(sold2);
    // A results page without a seller still lists active listings only.
    const everyone = await findListings({ db, query });
    expect(everyone.items.every((item) => item.status === "active")).toBe(true);
  });
});

describe("the reply time", () => {
  /**
   * A conversation with messages at minutes after its start, from "buyer" or "seller". The buyer
   * is a new one in good standing (confirmed, a member long before writing) unless `buyer` names
   * an existing member.
   */
  async function conversation(
    sellerId: string,
    startedAgo: number,
    thread: [minute: number, from: "buyer" | "seller"][],
    buyer?: string,
  ) {
    const buyerId = buyer ?? `buyer_${sellerId}_${startedAgo}_${thread.length}`;
    if (!buyer) {
      await db.insert(users).values({
        id: buyerId,
        name: "Buyer",
        email: `${buyerId}@example.com`,
        emailVerified: true,
        createdAt: new Date("2025-01-01T00:00:00Z"),
      });
    }
    const listingId = await listing(sellerId);
    const started = new Date(NOW.getTime() - startedAgo);
    const [row] = await db
      .insert(conversations)
      .values({ listingId, buyerId, sellerId, createdAt: started, lastMessageAt: started })
      .returning({ id: conversations.id });
    for (const [minute, from] of thread) {
      await db.insert(messages).values({
        conversationId: row?.id ?? "",
        senderId: from === "buyer" ? buyerId : sellerId,
        body: "hello",
        createdAt: new Date(started.getTime() + minute * MINUTE),
      });
    }
  }

  it("is nothing without conversations", async () => {
    await member("quiet");
    const stats = await getResponseStats({ db, sellerId: "quiet", now: NOW });
    expect(stats).toEqual({ conversations: 0, medianSeconds: null });
    expect(responseTimeOf(stats)).toBeNull();
  });

  it("is not shown for two conversations, however fast", async () => {
    await member("newcomer");
    await conversation("newcomer", DAY, [
      [0, "buyer"],
      [1, "seller"],
    ]);
    await conversation("newcomer", 2 * DAY, [
      [0, "buyer"],
      [2, "seller"],
    ]);
    const stats = await getResponseStats({ db, sellerId: "newcomer", now: NOW });
    expect(stats).toEqual({ conversations: 2, medianSeconds: 60 });
    expect(responseTimeOf(stats)).toBeNull();
  });

  it("is the median of many, where the buyer's own follow-ups are never replies", async () => {
    await member("fast");
    await conversation("fast", DAY, [
      [0, "buyer"],
      [10, "seller"],
    ]);
    await conversation("fast", 2 * DAY, [
      [0, "buyer"],
      [20, "seller"],
    ]);
    // The buyer writes again after 5 minutes: the reply is still the seller's, after 30.
    await conversation("fast", 3 * DAY, [
      [0, "buyer"],
      [5, "buyer"],
      [30, "seller"],
    ]);
    await conversation("fast", 4 * DAY, [
      [0, "buyer"],
      [3 * 60, "seller"],
    ]);
    await conversation("fast", 5 * DAY, [
      [0, "buyer"],
      [2 * 24 * 60, "seller"],
    ]);
    // Older than 90 days: not read.
    await conversation("fast", 120 * DAY, [
      [0, "buyer"],
      [9 * 24 * 60, "seller"],
    ]);
    const stats = await getResponseStats({ db, sellerId: "fast", now: NOW });
    expect(stats).toEqual({ conversations: 5, medianSeconds: 30 * 60 });
    expect(responseTimeOf(stats)).toBe("hour");
    const profile = await getSellerProfile({ db, handle: "fast", now: NOW });
    expect(profile?.kind === "seller" && profile.seller.responseTime).toBe("hour");
    // The listing page's seller card has the same figures, from the listing's own statement.
    const view = await getListingForView({ db, listingId: await listing("fast"), viewer: null });
    expect(view?.seller.responseStats).toEqual({ conversations: 5, medianSeconds: 30 * 60 });
  });

  it("counts a buyer left waiting, once an hour has passed, and a fresh question not yet", async () => {
    await member("slow");
    await conversation("slow", 10 * DAY, [
      [0, "buyer"],
      [5, "seller"],
    ]);
    // Only the buyer talks: waiting 2, 3 and 6 days so far.
    await conversation("slow", 2 * DAY, [
      [0, "buyer"],
      [60, "buyer"],
    ]);
    await conversation("slow", 3 * DAY, [[0, "buyer"]]);
    await conversation("slow", 6 * DAY, [[0, "buyer"]]);
    // Asked 10 minutes ago: too early to count.
    await conversation("slow", 10 * MINUTE, [[0, "buyer"]]);
    const stats = await getResponseStats({ db, sellerId: "slow", now: NOW });
    expect(stats).toEqual({ conversations: 4, medianSeconds: (2 * DAY) / 1000 });
    expect(responseTimeOf(stats)).toBe("days");
  });

  it("counts only buyers a seller cannot make up, each once", async () => {
    await member("puppeteer");
    const answered: [number, "buyer" | "seller"][] = [
      [0, "buyer"],
      [2, "seller"],
    ];
    const throwaway = async (
      id: string,
      fields: { emailVerified?: boolean; createdAt?: Date; suspendedAt?: Date },
    ) => {
      await db.insert(users).values({
        id,
        name: id,
        email: `${id}@example.com`,
        emailVerified: fields.emailVerified ?? true,
        createdAt: fields.createdAt ?? new Date("2025-01-01T00:00:00Z"),
        suspendedAt: fields.suspendedAt ?? null,
      });
      return id;
    };
    // Unconfirmed; opened an hour before writing; suspended; blocked by the seller; blocking
    // the seller: none of them counts, however fast the answer.
    await conversation(
      "puppeteer",
      DAY,
      answered,
      await throwaway("p_unconfirmed", { emailVerified: false }),
    );
    await conversation(
      "puppeteer",
      DAY,
      answered,
      await throwaway("p_fresh", { createdAt: new Date(NOW.getTime() - DAY - HOUR) }),
    );
    await conversation(
      "puppeteer",
      DAY,
      answered,
      await throwaway("p_suspended", { suspendedAt: NOW }),
    );
    await conversation("puppeteer", DAY, answered, await throwaway("p_blocked", {}));
    await conversation("puppeteer", DAY, answered, await throwaway("p_blocking", {}));
    await db.insert(blocks).values([
      { blockerId: "puppeteer", blockedId: "p_blocked" },
      { blockerId: "p_blocking", blockedId: "puppeteer" },
    ]);
    // One real buyer asking about three listings is one conversation (their latest).
    const friend = await throwaway("p_friend", {});
    await conversation("puppeteer", DAY, answered, friend);
    await conversation("puppeteer", 2 * DAY, answered, friend);
    await conversation("puppeteer", 3 * DAY, answered, friend);
    const stats = await getResponseStats({ db, sellerId: "puppeteer", now: NOW });
    expect(stats).toEqual({ conversations: 1, medianSeconds: 120 });
    expect(responseTimeOf(stats)).toBeNull();

    // Two more buyers in good standing, and the line is earned.
    await conversation("puppeteer", 4 * DAY, answered);
    await conversation("puppeteer", 5 * DAY, [
      [0, "buyer"],
      [40, "seller"],
    ]);
    const earned = await getResponseStats({ db, sellerId: "puppeteer", now: NOW });
    expect(earned).toEqual({ conversations: 3, medianSeconds: 120 });
    expect(responseTimeOf(earned)).toBe("hour");
  });

  it("names the buckets: an hour, a day, a few days, else nothing", () => {
    const of = (seconds: number, conversations = 3) =>
      responseTimeOf({ conversations, medianSeconds: seconds });
    expect(of(3600)).toBe("hour");
    expect(of(3601)).toBe("day");
    expect(of(86_400)).toBe("day");
    expect(of(86_401)).toBe("days");
    expect(of(3 * 86_400)).toBe("days");
    expect(of(3 * 86_400 + 1)).toBeNull();
    expect(of(60, 2)).toBeNull();
    expect(responseTimeOf(null)).toBeNull();
  });
});

describe("the listing page's neighbours", () => {
  let sofa = "";
  beforeAll(async () => {
    for (const id of ["lina", "omar", "huda", "karim", "nour"]) await member(id);
    // Flats (property, apartments): no other test's listings are in property.
    sofa = await listing("lina", { title: "Lina's flat", categoryId: 2, subcategoryId: 201 });
  });

  it("offers the seller's other active listings, newest first, at most six, not this one", async () => {
    const others: string[] = [];
    for (let i = 0; i < 7; i++)
      others.push(await listing("lina", { categoryId: 4, subcategoryId: 401 }));
    await listing("lina", { status: "sold" });
    await listing("lina", { status: "removed" });
    await listing("lina", { status: "expired" });
    const stats = { count: 0 };
    const related = await queryStatsStorage.run(stats, () =>
      findRelatedListings({ db, listingId: sofa }),
    );
    expect(stats.count).toBe(1);
    expect(related.moreFromSeller.map((item) => item.id)).toEqual(
      others.slice(-MORE_FROM_SELLER).reverse(),
    );
    expect(related.moreFromSeller[0]?.createdAt).toBeInstanceOf(Date);
    // Lina's own listings are hers, never "similar".
    expect(related.similar.map((item) => item.id)).not.toContain(others[0]);
  });

  it("ranks the same subcategory first, then the category, only active ones within the price band", async () => {
    const flat = (userId: string, fields: Parameters<typeof listing>[1] = {}) =>
      listing(userId, { categoryId: 2, subcategoryId: 201, ...fields });
    const sameSub = await flat("omar");
    const sameCategory = await flat("huda", { subcategoryId: 202 });
    const sameSubOtherCity = await flat("karim", { cityId: "aleppo" });
    const removed = await flat("nour", { status: "removed" });
    const expired = await flat("nour", { status: "expired" });
    const sold = await flat("nour", { status: "sold" });
    const tooDear = await flat("nour", { price: 2_000_001 });
    const tooCheap = await flat("nour", { price: 499_999 });
    const otherCategory = await listing("nour", { categoryId: 4, subcategoryId: 401 });
    const related = await findRelatedListings({ db, listingId: sofa });
    const similar = related.similar.map((item) => item.id);
    // The same city first within the subcategory, then the newest.
    expect(similar).toEqual([sameSub, sameSubOtherCity, sameCategory]);
    for (const hidden of [sofa, removed, expired, sold, tooDear, tooCheap, otherCategory]) {
      expect(similar).not.toContain(hidden);
    }
  });

  it("puts the same make and model first for cars, and never the same seller twice in a row", async () => {
    const car = (userId: string, make: string, model: string) =>
      listing(userId, {
        categoryId: 1,
        subcategoryId: 101,
        price: 50_000_000,
        details: { make, model, year: 2015 },
      });
    const rio = await car("lina", "kia", "rio");
    const otherMake = await car("omar", "toyota", "camry");
    const sameMake = await car("huda", "kia", "cerato");
    const sameModel = await car("karim", "kia", "rio");
    const sameModelAgain = await car("karim", "kia", "rio");
    const related = await findRelatedListings({ db, listingId: rio });
    // Karim's two Rios rank first; the second waits behind Huda's Kia.
    expect(related.similar.map((item) => item.id)).toEqual([
      sameModelAgain,
      sameMake,
      sameModel,
      otherMake,
    ]);
    expect(related.similar.length).toBeLessThanOrEqual(SIMILAR_LISTINGS);
  });

  it("gives nothing for an unknown or malformed listing", async () => {
    const none = { moreFromSeller: [], similar: [] };
    expect(await findRelatedListings({ db, listingId: "nope" })).toEqual(none);
    const unknown = await findRelatedListings({ db, listingId: crypto.randomUUID() });
    expect(unknown.moreFromSeller).toEqual([]);
    expect(unknown.similar).toEqual([]);
  });

  it("gives nothing for a listing hidden from the public, whose id must tell nothing", async () => {
    for (const status of ["inactive", "removed"] as const) {
      const hidden = await listing("lina", { status, categoryId: 4, subcategoryId: 401 });
      expect(await findRelatedListings({ db, listingId: hidden })).toEqual({
        moreFromSeller: [],
        similar: [],
      });
    }
    // A sold one's page is public: it still leads on.
    const sold = await listing("lina", { status: "sold", categoryId: 4, subcategoryId: 401 });
    expect((await findRelatedListings({ db, listingId: sold })).moreFromSeller).not.toEqual([]);
  });
});

describe("alternateSellers", () => {
  const item = (id: string, sellerId: string) => ({ id, sellerId });
  it("moves a seller's second listing down past another seller's, and leaves out what cannot fit", () => {
    const ranked = [item("a1", "a"), item("a2", "a"), item("b1", "b"), item("a3", "a")];
    expect(alternateSellers(ranked, 8).map((x) => x.id)).toEqual(["a1", "b1", "a2"]);
    expect(alternateSellers(ranked, 2).map((x) => x.id)).toEqual(["a1", "b1"]);
    expect(alternateSellers([], 8)).toEqual([]);
  });
});
