import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { favorites, listingDetails, listings } from "~/db/schema";
import type { Member } from "~/domain/accounts/session.server";
import { AppError } from "~/utils/app-error";
import {
  type FavoriteListing,
  favoriteListingColumns,
  isVisible,
  toFavoriteListing,
} from "./favorite-listing.server";
import { FAVORITES_PAGE_SIZE } from "./favorites-schemas";

export interface FavoritesPage {
  items: FavoriteListing[];
  total: number;
  page: number;
  pageCount: number;
}

/**
 * The member's favourites, most recently saved first, only listings a visitor may open (active
 * and sold; sold ones are marked). One query (the total rides along as a window count); a page
 * past the end gives the last page, which costs two more.
 */
export async function listFavorites({
  db,
  member,
  page = 1,
  pageSize = FAVORITES_PAGE_SIZE,
}: {
  db: Database;
  member: Pick<Member, "id"> | null;
  page?: number;
  pageSize?: number;
}): Promise<FavoritesPage> {
  if (!member) throw new AppError("AUTH_REQUIRED");
  const wanted = Number.isSafeInteger(page) && page >= 1 ? page : 1;
  const pageOf = (n: number) =>
    db
      .select({ ...favoriteListingColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(favorites)
      .innerJoin(listings, eq(listings.id, favorites.listingId))
      .leftJoin(listingDetails, eq(listingDetails.listingId, listings.id))
      .where(and(eq(favorites.userId, member.id), isVisible()))
      .orderBy(desc(favorites.createdAt), desc(favorites.id))
      .limit(pageSize)
      .offset((n - 1) * pageSize);

  let current = wanted;
  let rows = await pageOf(current);
  if (rows.length === 0 && current > 1) {
    const [counted] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(favorites)
      .innerJoin(listings, eq(listings.id, favorites.listingId))
      .where(and(eq(favorites.userId, member.id), isVisible()));
    const last = Math.max(1, Math.ceil((counted?.n ?? 0) / pageSize));
    current = last;
    rows = last < wanted ? await pageOf(last) : rows;
  }
  const total = rows[0]?.total ?? 0;
  return {
    items: rows.map(({ total: _total, ...row }) => toFavoriteListing(row)),
    total,
    page: current,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
  };
}
