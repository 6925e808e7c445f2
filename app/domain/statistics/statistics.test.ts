import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { queryStatsStorage } from "~/db/query-stats.server";
import { listingDailyStats, listings, profiles, users } from "~/db/schema";
import { findListings } from "~/domain/discovery/find-listings.server";
import { parseListingQuery } from "~/domain/discovery/listing-query";
import { addFavorite } from "~/domain/favorites/add-favorite.server";
import { removeFavorite } from "~/domain/favorites/remove-favorite.server";
import { BUMP_DAYS, bumpListing } from "~/domain/listings/bump-listing.server";
import { recordView } from "~/domain/listings/record-view.server";
import { revealPhone } from "~/domain/listings/reveal-phone.server";
import { noLiveEvents } from "~/domain/messaging/live-events";
import { startConversation } from "~/domain/messaging/start-conversation.server";
import type { AppErrorCode } from "~/utils/app-error";
import { toChartView } from "~/views/statistics/stats-chart.server";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { compactDailyStats, STATS_DAILY_DAYS } from "./compact-stats.server";
import { countImpressions, flushImpressions } from "./count-stats.server";
import { listingStatistics, sellerStatistics } from "./read-stats.server";
import { addDays, damascusDay, damascusDayStart } from "./stat-days";
import { emptyCounts } from "./stat-kinds";

/*
 * Seller statistics and the free bump (issue 32): what is counted and how often, the days as
 * Damascus counts them, the figures of a fixed history over 7, 30 and 90 days, who may read them,
 * how old days are folded, and the bump's rules and place in the newest-first order.
 */

let database: TestDatabase;
let db: Database;

const SELLER = { id: "st-seller", emailVerified: true };
const BUYER = { id: "st-buyer", emailVerified: true };
const OTHER = { id: "st-other", emailVerified: true };
const DAY_MS = 86_400_000;

async function expectCode(promise: Promise<unknown>, code: AppErrorCode) {
  await expect(promise).rejects.toMatchObject({ name: "AppError", code });
}

async function member(id: string) {
  await db.insert(users).values({ id, name: id, email: `${id}@example.com`, emailVerified: true });
}

async function listing(values: Partial<typeof listings.$inferInsert> = {}) {
  const [row] = await db
    .insert(listings)
    .values({ userId: SELLER.id, categoryId: 4, title: "iPhone 13", price: 3_000_000, ...values })
    .returning({ id: listings.id });
  if (!row) throw new Error("no listing");
  return row.id;
}

async function dayRow(listingId: string, day: string) {
  const [row] = await db
    .select()
    .from(listingDailyStats)
    .where(
      sql`${listingDailyStats.listingId} = ${listingId} and ${listingDailyStats.day} = ${day}`,
    );
  return row;
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  for (const id of [SELLER.id, BUYER.id, OTHER.id]) await member(id);
  await db.insert(profiles).values({
    id: SELLER.id,
    fullName: "Rami",
    phoneNumber: "+963944123456",
    phoneVerifiedAt: new Date(),
  });
});

afterAll(async () => {
  await database?.destroy();
});

describe("the day a figure counts on", () => {
  it("is Damascus's: 22:30 UTC on the 1st is already the 2nd there", () => {
    expect(damascusDay(new Date("2033-01-01T22:30:00Z"))).toBe("2033-01-02");
    expect(damascusDay(new Date("2033-01-01T20:59:00Z"))).toBe("2033-01-01");
    expect(addDays("2033-03-01", -1)).toBe("2033-02-28");
    expect(damascusDayStart("2033-01-02").toISOString()).toBe("2033-01-01T21:00:00.000Z");
    // Before 2022 Syria kept summer time: UTC+3 in July, +2 in January.
    expect(damascusDayStart("2020-01-15").toISOString()).toBe("2020-01-14T22:00:00.000Z");
  });
});

