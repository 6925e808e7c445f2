import { and, eq, sql } from "drizzle-orm";
import { type Database, selectRows } from "~/db/client.server";
import { conversationReports, conversations, users } from "~/db/schema";
import type { Member } from "~/domain/accounts/session.server";
import type { ListingStatus } from "~/domain/listings/listing-status";
import {
  type ConversationReportReason,
  conversationReportSchema,
} from "~/domain/moderation/moderation-schemas";
import {
  type Actor,
  assertModerator,
  decide,
  recordAction,
} from "~/domain/moderation/moderator.server";
import {
  parseReportWith,
  type ReportInput,
  spendReportBudget,
} from "~/domain/moderation/report-listing.server";
import { AppError } from "~/utils/app-error";
import { findConversationAsParty, isConversationId } from "./conversation-access.server";
import { type ThreadMessage, threadMessages } from "./get-conversation.server";

/*
 * Reported conversations (issue 31). A party reports the other — a deposit asked for, a fake
 * transfer receipt, threats — and while the report is open, moderators may read the conversation
 * and its photos, which are otherwise the two members' alone. A moderator dismisses the reports,
 * or suspends the reported member, which closes them as acted on (suspend-member.server.ts).
 */

/**
 * One party reports the conversation, once. A stranger, a visitor and a malformed id learn
 * nothing (NOT_FOUND / AUTH_REQUIRED); reports of every kind share the member's and the network's
 * daily budget (spendReportBudget).
 */
export async function reportConversation({
  db,
  member,
  conversationId,
  input,
  ip = "",
}: {
  db: Database;
  member: Pick<Member, "id"> | null;
  conversationId: unknown;
  input: ReportInput;
  ip?: string;
}): Promise<void> {
  if (!member) throw new AppError("AUTH_REQUIRED");
  const party = await findConversationAsParty(db, member, conversationId);
  const report = parseReportWith(conversationReportSchema, input);
  // The other party left Souqna: nobody is left to act on.
  if (!party.otherId) throw new AppError("CONVERSATION_CLOSED");
  await spendReportBudget(db, member.id, ip);
  const [reporter] = await db
    .select({ suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.id, member.id))
    .limit(1);
  if (!reporter) throw new AppError("AUTH_REQUIRED");
  if (reporter.suspendedAt) throw new AppError("ACCOUNT_SUSPENDED");
  const inserted = await db
    .insert(conversationReports)
    .values({
      conversationId: party.id,
      reporterId: member.id,
      reportedId: party.otherId,
      reason: report.reason,
      details: report.details,
    })
    .onConflictDoNothing()
    .returning({ id: conversationReports.id });
  if (inserted.length === 0) throw new AppError("CONVERSATION_ALREADY_REPORTED");
}

/**
 * What the report page needs: the conversation (NOT_FOUND for anyone but its two parties), whether
 * the member has reported it already, and whether the other party left (nothing to report).
 */
export async function conversationReportState({
  db,
  member,
  conversationId,
}: {
  db: Database;
  member: Pick<Member, "id">;
  conversationId: unknown;
}): Promise<{ id: string; reported: boolean; closed: boolean }> {
  const party = await findConversationAsParty(db, member, conversationId);
  const [mine] = await db
    .select({ id: conversationReports.id })
    .from(conversationReports)
    .where(
      and(
        eq(conversationReports.conversationId, party.id),
        eq(conversationReports.reporterId, member.id),
      ),
    )
    .limit(1);
  return { id: party.id, reported: Boolean(mine), closed: !party.otherId };
}

/** A party of a reported conversation, as moderators see them. */
export interface ReportedParty {
  id: string;
  name: string | null;
  suspended: boolean;
}

export interface ConversationReportEntry {
  reporterId: string | null;
  reportedId: string | null;
  reason: ConversationReportReason;
  details: string;
  at: Date;
}

export interface ReportedConversationSummary {
  id: string;
  listingId: string;
  /** As posted: one of the two may be empty. */
  listingTitle: string;
  listingTitleAr: string;
  /** Null once they deleted their account. */
  buyer: ReportedParty | null;
  seller: ReportedParty | null;
  reports: ConversationReportEntry[];
  firstReportedAt: Date;
}

const partyColumns = (alias: "b" | "s") =>
  sql.raw(`case when ${alias}u.id is null then null else json_build_object(
      'id', ${alias}u.id,
      'name', coalesce(nullif(trim(${alias}p.full_name), ''), nullif(trim(${alias}u.name), '')),
      'suspended', ${alias}u.suspended_at is not null) end`);

const openReportsColumn = sql.raw(`(select json_agg(json_build_object(
      'reporterId', r.reporter_id, 'reportedId', r.reported_id, 'reason', r.reason,
      'details', r.details, 'at', r.created_at) order by r.created_at)
    from conversation_reports r where r.conversation_id = c.id and r.status = 'open')`);

