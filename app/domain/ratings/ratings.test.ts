import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, selectRows } from "~/db/client.server";
import {
  blocks,
  conversations,
  listings,
  messages,
  moderationActions,
  profiles,
  ratings,
  users,
} from "~/db/schema";
import type { AppErrorCode } from "~/utils/app-error";
import { appErrorMessage } from "~/utils/form.server";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { answerRating } from "./answer-rating.server";
import { receivedRatingsColumn, toPublicRatings } from "./list-ratings.server";
import { dismissRatingReports, listReportedRatings, removeRating } from "./moderate-rating.server";
import { rateMember } from "./rate-member.server";
import { ratingSchema, ratingWindow, toRatingSummary } from "./rating-rules";
import { ratingSummaryColumn } from "./ratings-sql.server";
import { reportRating } from "./report-rating.server";

let database: TestDatabase;
let db: Database;

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const NOW = new Date("2031-03-10T12:00:00Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms);

async function expectCode(promise: Promise<unknown>, code: AppErrorCode) {
  await expect(promise).rejects.toMatchObject({ name: "AppError", code });
}

let members = 0;
/** A member: by default a week old with a confirmed e-mail. */
async function member(
  options: { age?: number; confirmed?: boolean; phone?: boolean; name?: string } = {},
) {
  members += 1;
  const id = `m${members}`;
  await db.insert(users).values({
    id,
    name: options.name ?? `Member ${members}`,
    email: `${id}@example.com`,
    emailVerified: options.confirmed ?? true,
    createdAt: ago(options.age ?? 7 * DAY),
  });
  await db.insert(profiles).values({
    id,
    phoneNumber: options.phone ? `+96394400${String(members).padStart(4, "0")}` : null,
    phoneVerifiedAt: options.phone ? ago(DAY) : null,
  });
  return { id };
}

async function listing(sellerId: string, status: "active" | "sold" = "active") {
  const [row] = await db
    .insert(listings)
    .values({ userId: sellerId, categoryId: 5, title: "Grey sofa", price: 1_500_000, status })
    .returning({ id: listings.id });
  return row?.id ?? "";
}

/** A conversation about a listing of `seller`, with messages written at the given times. */
async function exchange(
  seller: { id: string },
  buyer: { id: string },
  written: { by: "buyer" | "seller"; at: Date }[] = [
    { by: "buyer", at: ago(2 * DAY) },
    { by: "seller", at: ago(2 * DAY - HOUR) },
  ],
  status: "active" | "sold" = "active",
) {
  const listingId = await listing(seller.id, status);
  const [c] = await db
    .insert(conversations)
    .values({ listingId, buyerId: buyer.id, sellerId: seller.id })
    .returning({ id: conversations.id });
  const conversationId = c?.id ?? "";
  for (const message of written)
    await db.insert(messages).values({
      conversationId,
      senderId: message.by === "buyer" ? buyer.id : seller.id,
      body: "Hello",
      createdAt: message.at,
    });
  return { conversationId, listingId };
}

const good = { stars: "5", tags: ["as_described", "on_time"], comment: "Smooth and honest." };

async function rate(
  rater: { id: string },
  conversationId: string,
  input: unknown = good,
  options: { network?: string; now?: Date } = {},
) {
  return rateMember({
    db,
    member: rater,
    conversationId,
    input,
    network: options.network ?? `net-${rater.id}`,
    now: options.now ?? NOW,
  });
}

async function listRatingsOf({
  memberId,
  readerId,
}: {
  db: Database;
  memberId: string;
  readerId: string | null;
}) {
  const [row] = await selectRows<{ r: unknown }>(
    db,
    sql`select ${receivedRatingsColumn(memberId, readerId)} as r`,
  );
  return toPublicRatings(row?.r);
}

async function summaryOf(memberId: string) {
  const [row] = await selectRows<{ s: unknown }>(
    db,
    sql`select ${ratingSummaryColumn(memberId)} as s`,
  );
  const raw = typeof row?.s === "string" ? JSON.parse(row.s) : row?.s;
  return toRatingSummary(raw as { n: number; avg: number });
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});

afterAll(async () => {
  await database?.destroy();
});

