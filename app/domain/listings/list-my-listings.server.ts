import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { favorites, listings } from "~/db/schema";
import type { Member } from "~/domain/accounts/session.server";
import type { ListingStatus } from "./listing-status";

export interface MyListing {
  id: string;
  /** The English title, else the Arabic one. */
  title: string;
  /** The Arabic title, else the English one. */
  titleAr: string;
  price: number;
  status: ListingStatus;
  /** Its owner reserved it (issue 31). */
  reserved: boolean;
  viewsCount: number;
  favoritesCount: number;
  createdAt: Date;
  /** When its owner last bumped it to the top (issue 32). */
  bumpedAt: Date | null;
  expiresAt: Date;
  /** A moderator's reason, for removed listings. */
  removalReason: string | null;
}

/** The member's own listings, newest first, with their favourite counts, in one query. */
export async function listMyListings({
  db,
  member,
}: {
  db: Database;
  member: Pick<Member, "id">;
}): Promise<MyListing[]> {
  const favoriteCounts = db
    .select({ listingId: favorites.listingId, n: count().as("n") })
    .from(favorites)
    // Only this member's listings are counted, not every favourite on the site.
    .innerJoin(listings, and(eq(listings.id, favorites.listingId), eq(listings.userId, member.id)))
    .groupBy(favorites.listingId)
    .as("favorite_counts");
  const rows = await db
    .select({
      id: listings.id,
      title: listings.title,
      titleAr: listings.titleAr,
      price: listings.price,
      status: listings.status,
      reserved: sql<boolean>`(${listings.reservedAt} is not null)`,
      viewsCount: listings.viewsCount,
      favoritesCount: sql<number>`coalesce(${favoriteCounts.n}, 0)`.mapWith(Number),
      createdAt: listings.createdAt,
      bumpedAt: listings.bumpedAt,
      expiresAt: listings.expiresAt,
      removalReason: listings.removalReason,
    })
    .from(listings)
    .leftJoin(favoriteCounts, eq(favoriteCounts.listingId, listings.id))
    .where(eq(listings.userId, member.id))
    .orderBy(desc(listings.createdAt), desc(listings.id));
  return rows.map((row) => ({
    ...row,
    title: row.title || row.titleAr,
    titleAr: row.titleAr || row.title,
  }));
}
