import { sql } from "drizzle-orm";
import { type Database, selectRows } from "~/db/client.server";
import type { Member } from "~/domain/accounts/session.server";
import { AppError } from "~/utils/app-error";
import { isListingId } from "./listings-schemas";

/** A listing can be bumped back to the top for free once in this many days (issue 32). */
export const BUMP_DAYS = 7;
const BUMP_MS = BUMP_DAYS * 24 * 60 * 60 * 1000;

/**
 * When the owner may next bump a listing that was posted at `createdAt` and last bumped at
 * `bumpedAt`: BUMP_DAYS after whichever is later, so a listing just posted — already at the
 * top — waits its week too.
 */
export function nextBumpAt({ createdAt, bumpedAt }: { createdAt: Date; bumpedAt: Date | null }) {
  return new Date(Math.max(createdAt.getTime(), bumpedAt?.getTime() ?? 0) + BUMP_MS);
}

/**
 * Puts the owner's active, available listing back at the top of the newest-first order of
 * search, category and home, without touching its posting date or its expiry: one conditional
 * update, so two bumps sent at once make one. Refusals: a visitor AUTH_REQUIRED; someone else's
 * or an unknown listing LISTING_NOT_FOUND; one that is not on the market, or reserved,
 * LISTING_NOT_BUMPABLE; a second bump within BUMP_DAYS BUMP_TOO_SOON with the date it will be
 * free again.
 */
export async function bumpListing({
  db,
  member,
  listingId,
  now = new Date(),
}: {
  db: Database;
  member: Pick<Member, "id"> | null;
  listingId: unknown;
  now?: Date;
}): Promise<{ bumpedAt: Date }> {
  if (!member) throw new AppError("AUTH_REQUIRED");
  if (!isListingId(listingId)) throw new AppError("INVALID_LISTING_ID");
  const id = listingId.toLowerCase();
  const since = new Date(now.getTime() - BUMP_MS);
  // The listing as it is, and the bump when it may have one, in one statement.
  const [row] = await selectRows<{
    user_id: string;
    status: string;
    reserved: boolean;
    created_at: string | Date;
    bumped_at: string | Date | null;
    bumped: boolean;
  }>(
    db,
    sql`with bumped as (
        update listings set bumped_at = ${now.toISOString()}::timestamptz
        where id = ${id} and user_id = ${member.id} and status = 'active'
          and reserved_at is null and listed_at <= ${since.toISOString()}::timestamptz
        returning id)
      select l.user_id, l.status, l.reserved_at is not null as reserved, l.created_at,
        l.bumped_at, exists (select 1 from bumped) as bumped
      from listings l where l.id = ${id}`,
  );
  if (!row || row.user_id !== member.id) throw new AppError("LISTING_NOT_FOUND");
  if (row.bumped) return { bumpedAt: now };
  if (row.status !== "active" || row.reserved) throw new AppError("LISTING_NOT_BUMPABLE");
  const next = nextBumpAt({
    createdAt: new Date(row.created_at),
    bumpedAt: row.bumped_at ? new Date(row.bumped_at) : null,
  });
  throw new AppError("BUMP_TOO_SOON", { at: next.toISOString() });
}