describe("the rating form", () => {
  it("takes 1 to 5 stars, Arabic-Indic digits too, and refuses anything else", () => {
    expect(ratingSchema.parse({ stars: "٤" }).stars).toBe(4);
    expect(ratingSchema.parse({ stars: 5 }).stars).toBe(5);
    for (const stars of ["0", "6", "4.5", "", "five", "1; drop table ratings", undefined])
      expect(ratingSchema.safeParse({ stars }).success).toBe(false);
  });

  it("takes up to three known tags, once each", () => {
    expect(ratingSchema.parse({ stars: "3", tags: "on_time" }).tags).toEqual(["on_time"]);
    expect(ratingSchema.parse({ stars: "3", tags: ["rude", "rude"] }).tags).toEqual(["rude"]);
    const tooMany = ratingSchema.safeParse({
      stars: "3",
      tags: ["on_time", "rude", "fair_price", "friendly"],
    });
    expect(tooMany.error?.issues[0]?.message).toBe("RATING_TOO_MANY_TAGS");
    const unknown = ratingSchema.safeParse({ stars: "3", tags: ["<script>"] });
    expect(unknown.error?.issues[0]?.message).toBe("RATING_TAG_UNKNOWN");
  });

  it("keeps a comment of up to 500 characters as plain text, without control or bidi characters", () => {
    const parsed = ratingSchema.parse({
      stars: "2",
      comment: "  <b>سيارة</b> \u202Egnp.exe\u2066 ok\u0007 🚗  ",
    });
    expect(parsed.comment).toBe("<b>سيارة</b> gnp.exe ok 🚗");
    expect(ratingSchema.safeParse({ stars: "2", comment: "🚗".repeat(500) }).success).toBe(true);
    expect(
      ratingSchema.safeParse({ stars: "2", comment: "a".repeat(501) }).error?.issues[0]?.message,
    ).toBe("RATING_COMMENT_TOO_LONG");
  });
});

describe("when a member may rate", () => {
  const base = {
    listingStatus: "active",
    firstMessageAt: ago(25 * HOUR),
    bothWrote: true,
    otherPresent: true,
    blocked: false,
    mineAt: null,
  };

  it("opens 24 hours after the first message, or at once when the listing is sold", () => {
    expect(ratingWindow(base, NOW)).toEqual({ state: "open" });
    expect(ratingWindow({ ...base, firstMessageAt: ago(23 * HOUR) }, NOW)).toEqual({
      state: "wait",
      opensAt: new Date(NOW.getTime() + HOUR),
    });
    expect(
      ratingWindow({ ...base, firstMessageAt: ago(HOUR), listingStatus: "sold" }, NOW),
    ).toEqual({
      state: "open",
    });
  });

  it("needs both sides to have written, nobody blocked and the other still a member", () => {
    expect(ratingWindow({ ...base, bothWrote: false }, NOW)).toMatchObject({
      reason: "RATING_NO_EXCHANGE",
    });
    expect(ratingWindow({ ...base, firstMessageAt: null }, NOW)).toMatchObject({
      reason: "RATING_NO_EXCHANGE",
    });
    expect(ratingWindow({ ...base, blocked: true }, NOW)).toMatchObject({
      reason: "RATING_BLOCKED",
    });
    expect(ratingWindow({ ...base, otherPresent: false }, NOW)).toMatchObject({
      reason: "CONVERSATION_CLOSED",
    });
  });

  it("lets a rating be changed for 7 days, then never", () => {
    expect(ratingWindow({ ...base, mineAt: ago(6 * DAY) }, NOW)).toEqual({
      state: "editable",
      until: new Date(NOW.getTime() + DAY),
    });
    expect(ratingWindow({ ...base, mineAt: ago(7 * DAY) }, NOW)).toEqual({ state: "closed" });
  });
});

