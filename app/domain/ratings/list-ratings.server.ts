import { sql } from "drizzle-orm";
import { type Database, selectRows } from "~/db/client.server";

export interface PublicRating {
  id: string;
  stars: number;
  tags: string[];
  comment: string;
  /** What the rated member was in that exchange. */
  ratedAs: "seller" | "buyer";
  listingTitle: string;
  /** The rater's first name only (a rating is public; their account is not linked). */
  raterName: string | null;
  createdAt: Date;
  reply: string | null;
  repliedAt: Date | null;
  /** The reader reported it already (signed-in readers). */
  reported: boolean;
  /** The reader wrote it. */
  mine: boolean;
}

export const RATINGS_PAGE = 20;

/**
 * The ratings a member received, newest first, for their public page: every rating not removed
 * by a moderator (the average counts fewer: ratingSummaryColumn). One statement.
 */
export async function listRatingsOf({
  db,
  memberId,
  readerId,
  limit = RATINGS_PAGE,
}: {
  db: Database;
  memberId: string;
  readerId: string | null;
  limit?: number;
}): Promise<PublicRating[]> {
  const rows = await selectRows<{
    id: string;
    stars: number;
    tags: string[] | null;
    comment: string;
    rated_as: "seller" | "buyer";
    listing_title: string;
    rater_name: string | null;
    created_at: Date | string;
    reply: string | null;
    replied_at: Date | string | null;
    reported: boolean;
    mine: boolean;
  }>(
    db,
    sql`select r.id, r.stars, r.tags, r.comment, r.rated_as, r.listing_title,
          split_part(coalesce(nullif(trim(p.full_name), ''), nullif(trim(u.name), '')), ' ', 1) as rater_name,
          r.created_at, r.reply, r.replied_at,
          ${
            readerId
              ? sql`exists(select 1 from rating_reports rr
                  where rr.rating_id = r.id and rr.reporter_id = ${readerId})`
              : sql`false`
          } as reported,
          r.rater_id = ${readerId ?? ""} as mine
        from ratings r
        join users u on u.id = r.rater_id and u.suspended_at is null
        left join profiles p on p.id = u.id
        where r.rated_id = ${memberId} and r.removed_at is null
        order by r.created_at desc
        limit ${limit}`,
  );
  return rows.map((row) => ({
    id: row.id,
    stars: Number(row.stars),
    tags: row.tags ?? [],
    comment: row.comment,
    ratedAs: row.rated_as,
    listingTitle: row.listing_title,
    raterName: row.rater_name || null,
    createdAt: new Date(row.created_at),
    reply: row.reply,
    repliedAt: row.replied_at ? new Date(row.replied_at) : null,
    reported: Boolean(row.reported),
    mine: Boolean(row.mine),
  }));
}
