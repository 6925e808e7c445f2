import type { Database } from "~/db/client.server";
import { savedSearches } from "~/db/schema";
import type { Member } from "~/domain/accounts/session.server";
import { AppError } from "~/utils/app-error";
import { cleanLine } from "~/utils/user-text";
import { ownedBy } from "./owned-saved-search.server";
import { SAVED_SEARCH_NAME_MAX } from "./saved-searches-limits";

/** The member's own name for one of their saved searches (cleaned like every one-line text). */
export async function renameSavedSearch({
  db,
  member,
  id,
  name,
}: {
  db: Database;
  member: Pick<Member, "id">;
  id: string;
  name: string;
}): Promise<void> {
  const where = ownedBy(member, id);
  // The form's schema says what is wrong in words; this keeps any other caller from storing it.
  const clean = cleanLine(name);
  if (!clean || clean.length > SAVED_SEARCH_NAME_MAX) {
    throw new AppError("INVALID_REQUEST", { field: "name" });
  }
  const rows = await db
    .update(savedSearches)
    .set({ name: clean })
    .where(where)
    .returning({ id: savedSearches.id });
  if (rows.length === 0) throw new AppError("SAVED_SEARCH_NOT_FOUND");
}
