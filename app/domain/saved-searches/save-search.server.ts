import { and, count, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { savedSearches } from "~/db/schema";
import { lockCounts } from "~/domain/accounts/rate-limit.server";
import type { Member } from "~/domain/accounts/session.server";
import { AppError } from "~/utils/app-error";
import { filing } from "./saved-search-keys.server";
import { normaliseSearch } from "./saved-search-query";
import { SAVED_SEARCH_LIMIT } from "./saved-searches-limits";

/**
 * Saves a results page's search for the member: its NORMALISED query (normaliseSearch), never
 * the raw URL. The same search saved again is the row already there (`created: false`); a 21st is
 * refused (SAVED_SEARCH_LIMIT). The member's counts are locked for the count (lockCounts), so
 * two saves sent at once cannot both be the 20th.
 */
export async function saveSearch({
  db,
  member,
  query,
  category,
}: {
  db: Database;
  member: Pick<Member, "id">;
  /** The results page's query string. */
  query: string;
  /** A category page's category id (its path), if saved from one. */
  category?: string | null;
}): Promise<{ id: string; created: boolean }> {
  const search = normaliseSearch(query, category);
  return db.transaction(async (tx) => {
    await lockCounts(tx, { member: member.id });
    const [existing] = await tx
      .select({ id: savedSearches.id })
      .from(savedSearches)
      .where(and(eq(savedSearches.userId, member.id), eq(savedSearches.query, search.text)));
    if (existing) return { id: existing.id, created: false };
    const [held] = await tx
      .select({ n: count() })
      .from(savedSearches)
      .where(eq(savedSearches.userId, member.id));
    if ((held?.n ?? 0) >= SAVED_SEARCH_LIMIT) throw new AppError("SAVED_SEARCH_LIMIT");
    const [row] = await tx
      .insert(savedSearches)
      .values({ userId: member.id, query: search.text, ...filing(search.query) })
      .returning({ id: savedSearches.id });
    if (!row) throw new AppError("UNEXPECTED");
    return { id: row.id, created: true };
  });
}
