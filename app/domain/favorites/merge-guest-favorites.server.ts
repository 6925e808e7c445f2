import { sql } from "drizzle-orm";
import { type Database, selectRows } from "~/db/client.server";
import { favorites, listings } from "~/db/schema";
import type { Member } from "~/domain/accounts/session.server";
import { PUBLIC_STATUSES } from "~/domain/listings/listing-status";
import { AppError } from "~/utils/app-error";
import { cleanFavoriteIds } from "./favorites-schemas";

/**
 * At sign-in, the favourites a visitor kept in the browser join the account. Whatever the browser
 * sends is cleaned first: malformed ids are dropped, duplicates collapse, at most
 * MAX_GUEST_FAVORITES are read; ids of unknown or invisible listings, of the member's own, and
 * ones already saved are skipped by the one INSERT … SELECT … ON CONFLICT DO NOTHING. The
 * browser's order (newest first) is kept in the saved times. Returns how many ids were accepted and how many rows were added.
 */
export async function mergeGuestFavorites({
  db,
  member,
  ids,
}: {
  db: Database;
  member: Pick<Member, "id"> | null;
  ids: unknown;
}): Promise<{ accepted: number; added: number }> {
  if (!member) throw new AppError("AUTH_REQUIRED");
  const accepted = cleanFavoriteIds(ids);
  if (accepted.length === 0) return { accepted: 0, added: 0 };
  const idList = sql.join(
    accepted.map((id) => sql`${id}`),
    sql`, `,
  );
  const statuses = sql.join(
    PUBLIC_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  // The first id is the newest: each later one is saved a millisecond earlier.
  const added = await selectRows<{ id: string }>(
    db,
    sql`
    insert into ${favorites} (user_id, listing_id, created_at)
    select ${member.id}, l.id, now() - (g.ord * interval '1 millisecond')
    from unnest(array[${idList}]::uuid[]) with ordinality as g(id, ord)
    join ${listings} l on l.id = g.id
    where l.status::text in (${statuses}) and l.user_id <> ${member.id}
    on conflict (user_id, listing_id) do nothing
    returning id`,
  );
  return { accepted: accepted.length, added: added.length };
}
