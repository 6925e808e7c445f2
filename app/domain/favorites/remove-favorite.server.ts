import { and, eq, sql } from "drizzle-orm";
import { type Database, selectRows } from "~/db/client.server";
import { favorites } from "~/db/schema";
import type { Member } from "~/domain/accounts/session.server";
import { isListingId } from "~/domain/listings/listings-schemas";
import { damascusDay, damascusDayStart } from "~/domain/statistics/stat-days";
import { AppError } from "~/utils/app-error";

/**
 * Takes a listing off the member's favourites, whatever the listing's state (a removed listing
 * can still be let go). Idempotent: removing what is not there is not an error.
 */
export async function removeFavorite({
  db,
  member,
  listingId,
}: {
  db: Database;
  member: Pick<Member, "id"> | null;
  listingId: unknown;
}): Promise<{ favorited: false; removed: boolean }> {
  if (!member) throw new AppError("AUTH_REQUIRED");
  if (!isListingId(listingId)) throw new AppError("INVALID_LISTING_ID");
  const today = damascusDay(new Date());
  // A favourite added and taken back the same day is not counted in the listing's statistics
  // (issue 32): adding it again and again would only inflate them. One statement.
  const deleted = await selectRows<{ id: string }>(
    db,
    sql`with removed as (
        delete from ${favorites}
        where ${and(eq(favorites.userId, member.id), eq(favorites.listingId, listingId.toLowerCase()))}
        returning id, listing_id, created_at),
      uncounted as (
        update listing_daily_stats s set favorites = s.favorites - 1
        from removed
        where s.listing_id = removed.listing_id and s.day = ${today}::date and s.favorites > 0
          and removed.created_at >= ${damascusDayStart(today).toISOString()}::timestamptz)
      select id from removed`,
  );
  return { favorited: false, removed: deleted.length > 0 };
}