describe("rating a member", () => {
  it("lets each side rate the other once for the listing, as seller and as buyer", async () => {
    const seller = await member();
    const buyer = await member();
    const { conversationId, listingId } = await exchange(seller, buyer);
    const byBuyer = await rate(buyer, conversationId);
    const bySeller = await rate(seller, conversationId, { stars: "4", tags: "on_time" });
    expect(byBuyer).toMatchObject({ changed: false, counts: true });
    expect(bySeller).toMatchObject({ changed: false, counts: true });
    const rows = await db.select().from(ratings).where(eq(ratings.conversationId, conversationId));
    expect(rows.map((r) => [r.raterId, r.ratedId, r.ratedAs, r.stars]).sort()).toEqual(
      [
        [buyer.id, seller.id, "seller", 5],
        [seller.id, buyer.id, "buyer", 4],
      ].sort(),
    );
    // A second rating is a change of the first, within seven days.
    const again = await rate(buyer, conversationId, { stars: "٢", comment: "Changed my mind" });
    expect(again).toMatchObject({ id: byBuyer.id, changed: true });
    const [changed] = await db.select().from(ratings).where(eq(ratings.id, byBuyer.id));
    expect(changed).toMatchObject({ stars: 2, comment: "Changed my mind", tags: [] });
    // Deleting the listing keeps the rating and its title.
    await db.delete(listings).where(eq(listings.id, listingId));
    const [kept] = await db.select().from(ratings).where(eq(ratings.id, byBuyer.id));
    expect(kept).toMatchObject({
      listingId: null,
      conversationId: null,
      listingTitle: "Grey sofa",
    });
  });

  it("refuses strangers, one-sided conversations, too early, blocked and closed ones", async () => {
    const seller = await member();
    const buyer = await member();
    const stranger = await member();
    const { conversationId } = await exchange(seller, buyer);
    await expectCode(rate(stranger, conversationId), "NOT_FOUND");
    await expectCode(rate(buyer, "not-a-uuid"), "NOT_FOUND");
    await expectCode(rate(buyer, "00000000-0000-4000-8000-000000000000"), "NOT_FOUND");
    // A stranger's malformed form still gets 404, not the form's error.
    await expectCode(rate(stranger, conversationId, { stars: "9" }), "NOT_FOUND");
    await expectCode(rate(buyer, conversationId, { stars: "9" }), "RATING_STARS_REQUIRED");

    const oneSided = await exchange(seller, buyer, [{ by: "buyer", at: ago(3 * DAY) }]);
    await expectCode(rate(buyer, oneSided.conversationId), "RATING_NO_EXCHANGE");
    await expectCode(rate(seller, oneSided.conversationId), "RATING_NO_EXCHANGE");
    const silent = await exchange(seller, buyer, []);
    await expectCode(rate(buyer, silent.conversationId), "RATING_NO_EXCHANGE");

    const early = await exchange(seller, buyer, [
      { by: "buyer", at: ago(3 * HOUR) },
      { by: "seller", at: ago(2 * HOUR) },
    ]);
    const refused = rate(buyer, early.conversationId);
    await expect(refused).rejects.toMatchObject({
      code: "RATING_TOO_EARLY",
      params: { seconds: 21 * 3600 },
    });
    expect(appErrorMessage("en", await refused.catch((e) => e))).toBe(
      "You can rate this member in 21 hours, or as soon as the listing is marked sold.",
    );
    // Sold: at once.
    await db
      .update(listings)
      .set({ status: "sold" })
      .where(
        sql`${listings.id} = (select listing_id from conversations where id = ${early.conversationId})`,
      );
    await expect(rate(buyer, early.conversationId)).resolves.toMatchObject({ changed: false });

    const blocked = await exchange(seller, buyer);
    await db.insert(blocks).values({ blockerId: seller.id, blockedId: buyer.id });
    await expectCode(rate(buyer, blocked.conversationId), "RATING_BLOCKED");
    await expectCode(rate(seller, blocked.conversationId), "RATING_BLOCKED");
    await db.delete(blocks);

    const old = await exchange(seller, buyer);
    await rate(buyer, old.conversationId);
    await db
      .update(ratings)
      .set({ createdAt: ago(8 * DAY) })
      .where(eq(ratings.conversationId, old.conversationId));
    await expectCode(rate(buyer, old.conversationId), "RATING_EDIT_CLOSED");
  });

  it("gives one rating for a double submit", async () => {
    const seller = await member();
    const buyer = await member();
    const { conversationId } = await exchange(seller, buyer);
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => rate(buyer, conversationId)),
    );
    expect(results.every((r) => r.status === "fulfilled")).toBe(true);
    const rows = await db.select().from(ratings).where(eq(ratings.conversationId, conversationId));
    expect(rows).toHaveLength(1);
  });
});

