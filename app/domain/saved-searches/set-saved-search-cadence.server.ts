import type { Database } from "~/db/client.server";
import { savedSearches } from "~/db/schema";
import type { Member } from "~/domain/accounts/session.server";
import { AppError } from "~/utils/app-error";
import { ownedBy } from "./owned-saved-search.server";
import { CADENCES, type Cadence } from "./saved-searches-limits";

/** How often the member is told of new matches of one of their saved searches. */
export async function setSavedSearchCadence({
  db,
  member,
  id,
  cadence,
}: {
  db: Database;
  member: Pick<Member, "id">;
  id: string;
  cadence: Cadence;
}): Promise<void> {
  const where = ownedBy(member, id);
  if (!CADENCES.includes(cadence)) throw new AppError("INVALID_REQUEST", { field: "cadence" });
  const rows = await db
    .update(savedSearches)
    .set({ cadence })
    .where(where)
    .returning({ id: savedSearches.id });
  if (rows.length === 0) throw new AppError("SAVED_SEARCH_NOT_FOUND");
}
