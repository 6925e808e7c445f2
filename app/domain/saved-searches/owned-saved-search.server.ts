import { and, eq, type SQL } from "drizzle-orm";
import { savedSearches } from "~/db/schema";
import type { Member } from "~/domain/accounts/session.server";
import { AppError } from "~/utils/app-error";
import { isSavedSearchId } from "./saved-searches-schemas";

/**
 * The WHERE that finds a saved search only for its owner. Another member's search and one that
 * does not exist are the same answer (SAVED_SEARCH_NOT_FOUND, 404): a stranger learns nothing
 * about which ids exist. A malformed id (a path, SQL, another script's digits) is refused before
 * it reaches the database.
 */
export function ownedBy(member: Pick<Member, "id">, id: unknown): SQL {
  if (!isSavedSearchId(id)) throw new AppError("SAVED_SEARCH_NOT_FOUND");
  const where = and(eq(savedSearches.id, id.toLowerCase()), eq(savedSearches.userId, member.id));
  if (!where) throw new AppError("SAVED_SEARCH_NOT_FOUND");
  return where;
}