describe("what counts in the average", () => {
  it("is shown from 3 counted ratings, with one decimal", async () => {
    expect(toRatingSummary({ n: 2, avg: 5 })).toEqual({ count: 2, average: null });
    expect(toRatingSummary({ n: 3, avg: 4.666 })).toEqual({ count: 3, average: 4.7 });
    expect(toRatingSummary(null)).toEqual({ count: 0, average: null });
  });

  it("counts members in good standing, one per network a day, not suspended or removed", async () => {
    const seller = await member();
    const fresh = await member({ age: 2 * HOUR });
    const unconfirmed = await member({ confirmed: false });
    const byPhone = await member({ confirmed: false, phone: true });
    const friendA = await member();
    const friendB = await member();
    const later = await member();

    await expect(
      rate(fresh, (await exchange(seller, fresh)).conversationId),
    ).resolves.toMatchObject({ counts: false });
    await expect(
      rate(unconfirmed, (await exchange(seller, unconfirmed)).conversationId),
    ).resolves.toMatchObject({
      counts: false,
    });
    await expect(
      rate(byPhone, (await exchange(seller, byPhone)).conversationId),
    ).resolves.toMatchObject({
      counts: true,
    });
    // Two accounts on one connection on one day: the first counts.
    const a = await rate(
      friendA,
      (await exchange(seller, friendA)).conversationId,
      { stars: "1" },
      { network: "home" },
    );
    const b = await rate(
      friendB,
      (await exchange(seller, friendB)).conversationId,
      { stars: "1" },
      { network: "home" },
    );
    expect([a.counts, b.counts]).toEqual([true, false]);
    // The next day the same network counts again.
    const c = await rate(later, (await exchange(seller, later)).conversationId, good, {
      network: "home",
      now: new Date(NOW.getTime() + DAY + HOUR),
    });
    expect(c.counts).toBe(true);
    expect(await summaryOf(seller.id)).toEqual({ count: 3, average: 3.7 });

    await db.update(users).set({ suspendedAt: NOW }).where(eq(users.id, friendA.id));
    expect(await summaryOf(seller.id)).toEqual({ count: 2, average: null });
    const shown = await listRatingsOf({ db, memberId: seller.id, readerId: null });
    expect(shown.map((r) => r.stars).sort()).toEqual([1, 5, 5, 5, 5]);
  });

  it("is exact when ten accounts from one network rate at once", async () => {
    const seller = await member();
    const buyers = await Promise.all(Array.from({ length: 10 }, () => member()));
    const talks: { conversationId: string }[] = [];
    for (const buyer of buyers) talks.push(await exchange(seller, buyer));
    const given = await Promise.all(
      buyers.map((buyer, i) =>
        rate(buyer, talks[i]?.conversationId ?? "", { stars: "1" }, { network: "farm" }),
      ),
    );
    expect(given.filter((g) => g.counts)).toHaveLength(1);
    expect((await summaryOf(seller.id)).count).toBe(1);
  });
});

