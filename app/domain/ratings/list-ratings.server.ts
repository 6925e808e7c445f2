import { type SQL, sql } from "drizzle-orm";

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
 * The ratings a member received, newest first, for their public page, as one json column to ride
 * in the page's own statement (get-seller-profile.server.ts): every rating not removed by a
 * moderator, from raters not suspended (the average counts fewer: ratingSummaryColumn).
 */
export function receivedRatingsColumn(
  memberId: SQL | string,
  readerId: string | null,
  limit = RATINGS_PAGE,
): SQL<unknown> {
  const reported = readerId
    ? sql`exists(select 1 from rating_reports rr where rr.rating_id = r.id and rr.reporter_id = ${readerId})`
    : sql`false`;
  return sql`coalesce((select json_agg(q) from (
      select r.id, r.stars, r.tags, r.comment, r.rated_as as "ratedAs",
        r.listing_title as "listingTitle",
        split_part(coalesce(nullif(trim(rp.full_name), ''), nullif(trim(ru.name), '')), ' ', 1) as "raterName",
        r.created_at as "createdAt", r.reply, r.replied_at as "repliedAt",
        ${reported} as reported, r.rater_id = ${readerId ?? ""} as mine
      from ratings r
      join users ru on ru.id = r.rater_id and ru.suspended_at is null
      left join profiles rp on rp.id = ru.id
      where r.rated_id = ${memberId} and r.removed_at is null
      order by r.created_at desc
      limit ${limit}) q), '[]'::json)`;
}

type RawRating = Omit<PublicRating, "createdAt" | "repliedAt"> & {
  createdAt: string;
  repliedAt: string | null;
};

/** The column above, read back (the json arrives parsed or as text, by driver). */
export function toPublicRatings(raw: unknown): PublicRating[] {
  const rows = (typeof raw === "string" ? JSON.parse(raw) : (raw ?? [])) as RawRating[];
  return rows.map((row) => ({
    ...row,
    stars: Number(row.stars),
    tags: row.tags ?? [],
    raterName: row.raterName || null,
    createdAt: new Date(row.createdAt),
    repliedAt: row.repliedAt ? new Date(row.repliedAt) : null,
    reported: Boolean(row.reported),
    mine: Boolean(row.mine),
  }));
}
