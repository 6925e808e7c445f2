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
 * The owner marks a listing active, reserved, sold or inactive. A listing a moderator removed
 * stays removed: only a moderator can restore it. Putting a listing back on the market starts a
 * new term of `ttlDays` (LISTING_TTL_DAYS), as renewing does: its old date may be long past.
 * Reserving (issue 31) keeps an active listing on the market with a "Reserved" badge, and only an
 * active one (LISTING_NOT_RESERVABLE); making it available again keeps its term and tells its
 * watchers; selling or hiding it ends the reservation. A change counts against the member's change
 * rate, as an edit does (LISTING_CHANGE_RATE_LIMITED).
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
  /** Where a sale, or a reservation ended, is announced to the members who saved the listing. */
  watchers?: WatcherQueue;
  /** How often a member may change listings (LISTING_CHANGES_PER_MEMBER_PER_HOUR). */
  rates?: ListingRates;
}): Promise<void> {
  const parsed = listingStatusSchema.safeParse(status);
  if (!parsed.success) throw new AppError("INVALID_LISTING_FORM");
  const listing = await findOwnedListing(db, member, listingId);
  if (listing.status === "removed") throw new AppError("LISTING_REMOVED");
  const wanted = parsed.data;
  if (wanted === "reserved" && listing.status !== "active") {
    throw new AppError("LISTING_NOT_RESERVABLE");
  }
  const wasReserved = listing.status === "active" && listing.reservedAt !== null;
  const changes =
    wanted === "reserved"
      ? { reservedAt: listing.reservedAt ?? sql`now()` }
      : wanted === "active" && listing.status === "active"
        ? // Available again (or already): its term goes on.
          { reservedAt: null }
        : wanted === "active"
          ? { status: "active" as const, reservedAt: null, ...newTerm(ttlDays) }
          : { status: wanted, reservedAt: null };
  const updated = await limitListingChange(db, { memberId: member.id, rates }, async () => {
    const rows = await db
      .update(listings)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(
        and(
          eq(listings.id, listing.id),
          eq(listings.userId, member.id),
          // A moderator may have removed it a moment ago; and only an active one is reserved.
          wanted === "reserved" ? eq(listings.status, "active") : ne(listings.status, "removed"),
        ),
      )
      .returning({ id: listings.id, updatedAt: listings.updatedAt });
    if (rows.length === 0) throw new AppError("LISTING_REMOVED");
    return rows;
  });
  const at = updated[0]?.updatedAt.toISOString();
  if (!at) return;
  if (wanted === "sold" && listing.status !== "sold") {
    await tellWatchers(watchers, { listingId: listing.id, kind: "sold", at });
  } else if (wanted === "active" && wasReserved) {
    await tellWatchers(watchers, { listingId: listing.id, kind: "available", at });
  }
}