describe("answers, reports and moderation", () => {
  it("lets the rated member answer once, publicly; nobody else", async () => {
    const seller = await member();
    const buyer = await member();
    const stranger = await member();
    const { conversationId } = await exchange(seller, buyer);
    const { id } = await rate(buyer, conversationId, { stars: "2", comment: "Late" });
    await expectCode(
      answerRating({ db, member: buyer, input: { ratingId: id, reply: "Hi" } }),
      "NOT_FOUND",
    );
    await expectCode(
      answerRating({ db, member: stranger, input: { ratingId: id, reply: "Hi" } }),
      "NOT_FOUND",
    );
    await expectCode(
      answerRating({ db, member: seller, input: { ratingId: "../x", reply: "Hi" } }),
      "NOT_FOUND",
    );
    await expect(
      answerRating({ db, member: seller, input: { ratingId: id, reply: "  " } }),
    ).rejects.toMatchObject({
      code: "RATING_REPLY_EMPTY",
      field: "reply",
    });
    await expectCode(
      answerRating({ db, member: seller, input: { ratingId: id, reply: "x".repeat(501) } }),
      "RATING_REPLY_TOO_LONG",
    );
    await answerRating({
      db,
      member: seller,
      input: { ratingId: id, reply: "The bus broke down." },
    });
    await expectCode(
      answerRating({ db, member: seller, input: { ratingId: id, reply: "Again" } }),
      "RATING_ALREADY_ANSWERED",
    );
    const [shown] = await listRatingsOf({ db, memberId: seller.id, readerId: null });
    expect(shown).toMatchObject({ reply: "The bus broke down.", ratedAs: "seller" });
  });

  it("takes reports once per member; moderators remove a rating with a reason, in the audit log", async () => {
    const seller = await member();
    const buyer = await member();
    const reader = await member();
    const mod = await member();
    await db.update(users).set({ role: "moderator" }).where(eq(users.id, mod.id));
    const { conversationId } = await exchange(seller, buyer);
    const { id } = await rate(buyer, conversationId, { stars: "1", comment: "Scammer!!" });

    await expectCode(
      reportRating({ db, member: buyer, input: { ratingId: id } }),
      "CANNOT_REPORT_OWN_RATING",
    );
    await reportRating({ db, member: seller, input: { ratingId: id, details: "We never met" } });
    await reportRating({ db, member: reader, input: { ratingId: id } });
    await expectCode(
      reportRating({ db, member: reader, input: { ratingId: id } }),
      "ALREADY_REPORTED",
    );
    expect(
      (await listRatingsOf({ db, memberId: seller.id, readerId: reader.id }))[0],
    ).toMatchObject({ reported: true });

    await expectCode(
      listReportedRatings({ db, actor: { id: seller.id, role: "member" } }),
      "NOT_FOUND",
    );
    await expectCode(
      removeRating({ db, actor: { id: seller.id, role: "member" }, ratingId: id, reason: "x" }),
      "NOT_FOUND",
    );
    await expectCode(removeRating({ db, actor: null, ratingId: id, reason: "x" }), "NOT_FOUND");
    const queue = await listReportedRatings({ db, actor: { id: mod.id, role: "moderator" } });
    expect(queue.find((q) => q.id === id)).toMatchObject({
      reports: 2,
      details: ["We never met"],
      stars: 1,
    });

    await expectCode(
      removeRating({ db, actor: { id: mod.id, role: "moderator" }, ratingId: id, reason: " " }),
      "MODERATION_REASON_REQUIRED",
    );
    await removeRating({
      db,
      actor: { id: mod.id, role: "moderator" },
      ratingId: id,
      reason: "No exchange took place",
    });
    expect(await listRatingsOf({ db, memberId: seller.id, readerId: null })).toEqual([]);
    expect((await summaryOf(seller.id)).count).toBe(0);
    const [audit] = await db
      .select()
      .from(moderationActions)
      .where(eq(moderationActions.action, "remove_rating"));
    expect(audit).toMatchObject({
      moderatorId: mod.id,
      targetUserId: buyer.id,
      reason: "No exchange took place",
    });
    expect(
      (await listReportedRatings({ db, actor: { id: mod.id, role: "moderator" } })).find(
        (q) => q.id === id,
      ),
    ).toBeUndefined();
    await expectCode(reportRating({ db, member: reader, input: { ratingId: id } }), "NOT_FOUND");

    // Dismissing keeps the rating and closes its reports.
    const other = await exchange(seller, reader);
    const kept = await rate(reader, other.conversationId);
    await expectCode(
      dismissRatingReports({ db, actor: { id: mod.id, role: "moderator" }, ratingId: kept.id }),
      "NO_OPEN_REPORTS",
    );
    await reportRating({ db, member: seller, input: { ratingId: kept.id } });
    await dismissRatingReports({ db, actor: { id: mod.id, role: "moderator" }, ratingId: kept.id });
    expect(
      (await listRatingsOf({ db, memberId: seller.id, readerId: null })).map((r) => r.id),
    ).toEqual([kept.id]);
  });
});
