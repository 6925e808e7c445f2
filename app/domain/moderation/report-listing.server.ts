import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "~/db/client.server";
import { listings, reports, users } from "~/db/schema";
import { hitRateLimits, type RateLimitRule } from "~/domain/accounts/rate-limit.server";
import type { Member } from "~/domain/accounts/session.server";
import { isVisibleStatus } from "~/domain/listings/listing-status";
import { isListingId } from "~/domain/listings/listings-schemas";
import { AppError } from "~/utils/app-error";
import {
  AUTO_HIDE_REPORTERS,
  conversationReportSchema,
  HELD_FOR_REPORTS,
  HELD_FOR_REPORTS_SOLD,
  type ReportReason,
  reportSchema,
  TRUSTED_REPORTER_MIN_AGE_DAYS,
} from "./moderation-schemas";
import { recordAction } from "./moderator.server";

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * A person reports a few listings or conversations a day at most; a campaign against a rival
 * reports many. One budget for both kinds.
 */
const REPORTS_PER_MEMBER: RateLimitRule = { name: "report:member", max: 10, windowSeconds: 86_400 };
const REPORTS_PER_IP: RateLimitRule = { name: "report:ip", max: 30, windowSeconds: 86_400 };

/**
 * Counts a report against the member's and the network's daily budget — for listings and
 * conversations (conversation-reports.server.ts) alike — or refuses it with RATE_LIMITED.
 */
export async function spendReportBudget(db: Database, memberId: string, ip: string) {
  const limited = await hitRateLimits(db, [
    [REPORTS_PER_MEMBER, memberId],
    [REPORTS_PER_IP, ip],
  ]);
  if (limited.limited) throw new AppError("RATE_LIMITED", { seconds: limited.retryAfterSeconds });
}

export interface ReportInput {
  reason: unknown;
  details: unknown;
}

const REPORT_CODES = [
  "REPORT_REASON_REQUIRED",
  "CONVERSATION_REPORT_REASON_REQUIRED",
  "REPORT_DETAILS_REQUIRED",
  "REPORT_DETAILS_TOO_LONG",
] as const;

type ReportSchema = typeof reportSchema | typeof conversationReportSchema;

/** The report as it will be stored (by `schema`), or what to fix, where. */
export function parseReportWith<S extends ReportSchema>(schema: S, input: ReportInput) {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data as z.output<S>;
  const [issue] = parsed.error.issues;
  const missing =
    schema === conversationReportSchema
      ? "CONVERSATION_REPORT_REASON_REQUIRED"
      : "REPORT_REASON_REQUIRED";
  const code = REPORT_CODES.find((known) => known === issue?.message) ?? missing;
  throw new AppError(code, { field: String(issue?.path[0] ?? "reason") });
}

/** A listing's report as it will be stored (moderation-schemas' reportSchema), or what to fix. */
export function parseReport(input: ReportInput): { reason: ReportReason; details: string } {
  return parseReportWith(reportSchema, input);
}

/**
 * A signed-in member reports someone else's visible listing, once. When AUTO_HIDE_REPORTERS
 * different members have open reports on it, it is hidden (status removed, reason
 * HELD_FOR_REPORTS) until a moderator decides, and the audit log says the system did it.
 * The listing row is locked for the check, so simultaneous reports cannot both miss the threshold.
 */
export async function reportListing({
  db,
  member,
  listingId,
  input,
  ip = "",
}: {
  db: Database;
  member: Pick<Member, "id"> | null;
  listingId: string;
  input: ReportInput;
  /** The reporter's address: reports are limited per member and per network. */
  ip?: string;
}): Promise<{ held: boolean }> {
  if (!member) throw new AppError("AUTH_REQUIRED");
  if (!isListingId(listingId)) throw new AppError("INVALID_LISTING_ID");
  const report = parseReport(input);
  const id = listingId.toLowerCase();
  await spendReportBudget(db, member.id, ip);

  return db.transaction(async (tx) => {
    const [reporter] = await tx
      .select({ suspendedAt: users.suspendedAt })
      .from(users)
      .where(eq(users.id, member.id))
      .limit(1);
    if (!reporter) throw new AppError("AUTH_REQUIRED");
    if (reporter.suspendedAt) throw new AppError("ACCOUNT_SUSPENDED");

    const [listing] = await tx
      .select({ id: listings.id, userId: listings.userId, status: listings.status })
      .from(listings)
      .where(eq(listings.id, id))
      .limit(1)
      .for("update");
    if (!listing) throw new AppError("LISTING_NOT_FOUND");
    if (listing.userId === member.id) throw new AppError("CANNOT_REPORT_OWN_LISTING");
    // Hidden listings are not there for anyone but their owner.
    if (!isVisibleStatus(listing.status)) throw new AppError("LISTING_NOT_FOUND");

    const inserted = await tx
      .insert(reports)
      .values({ listingId: id, reporterId: member.id, ...report })
      .onConflictDoNothing()
      .returning({ id: reports.id });
    if (inserted.length === 0) throw new AppError("ALREADY_REPORTED");

    const reporters = await tx
      .select({
        id: reports.reporterId,
        emailVerified: users.emailVerified,
        phoneVerified: sql<boolean>`exists (select 1 from profiles p
          where p.id = ${users.id} and p.phone_verified_at is not null)`,
        createdAt: users.createdAt,
        suspendedAt: users.suspendedAt,
      })
      .from(reports)
      .innerJoin(users, eq(users.id, reports.reporterId))
      .where(
        and(eq(reports.listingId, id), eq(reports.status, "open"), isNotNull(reports.reporterId)),
      );
    const standing = reporters.map((r) => ({
      reporterId: r.id,
      emailVerified: r.emailVerified,
      accountAgeDays: Math.floor((Date.now() - r.createdAt.getTime()) / DAY_MS),
      counted:
        (r.emailVerified || r.phoneVerified === true) &&
        !r.suspendedAt &&
        Date.now() - r.createdAt.getTime() >= TRUSTED_REPORTER_MIN_AGE_DAYS * DAY_MS,
    }));
    if (standing.filter((r) => r.counted).length < AUTO_HIDE_REPORTERS) return { held: false };

    const code = listing.status === "sold" ? HELD_FOR_REPORTS_SOLD : HELD_FOR_REPORTS;
    await tx
      .update(listings)
      .set({
        status: "removed",
        removalReason: code,
        statusBeforeRemoval: listing.status,
        updatedAt: sql`now()`,
      })
      .where(eq(listings.id, id));
    await recordAction(tx, {
      moderatorId: null,
      action: "auto_hide",
      listingId: id,
      targetUserId: listing.userId,
      reason: code,
      details: { reporters: standing },
    });
    return { held: true };
  });
}