describe("counting", () => {
  it("counts a view once per viewer a day, never the owner's, on the Damascus day", async () => {
    const id = await listing();
    const at = new Date("2033-01-01T22:30:00Z");
    const view = (viewerKey: string, isOwner = false, now = at) =>
      recordView({ db, listingId: id, viewerKey, isOwner, isBot: false, now });
    expect(await view("visitor:1.2.3.4|Chrome|ar")).toBe(true);
    expect(await view("visitor:1.2.3.4|Chrome|ar", false, new Date(at.getTime() + 3600_000))).toBe(
      false,
    );
    expect(await view(`member:${SELLER.id}`, true)).toBe(false);
    expect(await view(`member:${BUYER.id}`)).toBe(true);
    expect((await dayRow(id, "2033-01-02"))?.views).toBe(2);
    expect(await dayRow(id, "2033-01-01")).toBeUndefined();
    const [row] = await db.select().from(listings).where(eq(listings.id, id));
    expect(row?.viewsCount).toBe(2);
  });

  it("counts a view in the same statement as the listing's total", async () => {
    const id = await listing();
    const stats = { count: 0 };
    await queryStatsStorage.run(stats, () =>
      recordView({
        db,
        listingId: id,
        viewerKey: "visitor:9.9.9.9||",
        isOwner: false,
        isBot: false,
      }),
    );
    // The day's limit, then the count: as before statistics.
    expect(stats.count).toBe(2);
  });

  it("counts a favourite added, not one added and taken back the same day", async () => {
    const id = await listing();
    await addFavorite({ db, member: BUYER, listingId: id });
    await removeFavorite({ db, member: BUYER, listingId: id });
    await addFavorite({ db, member: BUYER, listingId: id });
    await addFavorite({ db, member: OTHER, listingId: id });
    expect((await dayRow(id, damascusDay(new Date())))?.favorites).toBe(2);
    await removeFavorite({ db, member: BUYER, listingId: id });
    await removeFavorite({ db, member: BUYER, listingId: id });
    expect((await dayRow(id, damascusDay(new Date())))?.favorites).toBe(1);
  });

  it("counts phone reveals and WhatsApp taps apart, each once per member a day", async () => {
    const id = await listing();
    const now = new Date();
    const reveal = (asker: typeof BUYER, channel: "phone" | "whatsapp") =>
      revealPhone({ db, member: asker, listingId: id, ip: "10.0.0.1", channel, now });
    expect(await reveal(BUYER, "phone")).toBe("+963944123456");
    await reveal(BUYER, "phone");
    await reveal(BUYER, "whatsapp");
    await reveal(BUYER, "whatsapp");
    await reveal(OTHER, "whatsapp");
    // The owner's own look is no reveal.
    await revealPhone({ db, member: SELLER, listingId: id, ip: "10.0.0.2", channel: "phone" });
    const row = await dayRow(id, damascusDay(now));
    expect(row?.phoneReveals).toBe(1);
    expect(row?.whatsappTaps).toBe(2);
  });

  it("counts a conversation when a buyer starts it, not its later messages", async () => {
    const id = await listing();
    const send = (body: string) =>
      startConversation({ db, live: noLiveEvents, member: BUYER, listingId: id, body });
    await send("Is it still available?");
    await send("Can you do 2,800,000?");
    expect((await dayRow(id, damascusDay(new Date())))?.conversations).toBe(1);
  });

  it("adds up appearances in memory, with no statement, and writes them in one", async () => {
    const a = await listing();
    const b = await listing();
    const stats = { count: 0 };
    const now = new Date("2033-02-10T09:00:00Z");
    await queryStatsStorage.run(stats, async () => {
      countImpressions(db, [a, b], now);
      countImpressions(db, [a], now);
    });
    expect(stats.count).toBe(0);
    expect(await dayRow(a, "2033-02-10")).toBeUndefined();
    await flushImpressions(db);
    expect((await dayRow(a, "2033-02-10"))?.impressions).toBe(2);
    expect((await dayRow(b, "2033-02-10"))?.impressions).toBe(1);
    // Flushed counts are not written twice.
    await flushImpressions(db);
    expect((await dayRow(a, "2033-02-10"))?.impressions).toBe(2);
  });
});

