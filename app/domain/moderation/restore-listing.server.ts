import { eq, sql } from "drizzle-orm";
import { listings, users } from "~/db/schema";
import type { ListingStatus } from "~/domain/listings/listing-status";
import { AppError } from "~/utils/app-error";
import { statusBeforeHold } from "./moderation-schemas";
import {
  decide,
  type ListingDecision,
  lockListing,
  recordAction,
  resolveOpenReports,
} from "./moderator.server";

/**
 * A moderator puts a hidden listing back: active, or sold if it was sold when the system held it.
 * A suspended member's listings come back only when the suspension is lifted. Reports still open
 * are closed as dismissed: the moderator has looked and found the listing fine.
 */
export async function restoreListing({
  db,
  actor,
  listingId,
  reason: rawReason,
}: ListingDecision): Promise<{ status: Exclude<ListingStatus, "removed"> }> {
  return decide(db, actor, rawReason, async (tx, moderator, reason) => {
    const listing = await lockListing(tx, listingId);
    if (listing.status !== "removed") throw new AppError("LISTING_NOT_HIDDEN");
    const [owner] = await tx
      .select({ suspendedAt: users.suspendedAt })
      .from(users)
      .where(eq(users.id, listing.userId))
      .limit(1);
    if (owner?.suspendedAt) throw new AppError("OWNER_IS_SUSPENDED");
    // Exactly what it was: an owner's hidden listing stays hidden (decision 009).
    const before = listing.statusBeforeRemoval;
    const status =
      before && before !== "removed" ? before : statusBeforeHold(listing.removalReason);
    await tx
      .update(listings)
      .set({ status, removalReason: null, statusBeforeRemoval: null, updatedAt: sql`now()` })
      .where(eq(listings.id, listing.id));
    await resolveOpenReports(tx, listing.id, "dismissed", moderator.id);
    await recordAction(tx, {
      moderatorId: moderator.id,
      action: "restore_listing",
      listingId: listing.id,
      targetUserId: listing.userId,
      reason,
    });
    return { status };
  });
}
