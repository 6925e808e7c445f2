import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { listings } from "~/db/schema";
import type { Member } from "~/domain/accounts/session.server";
import { tellWatchers, type WatcherQueue } from "~/domain/notifications/watchers.server";
import { AppError } from "~/utils/app-error";
import { newTerm } from "./listing-expiry.server";
import {
  DEFAULT_LISTING_RATES,
  type ListingRates,
  limitListingChange,
} from "./listing-rates.server";
import { type EditableStatus, listingStatusSchema } from "./listings-schemas";
import { findOwnedListing } from "./owned-listing.server";

/**
 * The owner marks a listing active, sold or inactive. A listing a moderator removed stays
 * removed: only a moderator can restore it. Putting a listing back on the market starts a new
 * term of `ttlDays` (LISTING_TTL_DAYS), as renewing does: its old date may be long past. A change
 * counts against the member's change rate, as an edit does (LISTING_CHANGE_RATE_LIMITED).
 */
export async function setListingStatus({
  db,
  member,
  listingId,
  status,
  ttlDays,
  watchers,
  rates = DEFAULT_LISTING_RATES,
}: {
  db: Database;
  member: Pick<Member, "id">;
  listingId: string;
  status: EditableStatus;
  ttlDays: number;
  /** Where a sale is announced to the members who saved the listing (the job queue). */
  watchers?: WatcherQueue;
  /** How often a member may change listings (LISTING_CHANGES_PER_MEMBER_PER_HOUR). */
  rates?: ListingRates;
}): Promise<void> {
  const parsed = listingStatusSchema.safeParse(status);
  if (!parsed.success) throw new AppError("INVALID_LISTING_FORM");
  const listing = await findOwnedListing(db, member, listingId);
  if (listing.status === "removed") throw new AppError("LISTING_REMOVED");
  const updated = await limitListingChange(db, { memberId: member.id, rates }, async () => {
    const rows = await db
      .update(listings)
      .set(
        parsed.data === "active"
          ? { status: "active", updatedAt: sql`now()`, ...newTerm(ttlDays) }
          : { status: parsed.data, updatedAt: sql`now()` },
      )
      .where(
        and(
          eq(listings.id, listing.id),
          eq(listings.userId, member.id),
          // A moderator may have removed it a moment ago.
          ne(listings.status, "removed"),
        ),
      )
      .returning({ id: listings.id, updatedAt: listings.updatedAt });
    if (rows.length === 0) throw new AppError("LISTING_REMOVED");
    return rows;
  });
  if (parsed.data === "sold" && listing.status !== "sold" && updated[0]) {
    await tellWatchers(watchers, {
      listingId: listing.id,
      kind: "sold",
      at: updated[0].updatedAt.toISOString(),
    });
  }
}
