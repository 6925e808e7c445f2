import { and, eq, isNull, sql } from "drizzle-orm";
import { type Database, selectRows } from "~/db/client.server";
import { ratingReports, ratings } from "~/db/schema";
import { isConversationId } from "~/domain/messaging/conversation-access.server";
import {
  type Actor,
  assertModerator,
  type Decision,
  decide,
  recordAction,
} from "~/domain/moderation/moderator.server";
import { AppError } from "~/utils/app-error";

/**
 * A moderator removes a rating with a reason: it leaves the member's page and average, its reports
 * are closed, and the audit log says who, why, and whose rating of whom.
 */
export async function removeRating({
  db,
  actor,
  ratingId,
  reason: rawReason,
}: Decision<{ ratingId: unknown }>): Promise<void> {
  await decide(db, actor, rawReason, async (tx, moderator, reason) => {
    const rating = await openRating(tx, ratingId);
    await tx
      .update(ratings)
      .set({ removedAt: sql`now()`, removedBy: moderator.id, removalReason: reason })
      .where(eq(ratings.id, rating.id));
    await closeReports(tx, rating.id);
    await recordAction(tx, {
      moderatorId: moderator.id,
      action: "remove_rating",
      listingId: rating.listingId,
      targetUserId: rating.raterId,
      reason,
      details: { ratingId: rating.id, ratedId: rating.ratedId, stars: rating.stars },
    });
  });
}

/** A moderator finds nothing wrong with a reported rating: its reports are closed, it stays. */
export async function dismissRatingReports({
  db,
  actor,
  ratingId,
  reason = "",
}: {
  db: Database;
  actor: Actor;
  ratingId: unknown;
  /** Why it stays (the moderation form asks for one); optional. */
  reason?: string;
}): Promise<void> {
  await db.transaction(async (tx) => {
    const moderator = await assertModerator(tx, actor);
    const rating = await openRating(tx, ratingId);
    const closed = await closeReports(tx, rating.id);
    if (closed === 0) throw new AppError("NO_OPEN_REPORTS");
    await recordAction(tx, {
      moderatorId: moderator.id,
      action: "dismiss_rating_reports",
      listingId: rating.listingId,
      targetUserId: rating.raterId,
      reason,
      details: { ratingId: rating.id, ratedId: rating.ratedId },
    });
  });
}

async function openRating(tx: Pick<Database, "select">, ratingId: unknown) {
  if (!isConversationId(ratingId)) throw new AppError("NOT_FOUND");
  const [rating] = await tx
    .select({
      id: ratings.id,
      listingId: ratings.listingId,
      raterId: ratings.raterId,
      ratedId: ratings.ratedId,
      stars: ratings.stars,
    })
    .from(ratings)
    .where(and(eq(ratings.id, ratingId.toLowerCase()), isNull(ratings.removedAt)))
    .limit(1)
    .for("update");
  if (!rating) throw new AppError("NOT_FOUND");
  return rating;
}

async function closeReports(tx: Pick<Database, "update">, ratingId: string) {
  const closed = await tx
    .update(ratingReports)
    .set({ resolvedAt: sql`now()` })
    .where(and(eq(ratingReports.ratingId, ratingId), isNull(ratingReports.resolvedAt)))
    .returning({ id: ratingReports.id });
  return closed.length;
}

export interface ReportedRating {
  id: string;
  stars: number;
  tags: string[];
  comment: string;
  reply: string | null;
  listingTitle: string;
  raterId: string;
  raterName: string | null;
  ratedId: string;
  ratedName: string | null;
  reports: number;
  details: string[];
  firstReportedAt: Date;
}

/** The ratings with open reports, oldest report first, for the moderators' queue. */
export async function listReportedRatings({
  db,
  actor,
  limit = 50,
}: {
  db: Database;
  actor: Actor;
  limit?: number;
}): Promise<ReportedRating[]> {
  await assertModerator(db, actor);
  const rows = await selectRows<{
    id: string;
    stars: number;
    tags: string[];
    comment: string;
    reply: string | null;
    listing_title: string;
    rater_id: string;
    rater_name: string | null;
    rated_id: string;
    rated_name: string | null;
    reports: number;
    details: string[] | null;
    first_at: Date | string;
  }>(
    db,
    sql`select r.id, r.stars, r.tags, r.comment, r.reply, r.listing_title,
          r.rater_id, coalesce(nullif(trim(rp.full_name), ''), ru.name) as rater_name,
          r.rated_id, coalesce(nullif(trim(dp.full_name), ''), du.name) as rated_name,
          q.reports, q.details, q.first_at
        from (select rr.rating_id, count(*)::int as reports, min(rr.created_at) as first_at,
                array_remove(array_agg(nullif(rr.details, '') order by rr.created_at), null) as details
              from rating_reports rr where rr.resolved_at is null
              group by rr.rating_id) q
        join ratings r on r.id = q.rating_id and r.removed_at is null
        join users ru on ru.id = r.rater_id left join profiles rp on rp.id = ru.id
        join users du on du.id = r.rated_id left join profiles dp on dp.id = du.id
        order by q.first_at asc
        limit ${limit}`,
  );
  return rows.map((row) => ({
    id: row.id,
    stars: Number(row.stars),
    tags: row.tags ?? [],
    comment: row.comment,
    reply: row.reply,
    listingTitle: row.listing_title,
    raterId: row.rater_id,
    raterName: row.rater_name,
    ratedId: row.rated_id,
    ratedName: row.rated_name,
    reports: Number(row.reports),
    details: row.details ?? [],
    firstReportedAt: new Date(row.first_at),
  }));
}
