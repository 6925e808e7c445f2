import type { Database } from "~/db/client.server";
import type { Member } from "~/domain/accounts/session.server";
import { addFavorite } from "./add-favorite.server";
import { removeFavorite } from "./remove-favorite.server";

/** Off if it was on, else on (with addFavorite's checks). Returns the new state. */
export async function toggleFavorite({
  db,
  member,
  listingId,
}: {
  db: Database;
  member: Pick<Member, "id"> | null;
  listingId: unknown;
}): Promise<{ favorited: boolean }> {
  const { removed } = await removeFavorite({ db, member, listingId });
  if (removed) return { favorited: false };
  return addFavorite({ db, member, listingId });
}
