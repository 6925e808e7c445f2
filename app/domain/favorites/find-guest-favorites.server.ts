import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { listingDetails, listings } from "~/db/schema";
import {
  type FavoriteListing,
  favoriteListingColumns,
  isVisible,
  toFavoriteListing,
} from "./favorite-listing.server";
import { cleanFavoriteIds } from "./favorites-schemas";

/**
 * A visitor's favourites (ids kept in their browser) as cards, in the order given; ids that are
 * malformed, unknown or no longer visible are left out. No query for an empty list, else one.
 */
export async function findGuestFavorites({
  db,
  ids,
}: {
  db: Database;
  ids: unknown;
}): Promise<FavoriteListing[]> {
  const wanted = cleanFavoriteIds(ids);
  if (wanted.length === 0) return [];
  const rows = await db
    .select(favoriteListingColumns)
    .from(listings)
    .leftJoin(listingDetails, eq(listingDetails.listingId, listings.id))
    .where(and(inArray(listings.id, wanted), isVisible()));
  const byId = new Map(rows.map((row) => [row.id, toFavoriteListing(row)]));
  return wanted.flatMap((id) => byId.get(id) ?? []);
}
