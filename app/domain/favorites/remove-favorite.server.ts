import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { favorites } from "~/db/schema";
import type { Member } from "~/domain/accounts/session.server";
import { isListingId } from "~/domain/listings/listings-schemas";
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
  const deleted = await db
    .delete(favorites)
    .where(and(eq(favorites.userId, member.id), eq(favorites.listingId, listingId.toLowerCase())))
    .returning({ id: favorites.id });
  return { favorited: false, removed: deleted.length > 0 };
}
