import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { queryStatsStorage } from "~/db/query-stats.server";
import { conversationReports, listings, moderationActions, users } from "~/db/schema";
import { suspendMember } from "~/domain/moderation/suspend-member.server";
import { createLocalStorage, type MediaDriver } from "~/media/storage.server";
import type { AppErrorCode } from "~/utils/app-error";
import { toReportedConversationView } from "~/views/messaging/conversation-report-view.server";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import {
  conversationReportState,
  dismissConversationReports,
  getReportedConversation,
  listReportedConversations,
  reportConversation,
} from "./conversation-reports.server";
import { noLiveEvents } from "./live-events";
import { messagePhotoFor, stageMessagePhoto } from "./message-photos.server";
import { sendMessage } from "./send-message.server";
import { startConversation } from "./start-conversation.server";

/*
 * Reported conversations (issue 31): who may report (the two parties only), what a report must
 * say, how often, and what moderators may then read — the messages and their photos, only while a
 * report is open — and how their decisions close it.
 */

let database: TestDatabase;
let db: Database;
let dataDir: string;
let storage: MediaDriver;
let jpeg: Uint8Array;

const SELLER = { id: "cr-seller" };
const BUYER = { id: "cr-buyer" };
const STRANGER = { id: "cr-stranger" };
const MODERATOR = { id: "cr-moderator", role: "moderator" as const };
const live = noLiveEvents;

let clock = Date.UTC(2033, 0, 1);
const tick = () => {
  clock += 61 * 60_000;
  return clock;
};

async function expectCode(promise: Promise<unknown>, code: AppErrorCode) {
  await expect(promise).rejects.toMatchObject({ name: "AppError", code });
}

/** A fresh listing of the seller's and `buyer`'s conversation about it. */
async function conversation(buyer: { id: string } = BUYER, seller: { id: string } = SELLER) {
  const [listing] = await db
    .insert(listings)
    .values({ userId: seller.id, categoryId: 5, title: "Kia Rio 2012", price: 5_000_000 })
    .returning({ id: listings.id });
  const sent = await startConversation({
    db,
    live,
    member: buyer,
    listingId: listing?.id ?? "",
    body: "Is it still available?",
    now: tick(),
  });
  return sent.conversationId;
}

const scam = { reason: "scam", details: "Asked for a 500,000 SYP deposit by cash mobile first" };

async function member(id: string, extra: Partial<typeof users.$inferInsert> = {}) {
  await db
    .insert(users)
    .values({ id, name: id, email: `${id}@example.com`, emailVerified: true, ...extra });
  return { id };
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-conversation-reports-"));
  storage = createLocalStorage(dataDir);
  jpeg = new Uint8Array(
    await sharp({ create: { width: 800, height: 600, channels: 3, background: "#a73" } })
      .jpeg()
      .toBuffer(),
  );
  await member(SELLER.id, { name: "Rania" });
  await member(BUYER.id, { name: "Samer" });
  await member(STRANGER.id, { name: "Nour" });
  await member(MODERATOR.id, { name: "Mod", role: "moderator" });
});