type SummaryRow = {
  id: string;
  listing_id: string;
  title: string;
  title_ar: string;
  buyer: unknown;
  seller: unknown;
  reports: unknown;
};

function json<T>(value: unknown): T | null {
  if (value === null || value === undefined) return null;
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}

function toSummary(row: SummaryRow): ReportedConversationSummary {
  const reports = (
    json<(Omit<ConversationReportEntry, "at"> & { at: string })[]>(row.reports) ?? []
  ).map((r) => ({ ...r, at: new Date(r.at) }));
  return {
    id: row.id,
    listingId: row.listing_id,
    listingTitle: row.title,
    listingTitleAr: row.title_ar,
    buyer: json<ReportedParty>(row.buyer),
    seller: json<ReportedParty>(row.seller),
    reports,
    firstReportedAt: reports[0]?.at ?? new Date(0),
  };
}

const summarySelect = sql`select c.id, c.listing_id, l.title, l.title_ar,
      ${partyColumns("b")} as buyer, ${partyColumns("s")} as seller,
      ${openReportsColumn} as reports
    from conversations c
    join listings l on l.id = c.listing_id
    left join users bu on bu.id = c.buyer_id left join profiles bp on bp.id = bu.id
    left join users su on su.id = c.seller_id left join profiles sp on sp.id = su.id`;

/** The conversations with open reports, the longest waiting first, for the moderators' queue. */
export async function listReportedConversations({
  db,
  actor,
  limit = 50,
}: {
  db: Database;
  actor: Actor;
  limit?: number;
}): Promise<ReportedConversationSummary[]> {
  await assertModerator(db, actor);
  const rows = await selectRows<SummaryRow>(
    db,
    sql`${summarySelect}
        join (select conversation_id, min(created_at) as first_at from conversation_reports
              where status = 'open' group by conversation_id) q on q.conversation_id = c.id
        order by q.first_at asc, c.id
        limit ${limit}`,
  );
  return rows.map(toSummary);
}

export interface ReportedConversation extends ReportedConversationSummary {
  listingStatus: ListingStatus;
  /** Oldest first: the latest messages, as the parties see them. */
  messages: ThreadMessage[];
  hasEarlier: boolean;
}

/**
 * A reported conversation as a moderator reads it: only while a report on it is open, and only
 * for a moderator (checked from the database); anyone else, and any other conversation, gets
 * NOT_FOUND.
 */
export async function getReportedConversation({
  db,
  actor,
  conversationId,
}: {
  db: Database;
  actor: Actor;
  conversationId: unknown;
}): Promise<ReportedConversation> {
  await assertModerator(db, actor);
  if (!isConversationId(conversationId)) throw new AppError("NOT_FOUND");
  const id = conversationId.toLowerCase();
  const [row] = await selectRows<SummaryRow & { status: ListingStatus }>(
    db,
    sql`select q.*, l.status from (${summarySelect} where c.id = ${id}) q
        join listings l on l.id = q.listing_id
        where q.reports is not null`,
  );
  if (!row) throw new AppError("NOT_FOUND");
  const { messages, hasEarlier } = await threadMessages(db, id);
  return { ...toSummary(row), listingStatus: row.status, messages, hasEarlier };
}

/**
 * A moderator finds nothing to act on: the conversation's open reports are closed as dismissed,
 * which also ends moderators' access to it; the audit log keeps who, why and which conversation.
 */
export async function dismissConversationReports({
  db,
  actor,
  conversationId,
  reason: rawReason,
}: {
  db: Database;
  actor: Actor;
  conversationId: unknown;
  reason: unknown;
}): Promise<{ dismissed: number }> {
  return decide(db, actor, rawReason, async (tx, moderator, reason) => {
    if (!isConversationId(conversationId)) throw new AppError("NOT_FOUND");
    const id = conversationId.toLowerCase();
    const closed = await tx
      .update(conversationReports)
      .set({ status: "dismissed", resolvedBy: moderator.id, resolvedAt: sql`now()` })
      .where(
        and(eq(conversationReports.conversationId, id), eq(conversationReports.status, "open")),
      )
      .returning({ reportedId: conversationReports.reportedId });
    if (closed.length === 0) throw new AppError("NO_OPEN_REPORTS");
    const [conversation] = await tx
      .select({ listingId: conversations.listingId })
      .from(conversations)
      .where(eq(conversations.id, id))
      .limit(1);
    await recordAction(tx, {
      moderatorId: moderator.id,
      action: "dismiss_conversation_reports",
      listingId: conversation?.listingId ?? null,
      targetUserId: closed.find((report) => report.reportedId)?.reportedId ?? null,
      reason,
      details: { conversationId: id, reports: closed.length },
    });
    return { dismissed: closed.length };
  });
}
