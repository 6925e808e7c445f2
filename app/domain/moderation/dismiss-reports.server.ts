import { eq, sql } from "drizzle-orm";
import { listings } from "~/db/schema";
import { AppError } from "~/utils/app-error";
import { statusBeforeHold, systemRemovalCode } from "./moderation-schemas";
import {
  decide,
  type ListingDecision,
  lockListing,
  recordAction,
  resolveOpenReports,
} from "./moderator.server";

/**
 * A moderator finds the reports unfounded: they are closed as dismissed, and a listing that was
 * only held for review goes back to what it was (active or sold).
 */
export async function dismissReports({
  db,
  actor,
  listingId,
  reason: rawReason,
}: ListingDecision): Promise<{ dismissed: number; restored: boolean }> {
  return decide(db, actor, rawReason, async (tx, moderator, reason) => {
    const listing = await lockListing(tx, listingId);
    const dismissed = await resolveOpenReports(tx, listing.id, "dismissed", moderator.id);
    if (dismissed === 0) throw new AppError("NO_OPEN_REPORTS");
    await recordAction(tx, {
      moderatorId: moderator.id,
      action: "dismiss_reports",
      listingId: listing.id,
      targetUserId: listing.userId,
      reason,
    });
    const held =
      listing.status === "removed" && systemRemovalCode(listing.removalReason) === "held";
    if (held) {
      await tx
        .update(listings)
        .set({
          status:
            listing.statusBeforeRemoval && listing.statusBeforeRemoval !== "removed"
              ? listing.statusBeforeRemoval
              : statusBeforeHold(listing.removalReason),
          removalReason: null,
          statusBeforeRemoval: null,
          updatedAt: sql`now()`,
        })
        .where(eq(listings.id, listing.id));
      await recordAction(tx, {
        moderatorId: moderator.id,
        action: "restore_listing",
        listingId: listing.id,
        targetUserId: listing.userId,
        reason,
      });
    }
    return { dismissed, restored: held };
  });
}
