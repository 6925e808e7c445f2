import { sql } from "drizzle-orm";
import { type Database, selectRows } from "~/db/client.server";
import { listings } from "~/db/schema";
import { hitRateLimit, type RateLimitRule } from "~/domain/accounts/rate-limit.server";
import { addToDailyStats } from "~/domain/statistics/count-stats.server";
import { damascusDay } from "~/domain/statistics/stat-days";
import { isListingId } from "./listings-schemas";

/**
 * Who is viewing, for counting: a member by id; a visitor by their address, browser and
 * languages together. Not a cookie: a script that drops cookies would count a view per request.
 * People sharing one carrier address and the same phone model count once a day — an
 * undercount we prefer to inflation.
 */
export function viewerKeyOf({
  memberId,
  ip,
  userAgent,
  acceptLanguage,
}: {
  memberId?: string | null;
  ip: string;
  userAgent: string | null;
  acceptLanguage: string | null;
}) {
  if (memberId) return `member:${memberId}`;
  return `visitor:${ip}|${userAgent ?? ""}|${acceptLanguage ?? ""}`;
}

/** One counted view per viewer and listing a day. */
export const VIEW_RULE: RateLimitRule = { name: "view", max: 1, windowSeconds: 86_400 };

/**
 * Counts a view of a listing unless it is the owner's, a bot's, or this viewer's second within
 * 24 hours. `viewerKey` identifies the viewer (member id, else a hashed IP and user agent); the
 * rate-limit table stores it hashed. Returns whether the view was counted.
 */
export async function recordView({
  db,
  listingId,
  viewerKey,
  isOwner,
  isBot,
  now = new Date(),
}: {
  db: Database;
  listingId: string;
  viewerKey: string;
  isOwner: boolean;
  isBot: boolean;
  now?: Date;
}): Promise<boolean> {
  if (isOwner || isBot || !viewerKey || !isListingId(listingId)) return false;
  const id = listingId.toLowerCase();
  const subject = `${id}:${viewerKey}`;
  const known = recentViewers(db);
  const until = known.get(subject);
  if (until !== undefined && until > now.getTime()) return false;
  const hit = await hitRateLimit(db, VIEW_RULE, subject, now.getTime());
  remember(
    known,
    subject,
    now.getTime() + (hit.limited ? hit.retryAfterSeconds : VIEW_RULE.windowSeconds) * 1000,
  );
  if (hit.limited) return false;
  // The listing's total and its day's row for the owner's statistics, in one statement.
  const counted = await selectRows<{ listing_id: string }>(
    db,
    sql`with counted as (
      update ${listings} set views_count = views_count + 1 where id = ${id}
      returning id, user_id, 1 as n)
    ${addToDailyStats("views", damascusDay(now), sql`select id, user_id, n from counted`)}
    returning listing_id`,
  );
  return counted.length > 0;
}

/**
 * Viewers this process already counted (or found counted), with the end of their day: a repeated
 * view then costs no database write — a visitor reloading, or a crowd served from the page cache.
 * The table stays the truth between processes; this only skips asking it what it would answer.
 */
const RECENT_VIEWERS_MAX = 100_000;
const recentByDatabase = new WeakMap<Database, Map<string, number>>();

function recentViewers(db: Database) {
  let known = recentByDatabase.get(db);
  if (!known) {
    known = new Map();
    recentByDatabase.set(db, known);
  }
  return known;
}

function remember(known: Map<string, number>, subject: string, until: number) {
  known.delete(subject);
  known.set(subject, until);
  // Oldest first out: a Map keeps insertion order.
  if (known.size > RECENT_VIEWERS_MAX) {
    const oldest = known.keys().next().value;
    if (oldest !== undefined) known.delete(oldest);
  }
}
