import { eq, sql } from "drizzle-orm";
import { listings } from "~/db/schema";
import {
  decide,
  type ListingDecision,
  lockListing,
  recordAction,
  resolveOpenReports,
} from "./moderator.server";

/**
 * A moderator removes a listing: it disappears for everyone but its owner, who sees the reason
 * on the listing page and in My Listings. Its open reports are closed as acted on.
 */
export async function removeListing({
  db,
  actor,
  listingId,
  reason: rawReason,
}: ListingDecision): Promise<void> {
  await decide(db, actor, rawReason, async (tx, moderator, reason) => {
    const listing = await lockListing(tx, listingId);
    await tx
      .update(listings)
      .set({
        status: "removed",
        removalReason: reason,
        // A listing already held keeps the status it had before the hold.
        statusBeforeRemoval: sql`case when ${listings.status} = 'removed' then ${listings.statusBeforeRemoval} else ${listings.status} end`,
        updatedAt: sql`now()`,
      })
      .where(eq(listings.id, listing.id));
    await resolveOpenReports(tx, listing.id, "actioned", moderator.id);
    await recordAction(tx, {
      moderatorId: moderator.id,
      action: "remove_listing",
      listingId: listing.id,
      targetUserId: listing.userId,
      reason,
    });
  });
}