describe("reading the figures of a fixed history", () => {
  const today = "2034-06-30";
  const now = new Date("2034-06-30T09:00:00Z");
  let quiet: string;
  let busy: string;

  beforeAll(async () => {
    quiet = await listing({ title: "Quiet sofa" });
    busy = await listing({ title: "Busy car" });
    const rows: (typeof listingDailyStats.$inferInsert)[] = [
      // Today, the range's oldest of 7 days, one just before it, and one 45 days back.
      { day: today, views: 5, impressions: 40, phoneReveals: 1, whatsappTaps: 2 },
      { day: addDays(today, -6), views: 3, favorites: 1 },
      { day: addDays(today, -7), views: 7, conversations: 1 },
      { day: addDays(today, -45), views: 11 },
    ].map((row) => ({ listingId: busy, sellerId: SELLER.id, ...row }));
    rows.push({ listingId: quiet, sellerId: SELLER.id, day: today, views: 1 });
    await db.insert(listingDailyStats).values(rows);
  });

  it("gives every day of 7, 30 and 90, the empty ones at zero, and the period before", async () => {
    const week = await listingStatistics({ db, member: SELLER, listingId: busy, range: 7, now });
    expect(week.days.map((day) => day.day)).toEqual(
      [6, 5, 4, 3, 2, 1, 0].map((back) => addDays(today, -back)),
    );
    expect(week.days.map((day) => day.counts.views)).toEqual([3, 0, 0, 0, 0, 0, 5]);
    expect(week.totals).toEqual({
      ...emptyCounts(),
      views: 8,
      impressions: 40,
      favorites: 1,
      phoneReveals: 1,
      whatsappTaps: 2,
    });
    expect(week.previous).toEqual({ ...emptyCounts(), views: 7, conversations: 1 });
    expect(week.lifetime.views).toBe(26);

    const month = await listingStatistics({ db, member: SELLER, listingId: busy, range: 30, now });
    expect(month.days).toHaveLength(30);
    expect(month.totals.views).toBe(15);
    expect(month.previous.views).toBe(11);
    const quarter = await listingStatistics({
      db,
      member: SELLER,
      listingId: busy,
      range: 90,
      now,
    });
    expect(quarter.days).toHaveLength(90);
    expect(quarter.totals.views).toBe(26);
    expect(quarter.previous.views).toBe(0);
  });

  it("is for the owner only, in two statements", async () => {
    await expectCode(
      listingStatistics({ db, member: OTHER, listingId: busy, range: 7, now }),
      "LISTING_NOT_FOUND",
    );
    await expectCode(
      listingStatistics({ db, member: null, listingId: busy, range: 7, now }),
      "AUTH_REQUIRED",
    );
    for (const bad of ["nope", "../../etc/passwd", "' or 1=1 --", 7, null]) {
      await expectCode(
        listingStatistics({ db, member: SELLER, listingId: bad, range: 7, now }),
        "INVALID_LISTING_ID",
      );
    }
    await expectCode(
      listingStatistics({ db, member: SELLER, listingId: crypto.randomUUID(), range: 7, now }),
      "LISTING_NOT_FOUND",
    );
    const stats = { count: 0 };
    await queryStatsStorage.run(stats, () =>
      listingStatistics({ db, member: SELLER, listingId: busy, range: 30, now }),
    );
    expect(stats.count).toBe(2);
  });

  it("adds up a seller's listings per day, each listing's sums the most viewed first", async () => {
    const stats = { count: 0 };
    const seller = await queryStatsStorage.run(stats, () =>
      sellerStatistics({ db, member: SELLER, range: 7, now }),
    );
    expect(stats.count).toBe(2);
    expect(seller.days.at(-1)?.counts.views).toBe(6);
    expect(seller.totals.views).toBe(9);
    expect(seller.listings[0]?.id).toBe(busy);
    expect(seller.listings[0]?.counts.views).toBe(8);
    expect(seller.listings.find((row) => row.id === quiet)?.counts.views).toBe(1);
    // Another member's dashboard has none of it.
    const other = await sellerStatistics({ db, member: OTHER, range: 90, now });
    expect(other.totals.views).toBe(0);
    expect(other.listings).toEqual([]);
    await expectCode(sellerStatistics({ db, member: null, range: 7, now }), "AUTH_REQUIRED");
  });

  it("draws the time axis right to left in Arabic, with Arabic-Indic digits", async () => {
    const week = await listingStatistics({ db, member: SELLER, listingId: busy, range: 7, now });
    const en = toChartView("en", week.days);
    const ar = toChartView("ar", week.days);
    expect(en.bars).toHaveLength(7);
    // The oldest day is leftmost in English and rightmost in Arabic.
    expect(en.bars[0]?.x).toBeLessThan(en.bars[6]?.x ?? 0);
    expect(ar.bars[0]?.x).toBeGreaterThan(ar.bars[6]?.x ?? 0);
    expect(ar.yTicks.map((tick) => tick.label).join("")).toMatch(/^[٠-٩]+$/);
    expect(ar.xTicks.at(-1)?.label).toBe("٣٠\u200f/٦");
    // Over 30 days the newest label stands at the edge: it leans inwards, never cut.
    const month = await listingStatistics({ db, member: SELLER, listingId: busy, range: 30, now });
    expect(toChartView("en", month.days).xTicks.at(-1)?.anchor).toBe("end");
    expect(toChartView("ar", month.days).xTicks.at(-1)?.anchor).toBe("start");
    expect(toChartView("en", month.days).xTicks).toHaveLength(5);
    expect(en.bars[6]?.title).toBe("Jun 30: 5 views");
    expect(en.contactsPath).toMatch(/^M/);
    // A tall bar is taller than a short one, from the same baseline.
    expect(en.bars[6]?.height).toBeGreaterThan(en.bars[0]?.height ?? 0);
    expect((en.bars[6]?.y ?? 0) + (en.bars[6]?.height ?? 0)).toBeCloseTo(en.baseline.y, 0);
  });
});

