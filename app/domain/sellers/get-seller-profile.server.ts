import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { businessProfiles, listings, profiles, users } from "~/db/schema";
import {
  type PublicRating,
  receivedRatingsColumn,
  toPublicRatings,
} from "~/domain/ratings/list-ratings.server";
import { type RatingSummary, toRatingSummary } from "~/domain/ratings/rating-rules";
import { ratingSummaryColumn, soldCountColumn } from "~/domain/ratings/ratings-sql.server";
import type { BusinessProfile } from "./business-profile.server";
import { type ResponseTime, responseTimeOf } from "./response-time";
import { responseStatsColumn, toResponseStats } from "./response-time.server";

/**
 * Active listings are counted up to this many and one more; past it the page says "More than
 * 1,000": a dealer with tens of thousands would otherwise cost a long walk on every view.
 */
export const ACTIVE_LISTINGS_COUNTED = 1000;

/** What a usernames may be (profiles_username_format). */
const USERNAME = /^[a-z0-9_]{3,30}$/;

export interface SellerProfile {
  id: string;
  /** Null → "Unknown User". */
  fullName: string | null;
  username: string | null;
  avatarUrl: string | null;
  memberSince: Date;
  emailVerified: boolean;
  /** Proved their phone number by SMS (the number itself is never on this page). */
  phoneVerified: boolean;
  /** A city id from the reference data, as the member chose it on their profile. */
  cityId: string | null;
  /** Counted up to ACTIVE_LISTINGS_COUNTED + 1 (more than that many). */
  activeListings: number;
  /** Null with too little data (response-time.ts). */
  responseTime: ResponseTime | null;
  /** Their counted ratings (decision 038). */
  ratings: RatingSummary;
  /** How many of their listings are marked sold. */
  sold: number;
  /** The ratings they received, newest first (list-ratings.server.ts). */
  received: PublicRating[];
  /** Their business page's details (issue 32), or null for a person's page. */
  business: BusinessProfile | null;
}

/**
 * The public page of a member, at `/u/{username}` or `/u/{id}` (decision 026):
 * - `seller` when the address is the member's own: their username, or their id while they have
 *   none;
 * - `moved` when it is their id (or a username in capitals) and the page lives at their username:
 *   the route answers 301;
 * - null for nobody, a suspended member, or a deleted one (their row is gone).
 * Never their e-mail or phone number. One statement, with their count of active listings and
 * their reply statistics.
 */
export async function getSellerProfile({
  db,
  handle,
  now,
  countUpTo = ACTIVE_LISTINGS_COUNTED,
  readerId = null,
}: {
  db: Database;
  handle: string;
  now?: Date;
  countUpTo?: number;
  /** Who reads the page (their reports and own ratings are marked); null for a visitor. */
  readerId?: string | null;
}): Promise<
  { kind: "seller"; seller: SellerProfile } | { kind: "moved"; username: string } | null
> {
  if (!handle || handle.length > 64) return null;
  const lower = handle.toLowerCase();
  // A username is looked up by its unique index; anything else (or nothing found) as an id.
  const byUsername = USERNAME.test(lower)
    ? sql`(select p.id from ${profiles} p where p.username = ${lower})`
    : sql`null`;
  const memberId: SQL = sql`coalesce(${byUsername}, ${handle})`;
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      image: users.image,
      createdAt: users.createdAt,
      emailVerified: users.emailVerified,
      fullName: profiles.fullName,
      username: profiles.username,
      phoneVerified: sql<boolean>`${profiles.phoneVerifiedAt} is not null`,
      cityId: profiles.location,
      // Shaped for listings_public_user_idx: the member's unsold public listings, newest first.
      activeListings: sql<number>`(select count(*)::int from (select 1 from ${listings} l
        where l.user_id = ${users.id} and l.status in ('active', 'sold')
          and (l.status = 'sold') = false
        limit ${countUpTo + 1}) counted)`,
      response: responseStatsColumn(sql`${users.id}`, now),
      ratings: ratingSummaryColumn(sql`${users.id}`),
      received: receivedRatingsColumn(sql`${users.id}`, readerId),
      sold: soldCountColumn(sql`${users.id}`),
      business: {
        name: businessProfiles.name,
        logoKey: businessProfiles.logoKey,
        address: businessProfiles.address,
        hours: businessProfiles.hours,
        description: businessProfiles.description,
        website: businessProfiles.website,
      },
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(businessProfiles, eq(businessProfiles.memberId, users.id))
    .where(and(eq(users.id, memberId), isNull(users.suspendedAt)))
    .limit(1);
  if (!row) return null;
  if (row.username && handle !== row.username) return { kind: "moved", username: row.username };
  return {
    kind: "seller",
    seller: {
      id: row.id,
      fullName: row.fullName?.trim() || row.name.trim() || null,
      username: row.username,
      avatarUrl: row.image,
      memberSince: row.createdAt,
      emailVerified: row.emailVerified,
      phoneVerified: row.phoneVerified === true,
      cityId: row.cityId,
      activeListings: Number(row.activeListings),
      responseTime: responseTimeOf(toResponseStats(row.response)),
      ratings: toRatingSummary(
        (typeof row.ratings === "string" ? JSON.parse(row.ratings) : row.ratings) as never,
      ),
      sold: Number(row.sold ?? 0),
      received: toPublicRatings(row.received),
      business: row.business?.name ? row.business : null,
    },
  };
}

/** A member's public page's path: their username's, else their id's (decision 026). */
export function sellerPath(seller: { id: string; username: string | null }) {
  return `/u/${encodeURIComponent(seller.username ?? seller.id)}`;
}
