import type { Database } from "~/db/client.server";
import { savedSearches } from "~/db/schema";
import type { Member } from "~/domain/accounts/session.server";
import { AppError } from "~/utils/app-error";
import { ownedBy } from "./owned-saved-search.server";

export async function deleteSavedSearch({
  db,
  member,
  id,
}: {
  db: Database;
  member: Pick<Member, "id">;
  id: string;
}): Promise<void> {
  const rows = await db
    .delete(savedSearches)
    .where(ownedBy(member, id))
    .returning({ id: savedSearches.id });
  if (rows.length === 0) throw new AppError("SAVED_SEARCH_NOT_FOUND");
}