afterAll(async () => {
  await database?.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("reporting a conversation", () => {
  it("is for its two parties: a stranger, a visitor and a malformed id learn nothing", async () => {
    const conversationId = await conversation();
    await expectCode(
      reportConversation({ db, member: STRANGER, conversationId, input: scam }),
      "NOT_FOUND",
    );
    await expectCode(
      reportConversation({ db, member: null, conversationId, input: scam }),
      "AUTH_REQUIRED",
    );
    for (const bad of ["not-a-uuid", "../../etc/passwd", crypto.randomUUID(), 42, null]) {
      await expectCode(
        reportConversation({ db, member: BUYER, conversationId: bad, input: scam }),
        "NOT_FOUND",
      );
    }
    expect(await db.select().from(conversationReports)).toHaveLength(0);

    // The buyer reports the seller; the seller may report the buyer too, each once.
    await reportConversation({ db, member: BUYER, conversationId, input: scam, ip: "10.0.0.1" });
    await expectCode(
      reportConversation({ db, member: BUYER, conversationId, input: scam }),
      "CONVERSATION_ALREADY_REPORTED",
    );
    await reportConversation({
      db,
      member: SELLER,
      conversationId: conversationId.toUpperCase(),
      input: { reason: "harassment", details: "" },
    });
    const rows = await db
      .select()
      .from(conversationReports)
      .where(eq(conversationReports.conversationId, conversationId));
    expect(rows.map((r) => [r.reporterId, r.reportedId, r.reason, r.status]).sort()).toEqual([
      [BUYER.id, SELLER.id, "scam", "open"],
      [SELLER.id, BUYER.id, "harassment", "open"],
    ]);
    expect(await conversationReportState({ db, member: BUYER, conversationId })).toEqual({
      id: conversationId,
      reported: true,
      closed: false,
    });
    await expectCode(
      conversationReportState({ db, member: STRANGER, conversationId }),
      "NOT_FOUND",
    );
  });

  it("needs a known reason, and words for “other”; hostile text is kept as text", async () => {
    const conversationId = await conversation();
    const refusals: [unknown, AppErrorCode][] = [
      [{ reason: "", details: "" }, "CONVERSATION_REPORT_REASON_REQUIRED"],
      [{ reason: "prohibited", details: "" }, "CONVERSATION_REPORT_REASON_REQUIRED"],
      [
        { reason: "scam'; drop table users; --", details: "" },
        "CONVERSATION_REPORT_REASON_REQUIRED",
      ],
      [{ reason: ["scam"], details: "" }, "CONVERSATION_REPORT_REASON_REQUIRED"],
      [{ reason: "other", details: "   \n " }, "REPORT_DETAILS_REQUIRED"],
      [{ reason: "other", details: "ب".repeat(2001) }, "REPORT_DETAILS_TOO_LONG"],
    ];
    for (const [input, code] of refusals) {
      await expectCode(
        reportConversation({ db, member: BUYER, conversationId, input: input as never }),
        code,
      );
    }
    expect(
      await db
        .select()
        .from(conversationReports)
        .where(eq(conversationReports.conversationId, conversationId)),
    ).toHaveLength(0);
    const hostile = `<script>alert(1)</script> طلب عربون ٥٠٠٬٠٠٠ 😡`;
    await reportConversation({
      db,
      member: BUYER,
      conversationId,
      input: { reason: "other", details: hostile },
    });
    const [row] = await db
      .select({ details: conversationReports.details })
      .from(conversationReports)
      .where(eq(conversationReports.conversationId, conversationId));
    expect(row?.details).toBe(hostile);
  });

  it("shares a member's daily budget of reports, exactly, when sent all at once", async () => {
    const flooder = await member("cr-flooder");
    const ids = [];
    for (let i = 0; i < 12; i++) ids.push(await conversation(flooder));
    const results = await Promise.allSettled(
      ids.map((conversationId, i) =>
        reportConversation({ db, member: flooder, conversationId, input: scam, ip: `10.1.0.${i}` }),
      ),
    );
    const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason.code] : []));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
    expect(refused).toEqual(["RATE_LIMITED", "RATE_LIMITED"]);
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(conversationReports)
      .where(eq(conversationReports.reporterId, flooder.id));
    expect(count?.n).toBe(10);
  });

  it("is refused to a suspended member, and when the other party has left", async () => {
    // A buyer who deleted their account leaves the seller's conversation without anyone in it.
    const gone = await member("cr-gone");
    const conversationId = await conversation(gone);
    await db.delete(users).where(eq(users.id, gone.id));
    await expectCode(
      reportConversation({ db, member: SELLER, conversationId, input: scam }),
      "CONVERSATION_CLOSED",
    );
    const suspended = await member("cr-suspended");
    const other = await conversation(suspended);
    await db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.id));
    await expectCode(
      reportConversation({ db, member: suspended, conversationId: other, input: scam }),
      "ACCOUNT_SUSPENDED",
    );
  });
});

