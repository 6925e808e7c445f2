import { and, eq, ne, sql } from "drizzle-orm";
import { type Database, selectRows } from "~/db/client.server";
import { favorites, listings } from "~/db/schema";
import type { Member } from "~/domain/accounts/session.server";
import { isListingId } from "~/domain/listings/listings-schemas";
import { addToDailyStats } from "~/domain/statistics/count-stats.server";
import { damascusDay } from "~/domain/statistics/stat-days";
import { AppError } from "~/utils/app-error";
import { isVisible } from "./favorite-listing.server";

/**
 * Saves a listing to the member's favourites. Idempotent and safe to call twice at once: one
 * statement inserts the row only if the listing may be seen (active or sold), and the unique
 * (member, listing) index turns a second insert into nothing. Visitors keep theirs in the browser
 * (AUTH_REQUIRED here); an unknown, hidden or removed listing is LISTING_NOT_FOUND.
 */
export async function addFavorite({
  db,
  member,
  listingId,
}: {
  db: Database;
  member: Pick<Member, "id"> | null;
  listingId: unknown;
}): Promise<{ favorited: true }> {
  if (!member) throw new AppError("AUTH_REQUIRED");
  if (!isListingId(listingId)) throw new AppError("INVALID_LISTING_ID");
  const id = listingId.toLowerCase();
  const today = damascusDay(new Date());
  // The favourite, and its count in the listing's statistics (issue 32), in one statement.
  const inserted = await selectRows<{ listing_id: string }>(
    db,
    sql`with added as (
        insert into ${favorites} (id, user_id, listing_id, created_at)
        select gen_random_uuid(), ${member.id}, ${listings.id}, now() from ${listings}
        -- Not one's own: a seller's favourites of their own ads would only inflate its figures.
        where ${and(eq(listings.id, id), isVisible(), ne(listings.userId, member.id))}
        on conflict (user_id, listing_id) do nothing
        returning listing_id),
      counted as (${addToDailyStats(
        "favorites",
        today,
        sql`select l.id, l.user_id, 1 as n from added join ${listings} l on l.id = added.listing_id`,
      )})
      select listing_id from added`,
  );
  if (inserted.length > 0) return { favorited: true };

  // Nothing inserted: it was already a favourite, the listing is the member's own, or it cannot
  // be seen.
  const [existing] = await db
    .select({
      visible: sql<boolean>`${isVisible()}`,
      own: sql<boolean>`${listings.userId} = ${member.id}`,
      // The id as a parameter: a column here would be written unqualified, and mean f.id.
      saved: sql<boolean>`exists (select 1 from ${favorites} f
        where f.user_id = ${member.id} and f.listing_id = ${id})`,
    })
    .from(listings)
    .where(eq(listings.id, id))
    .limit(1);
  if (existing?.visible && existing.own) throw new AppError("CANNOT_FAVORITE_OWN_LISTING");
  if (existing?.visible && existing.saved) return { favorited: true };
  throw new AppError("LISTING_NOT_FOUND");
}
