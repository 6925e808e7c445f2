import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { listings } from "~/db/schema";
import type { Member } from "~/domain/accounts/session.server";
import { rejectedAfterScreening } from "~/domain/screening/review-queue.server";
import { AppError } from "~/utils/app-error";
import { isListingId } from "./listings-schemas";

/**
 * The listing if `member` owns it. Every owner-only use case starts here, on the server: a
 * malformed id is INVALID_LISTING_ID, an unknown one LISTING_NOT_FOUND, someone else's NOT_OWNER.
 */
export async function findOwnedListing(
  db: Database,
  member: Pick<Member, "id">,
  listingId: string,
) {
  if (!isListingId(listingId)) throw new AppError("INVALID_LISTING_ID");
  const [listing] = await db
    .select({
      id: listings.id,
      userId: listings.userId,
      status: listings.status,
      reservedAt: listings.reservedAt,
    })
    .from(listings)
    .where(eq(listings.id, listingId.toLowerCase()))
    .limit(1);
  if (!listing) throw new AppError("LISTING_NOT_FOUND");
  if (listing.userId !== member.id) throw new AppError("NOT_OWNER");
  return listing;
}

/**
 * The owner's listing for editing: one a moderator holds or removed cannot change while they
 * decide (an owner could otherwise swap the reported content for something innocent, or the
 * other way round, under the moderator's eyes).
 */
export async function findEditableListing(
  db: Database,
  member: Pick<Member, "id">,
  listingId: string,
) {
  const listing = await findOwnedListing(db, member, listingId);
  // A listing a moderator rejected after screening is the exception: its owner fixes it and
  // resubmits it, and the edit holds it for review again (update-listing.server.ts).
  if (listing.status === "removed" && !(await rejectedAfterScreening(db, listing.id))) {
    throw new AppError("LISTING_HELD");
  }
  return listing;
}