describe("moderators and a reported conversation", () => {
  it("read it with its photos while a report is open; nobody else does; dismissing ends it", async () => {
    const buyer = await member("cr-photo-buyer");
    const conversationId = await conversation(buyer);
    const photo = await stageMessagePhoto({
      db,
      storage,
      member: buyer,
      conversationId,
      uploadId: crypto.randomUUID(),
      bytes: jpeg,
    });
    await sendMessage({
      db,
      live,
      member: buyer,
      conversationId,
      body: "The receipt of my transfer",
      photoIds: [photo.id],
      now: tick(),
    });
    const ask = (who: { id: string; role?: "member" | "moderator" } | null) =>
      messagePhotoFor({ db, member: who, conversationId, photoId: photo.id, width: 320 });

    // Not reported: a moderator sees neither the conversation nor its photo.
    await expectCode(
      getReportedConversation({ db, actor: MODERATOR, conversationId }),
      "NOT_FOUND",
    );
    expect(await ask(MODERATOR)).toBeNull();

    await reportConversation({ db, member: SELLER, conversationId, input: scam });
    // The moderator's role, the conversation with its reports, its messages: three statements.
    const stats = { count: 0 };
    const read = await queryStatsStorage.run(stats, () =>
      getReportedConversation({ db, actor: MODERATOR, conversationId }),
    );
    expect(stats.count).toBe(3);
    expect(read.messages.map((m) => m.body)).toEqual([
      "Is it still available?",
      "The receipt of my transfer",
    ]);
    expect(read.messages[1]?.photos.map((p) => p.id)).toEqual([photo.id]);
    expect(read.reports).toMatchObject([
      { reporterId: SELLER.id, reportedId: buyer.id, reason: "scam" },
    ]);
    expect(await ask(MODERATOR)).toMatchObject({ key: expect.stringMatching(/^private\//) });
    // The parties as ever; a stranger, a visitor, and a member who only claims the role, never.
    expect(await ask(SELLER)).not.toBeNull();
    for (const outsider of [STRANGER, null, { id: STRANGER.id, role: "moderator" as const }])
      expect(await ask(outsider)).toBeNull();
    for (const actor of [
      STRANGER,
      SELLER,
      buyer,
      null,
      { id: STRANGER.id, role: "moderator" as const },
    ])
      await expectCode(
        getReportedConversation({ db, actor: actor as never, conversationId }),
        "NOT_FOUND",
      );

    // The queue lists it, oldest report first, with both parties named.
    const queueStats = { count: 0 };
    const queue = await queryStatsStorage.run(queueStats, () =>
      listReportedConversations({ db, actor: MODERATOR }),
    );
    expect(queueStats.count).toBe(2);
    const entry = queue.find((item) => item.id === conversationId);
    expect(entry).toMatchObject({
      buyer: { id: buyer.id, name: buyer.id, suspended: false },
      seller: { id: SELLER.id, name: "Rania", suspended: false },
    });
    await expectCode(listReportedConversations({ db, actor: STRANGER as never }), "NOT_FOUND");
    const view = toReportedConversationView("ar", read);
    // Posted with an English title only: the Arabic page falls back to it.
    expect(view.about).toBe("بخصوص «Kia Rio 2012»");
    expect(view.parties.map((p) => [p.role, p.canSuspend])).toEqual([
      ["المشتري", true],
      ["البائع", false],
    ]);
    expect(view.messages[1]?.photos[0]?.src).toBe(
      `/messages/${conversationId}/photos/${photo.id}/320`,
    );

    // A decision needs a reason and a moderator; then the reports close and access ends.
    await expectCode(
      dismissConversationReports({ db, actor: MODERATOR, conversationId, reason: "  " }),
      "MODERATION_REASON_REQUIRED",
    );
    await expectCode(
      dismissConversationReports({ db, actor: SELLER as never, conversationId, reason: "ok" }),
      "NOT_FOUND",
    );
    expect(
      await dismissConversationReports({
        db,
        actor: MODERATOR,
        conversationId,
        reason: "A real receipt: checked with the bank",
      }),
    ).toEqual({ dismissed: 1 });
    await expectCode(
      dismissConversationReports({ db, actor: MODERATOR, conversationId, reason: "again" }),
      "NO_OPEN_REPORTS",
    );
    await expectCode(
      getReportedConversation({ db, actor: MODERATOR, conversationId }),
      "NOT_FOUND",
    );
    expect(await ask(MODERATOR)).toBeNull();
    expect(await ask(SELLER)).not.toBeNull();
    const [logged] = await db
      .select()
      .from(moderationActions)
      .where(eq(moderationActions.action, "dismiss_conversation_reports"));
    expect(logged).toMatchObject({
      moderatorId: MODERATOR.id,
      targetUserId: buyer.id,
      reason: "A real receipt: checked with the bank",
      details: { conversationId, reports: 1 },
    });
  });

  it("suspending the reported member closes the reports about them as acted on", async () => {
    const scammer = await member("cr-scammer");
    const first = await conversation(scammer);
    const second = await conversation(scammer);
    const unrelated = await conversation();
    await reportConversation({ db, member: SELLER, conversationId: first, input: scam });
    await reportConversation({ db, member: SELLER, conversationId: second, input: scam });
    await reportConversation({ db, member: BUYER, conversationId: unrelated, input: scam });
    await suspendMember({
      db,
      actor: MODERATOR,
      userId: scammer.id,
      reason: "Fake transfer receipts in two conversations",
    });
    const rows = await db
      .select({ id: conversationReports.conversationId, status: conversationReports.status })
      .from(conversationReports)
      .where(
        sql`${conversationReports.conversationId} in (${sql.join(
          [first, second, unrelated].map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
    const status = Object.fromEntries(rows.map((r) => [r.id, r.status]));
    expect(status).toEqual({ [first]: "actioned", [second]: "actioned", [unrelated]: "open" });
    const queue = await listReportedConversations({ db, actor: MODERATOR });
    expect(queue.map((item) => item.id)).toContain(unrelated);
    expect(queue.map((item) => item.id)).not.toContain(first);
  });
});
