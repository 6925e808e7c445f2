import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { conversationReports, listings, reports, sessions, users } from "~/db/schema";
import { VISIBLE_STATUSES } from "~/domain/listings/listing-status";
import { AppError } from "~/utils/app-error";
import {
  HELD_FOR_REPORTS,
  HELD_FOR_REPORTS_SOLD,
  OWNER_SUSPENDED,
  OWNER_SUSPENDED_SOLD,
} from "./moderation-schemas";
import { type Decision, decide, recordAction } from "./moderator.server";

const MEMBER_ID_MAX = 200;

/** The member a suspension is about, locked; NOT_FOUND for garbage or an unknown id. */
export async function lockMember(db: Pick<Database, "select">, userId: unknown) {
  if (typeof userId !== "string" || !userId || userId.length > MEMBER_ID_MAX) {
    throw new AppError("NOT_FOUND");
  }
  const [member] = await db
    .select({ id: users.id, role: users.role, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
    .for("update");
  if (!member) throw new AppError("NOT_FOUND");
  return member;
}

/** A moderator's decision about a member (suspend, lift): who decides, about whom, and why. */
export type MemberDecision = Decision<{ userId: unknown }>;

/**
 * A moderator suspends a member: they cannot sign in (the sign-in page says why), every session
 * they had ends now, and their visible listings — and those held for review — are hidden with the
 * reason OWNER_SUSPENDED until the suspension is lifted. Reports on them — their listings, and
 * conversations reported because of them — are closed as acted on.
 * Moderators cannot be suspended (demote them from the command line first), which also keeps a
 * moderator from locking themselves out.
 */
export async function suspendMember({
  db,
  actor,
  userId,
  reason: rawReason,
}: MemberDecision): Promise<{ hiddenListings: number }> {
  return decide(db, actor, rawReason, async (tx, moderator, reason) => {
    const member = await lockMember(tx, userId);
    if (member.role === "moderator") throw new AppError("CANNOT_SUSPEND_MODERATOR");
    if (member.suspendedAt) throw new AppError("MEMBER_ALREADY_SUSPENDED");

    await tx
      .update(users)
      .set({ suspendedAt: sql`now()`, suspensionReason: reason, updatedAt: sql`now()` })
      .where(eq(users.id, member.id));
    await tx.delete(sessions).where(eq(sessions.userId, member.id));
    const hidden = await tx
      .update(listings)
      .set({
        status: "removed",
        removalReason: sql`case when ${listings.status} = 'sold' or ${listings.removalReason} = ${HELD_FOR_REPORTS_SOLD} then ${OWNER_SUSPENDED_SOLD} else ${OWNER_SUSPENDED} end`,
        statusBeforeRemoval: sql`case when ${listings.status} = 'removed' then ${listings.statusBeforeRemoval} else ${listings.status} end`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(listings.userId, member.id),
          or(
            inArray(listings.status, [...VISIBLE_STATUSES]),
            and(
              eq(listings.status, "removed"),
              inArray(listings.removalReason, [HELD_FOR_REPORTS, HELD_FOR_REPORTS_SOLD]),
            ),
          ),
        ),
      )
      .returning({ id: listings.id });
    await tx
      .update(reports)
      .set({ status: "actioned", resolvedBy: moderator.id, resolvedAt: sql`now()` })
      .where(
        and(
          eq(reports.status, "open"),
          inArray(
            reports.listingId,
            tx.select({ id: listings.id }).from(listings).where(eq(listings.userId, member.id)),
          ),
        ),
      );
    // Conversations reported because of them (issue 31): acted on, and no longer open to read.
    await tx
      .update(conversationReports)
      .set({ status: "actioned", resolvedBy: moderator.id, resolvedAt: sql`now()` })
      .where(
        and(eq(conversationReports.status, "open"), eq(conversationReports.reportedId, member.id)),
      );
    await recordAction(tx, {
      moderatorId: moderator.id,
      action: "suspend_member",
      targetUserId: member.id,
      reason,
    });
    return { hiddenListings: hidden.length };
  });
}