describe("folding old days", () => {
  it("keeps a listing's lifetime figures while folding each month past the daily period", async () => {
    const id = await listing({ title: "Old lamp" });
    const now = new Date("2035-12-15T09:00:00Z");
    const old = addDays(damascusDay(now), -(STATS_DAILY_DAYS + 60));
    const month = old.slice(0, 7);
    const days = [`${month}-01`, `${month}-02`, `${month}-20`];
    await db.insert(listingDailyStats).values(
      days.map((day, index) => ({
        listingId: id,
        sellerId: SELLER.id,
        day,
        views: index + 1,
        whatsappTaps: 1,
      })),
    );
    const recent = addDays(damascusDay(now), -3);
    await db
      .insert(listingDailyStats)
      .values({ listingId: id, sellerId: SELLER.id, day: recent, views: 4 });
    const before = await listingStatistics({ db, member: SELLER, listingId: id, range: 7, now });

    const folded: string[] = [];
    for (let run = 0; run < 40; run++) {
      const done = await compactDailyStats(db, now);
      if (!done) break;
      folded.push(done);
    }
    expect(folded).toContain(month);
    const rows = await db
      .select()
      .from(listingDailyStats)
      .where(eq(listingDailyStats.listingId, id))
      .orderBy(listingDailyStats.day);
    expect(rows.map((row) => [row.day, row.days, row.views, row.whatsappTaps])).toEqual([
      [
        `${month}-01`,
        new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5)), 0)).getUTCDate(),
        6,
        3,
      ],
      [recent, 1, 4, 0],
    ]);
    const after = await listingStatistics({ db, member: SELLER, listingId: id, range: 7, now });
    expect(after.lifetime).toEqual(before.lifetime);
    expect(after.totals).toEqual(before.totals);
    // Nothing left to fold: a second run changes nothing.
    expect(await compactDailyStats(db, now)).toBeNull();
  });
});

