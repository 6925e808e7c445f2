import { lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { phoneReveals, rateLimits } from "~/db/schema";

/** The longest rate-limit window is one day (views, reports, phone reveals): twice that is safe. */
const RATE_LIMIT_KEEP_MS = 48 * 60 * 60 * 1000;
/** Moderators look for number harvesting over weeks, not years. */
const PHONE_REVEAL_KEEP_DAYS = 90;

/**
 * Deletes what no rule can read any more: rate-limit counters whose window has long passed, and
 * old phone-reveal records. Returns how many rows went.
 */
export async function purgeExpired(db: Database, now = Date.now()) {
  const counters = await db
    .delete(rateLimits)
    .where(lt(rateLimits.lastRequest, now - RATE_LIMIT_KEEP_MS))
    .returning({ id: rateLimits.id });
  const reveals = await db
    .delete(phoneReveals)
    .where(
      lt(
        phoneReveals.createdAt,
        sql`${new Date(now).toISOString()}::timestamptz - make_interval(days => ${PHONE_REVEAL_KEEP_DAYS})`,
      ),
    )
    .returning({ id: phoneReveals.id });
  return { rateLimits: counters.length, phoneReveals: reveals.length };
}
