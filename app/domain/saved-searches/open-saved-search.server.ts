import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { savedSearches } from "~/db/schema";
import type { Member } from "~/domain/accounts/session.server";
import { AppError } from "~/utils/app-error";
import { ownedBy } from "./owned-saved-search.server";
import { parseSavedSearch, resultsPath } from "./saved-search-query";

/**
 * The member opens a saved search's results from /saved-searches: what they see now is no longer
 * new, so `last_seen_at` moves to now. Returns where the results are. One statement.
 */
export async function openSavedSearch({
  db,
  member,
  id,
}: {
  db: Database;
  member: Pick<Member, "id">;
  id: string;
}): Promise<string> {
  const [row] = await db
    .update(savedSearches)
    .set({ lastSeenAt: sql`now()` })
    .where(ownedBy(member, id))
    .returning({ query: savedSearches.query });
  if (!row) throw new AppError("SAVED_SEARCH_NOT_FOUND");
  return resultsPath(parseSavedSearch(row.query));
}
