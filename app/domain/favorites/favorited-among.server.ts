import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { favorites } from "~/db/schema";
import type { Member } from "~/domain/accounts/session.server";
import { cleanFavoriteIds } from "./favorites-schemas";

/**
 * Which of these listings the member has saved, for the hearts on a page of cards: one query for
 * the whole page, none for a visitor (their hearts come from the browser) or an empty page.
 */
export async function favoritedAmong({
  db,
  member,
  listingIds,
}: {
  db: Database;
  member: Pick<Member, "id"> | null;
  listingIds: readonly string[];
}): Promise<Set<string>> {
  if (!member) return new Set();
  const ids = cleanFavoriteIds(listingIds);
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ listingId: favorites.listingId })
    .from(favorites)
    .where(and(eq(favorites.userId, member.id), inArray(favorites.listingId, ids)));
  return new Set(rows.map((row) => row.listingId));
}
