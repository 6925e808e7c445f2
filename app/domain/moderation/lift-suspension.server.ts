import { and, eq, inArray, sql } from "drizzle-orm";
import { listings, users } from "~/db/schema";
import { AppError } from "~/utils/app-error";
import { OWNER_SUSPENDED, OWNER_SUSPENDED_SOLD } from "./moderation-schemas";
import { decide, recordAction } from "./moderator.server";
import { lockMember, type MemberDecision } from "./suspend-member.server";

/**
 * A moderator lifts a suspension: the member can sign in again and the listings the suspension
 * hid come back as they were (active or sold). Listings a moderator removed stay removed.
 */
export async function liftSuspension({
  db,
  actor,
  userId,
  reason: rawReason,
}: MemberDecision): Promise<{ restoredListings: number }> {
  return decide(db, actor, rawReason, async (tx, moderator, reason) => {
    const member = await lockMember(tx, userId);
    if (!member.suspendedAt) throw new AppError("MEMBER_NOT_SUSPENDED");

    await tx
      .update(users)
      .set({ suspendedAt: null, suspensionReason: null, updatedAt: sql`now()` })
      .where(eq(users.id, member.id));
    const restored = await tx
      .update(listings)
      .set({
        status: sql`coalesce(${listings.statusBeforeRemoval}, case when ${listings.removalReason} = ${OWNER_SUSPENDED_SOLD} then 'sold' else 'active' end::listing_status)`,
        removalReason: null,
        statusBeforeRemoval: null,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(listings.userId, member.id),
          eq(listings.status, "removed"),
          inArray(listings.removalReason, [OWNER_SUSPENDED, OWNER_SUSPENDED_SOLD]),
        ),
      )
      .returning({ id: listings.id });
    await recordAction(tx, {
      moderatorId: moderator.id,
      action: "lift_suspension",
      targetUserId: member.id,
      reason,
    });
    return { restoredListings: restored.length };
  });
}
