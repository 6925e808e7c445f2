import { desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";
import { listings, moderationActions, users } from "~/db/schema";
import { MODERATION_ACTIONS, type ModerationAction } from "./moderation-schemas";
import { type Actor, assertModerator } from "./moderator.server";

export const LOG_LIMIT = 50;

export interface LogEntry {
  id: string;
  createdAt: Date;
  action: ModerationAction;
  /** Null when the system acted (a listing held after reports). */
  moderatorName: string | null;
  listing: { id: string; title: string; titleAr: string } | null;
  target: { id: string; name: string; email: string } | null;
  reason: string;
}

/** The audit log, newest first: who did what, when, to which listing or member, and why. */
export async function listModerationLog({
  db,
  actor,
  limit = LOG_LIMIT,
}: {
  db: Database;
  actor: Actor;
  limit?: number;
}): Promise<LogEntry[]> {
  await assertModerator(db, actor);
  const moderator = alias(users, "moderator");
  const target = alias(users, "target");
  const rows = await db
    .select({
      id: moderationActions.id,
      createdAt: moderationActions.createdAt,
      action: moderationActions.action,
      reason: moderationActions.reason,
      moderatorName: moderator.name,
      listingId: listings.id,
      listingTitle: listings.title,
      listingTitleAr: listings.titleAr,
      targetId: target.id,
      targetName: target.name,
      targetEmail: target.email,
    })
    .from(moderationActions)
    .leftJoin(moderator, eq(moderator.id, moderationActions.moderatorId))
    .leftJoin(listings, eq(listings.id, moderationActions.listingId))
    .leftJoin(target, eq(target.id, moderationActions.targetUserId))
    .orderBy(desc(moderationActions.createdAt), sql`${moderationActions.id} desc`)
    .limit(limit);
  return rows
    .filter((row): row is typeof row & { action: ModerationAction } =>
      (MODERATION_ACTIONS as readonly string[]).includes(row.action),
    )
    .map((row) => ({
      id: row.id,
      createdAt: row.createdAt,
      action: row.action,
      moderatorName: row.moderatorName,
      listing: row.listingId
        ? {
            id: row.listingId,
            title: row.listingTitle || row.listingTitleAr || "",
            titleAr: row.listingTitleAr || row.listingTitle || "",
          }
        : null,
      target: row.targetId
        ? { id: row.targetId, name: row.targetName ?? "", email: row.targetEmail ?? "" }
        : null,
      reason: row.reason,
    }));
}
