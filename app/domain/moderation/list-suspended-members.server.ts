import { desc, eq, isNotNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { listings, profiles, users } from "~/db/schema";
import { OWNER_SUSPENDED, OWNER_SUSPENDED_SOLD } from "./moderation-schemas";
import { type Actor, assertModerator } from "./moderator.server";

export interface SuspendedMember {
  id: string;
  name: string;
  email: string;
  suspendedAt: Date;
  reason: string;
  /** Listings the suspension hid (they come back when it is lifted). */
  hiddenListings: number;
}

/** Suspended members, the most recent first. */
export async function listSuspendedMembers({
  db,
  actor,
  limit = 100,
}: {
  db: Database;
  actor: Actor;
  limit?: number;
}): Promise<SuspendedMember[]> {
  await assertModerator(db, actor);
  const rows = await db
    .select({
      id: users.id,
      name: sql<string>`coalesce(nullif(trim(${profiles.fullName}), ''), ${users.name})`,
      email: users.email,
      suspendedAt: users.suspendedAt,
      reason: users.suspensionReason,
      hiddenListings: sql<number>`(select count(*) from ${listings} l
        where l.user_id = ${users.id} and l.status = 'removed'
          and l.removal_reason in (${OWNER_SUSPENDED}, ${OWNER_SUSPENDED_SOLD}))`.mapWith(Number),
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(isNotNull(users.suspendedAt))
    .orderBy(desc(users.suspendedAt), desc(users.id))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    suspendedAt: new Date(row.suspendedAt ?? 0),
    reason: row.reason ?? "",
  }));
}