describe("bumping a listing", () => {
  const DAY = DAY_MS;
  const posted = new Date(Date.now() - (BUMP_DAYS + 1) * DAY);

  it("puts it first in its category's newest without changing its posting date or expiry", async () => {
    const old = await listing({ categoryId: 5, title: "Wardrobe", createdAt: posted });
    await listing({ categoryId: 5, title: "Newer chair", createdAt: new Date(Date.now() - DAY) });
    const [before] = await db.select().from(listings).where(eq(listings.id, old));
    const query = parseListingQuery(new URLSearchParams("category=5"));
    const first = async () =>
      (await findListings({ db, query: { ...query, categoryId: 5 } })).items[0]?.id;
    expect(await first()).not.toBe(old);

    const { bumpedAt } = await bumpListing({ db, member: SELLER, listingId: old });
    expect(await first()).toBe(old);
    const [after] = await db.select().from(listings).where(eq(listings.id, old));
    expect(after?.createdAt).toEqual(before?.createdAt);
    expect(after?.expiresAt).toEqual(before?.expiresAt);
    expect(after?.bumpedAt).toEqual(bumpedAt);
    expect(after?.listedAt).toEqual(bumpedAt);
  });

  it("is free once every 7 days, saying when the next one is", async () => {
    const id = await listing({ createdAt: posted });
    const now = new Date();
    await bumpListing({ db, member: SELLER, listingId: id, now });
    const refused = await bumpListing({
      db,
      member: SELLER,
      listingId: id,
      now: new Date(now.getTime() + 6 * DAY),
    }).catch((error: unknown) => error);
    expect(refused).toMatchObject({
      code: "BUMP_TOO_SOON",
      params: { at: new Date(now.getTime() + BUMP_DAYS * DAY).toISOString() },
    });
    await bumpListing({
      db,
      member: SELLER,
      listingId: id,
      now: new Date(now.getTime() + BUMP_DAYS * DAY),
    });
    // A listing just posted is at the top already: its week starts when it was posted.
    const fresh = await listing();
    await expectCode(bumpListing({ db, member: SELLER, listingId: fresh }), "BUMP_TOO_SOON");
  });

  it("is the owner's, for an active listing that is not reserved", async () => {
    const id = await listing({ createdAt: posted });
    await expectCode(bumpListing({ db, member: OTHER, listingId: id }), "LISTING_NOT_FOUND");
    await expectCode(bumpListing({ db, member: null, listingId: id }), "AUTH_REQUIRED");
    await expectCode(
      bumpListing({ db, member: SELLER, listingId: "<script>" }),
      "INVALID_LISTING_ID",
    );
    const sold = await listing({ createdAt: posted, status: "sold" });
    await expectCode(bumpListing({ db, member: SELLER, listingId: sold }), "LISTING_NOT_BUMPABLE");
    const reserved = await listing({ createdAt: posted, reservedAt: new Date() });
    await expectCode(
      bumpListing({ db, member: SELLER, listingId: reserved }),
      "LISTING_NOT_BUMPABLE",
    );
    const [row] = await db.select().from(listings).where(eq(listings.id, id));
    expect(row?.bumpedAt).toBeNull();
  });

  it("makes one bump of ten sent at once", async () => {
    const id = await listing({ createdAt: posted });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => bumpListing({ db, member: SELLER, listingId: id })),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results) {
      if (result.status === "rejected")
        expect(result.reason).toMatchObject({ code: "BUMP_TOO_SOON" });
    }
  });
});
