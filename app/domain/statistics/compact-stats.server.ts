import { sql } from "drizzle-orm";
import { type Database, selectRows } from "~/db/client.server";
import { addDays, damascusDay } from "./stat-days";

/**
 * Days are kept one row each this long (the dashboard shows at most 90); older ones are folded
 * into one row per listing and month, which keeps a listing's lifetime figures and a year of
 * history at twelve rows instead of 365.
 */
export const STATS_DAILY_DAYS = 180;

/**
 * Folds the oldest month that is wholly past STATS_DAILY_DAYS into month rows: each listing's
 * days of that month become one row on the month's first day, `days` long. One month per call,
 * in one transaction (a crash leaves the month as it was); returns the month folded, or null
 * when there is none. Idempotent: folded rows are no longer single days.
 */
export async function compactDailyStats(db: Database, now = new Date()): Promise<string | null> {
  const keepFrom = addDays(damascusDay(now), -STATS_DAILY_DAYS);
  // Only whole months: the first day of keepFrom's month and everything after stay daily.
  const cutoff = `${keepFrom.slice(0, 7)}-01`;
  const [oldest] = await selectRows<{ month: string | null }>(
    db,
    sql`select to_char(min(day), 'YYYY-MM') as month from listing_daily_stats
      where day < ${cutoff}::date and days = 1`,
  );
  const month = oldest?.month;
  if (!month) return null;
  const first = `${month}-01`;
  const next = `${addDays(first, 31).slice(0, 7)}-01`;
  const length = Math.round((Date.parse(next) - Date.parse(first)) / 86_400_000);
  await db.transaction(async (tx) => {
    // Every listing with a day in the month has a row on its first day to fold into.
    await tx.execute(sql`insert into listing_daily_stats (listing_id, seller_id, day)
      select distinct listing_id, seller_id, ${first}::date from listing_daily_stats
      where day >= ${first}::date and day < ${next}::date and days = 1
      on conflict (listing_id, day) do nothing`);
    await tx.execute(sql`with gone as (
        delete from listing_daily_stats
        where day > ${first}::date and day < ${next}::date and days = 1
        returning *),
      sums as (
        select listing_id, sum(views) as views, sum(impressions) as impressions,
          sum(favorites) as favorites, sum(phone_reveals) as phone_reveals,
          sum(whatsapp_taps) as whatsapp_taps, sum(conversations) as conversations
        from gone group by listing_id)
      update listing_daily_stats m set
        views = m.views + sums.views, impressions = m.impressions + sums.impressions,
        favorites = m.favorites + sums.favorites, phone_reveals = m.phone_reveals + sums.phone_reveals,
        whatsapp_taps = m.whatsapp_taps + sums.whatsapp_taps,
        conversations = m.conversations + sums.conversations
      from sums where m.listing_id = sums.listing_id and m.day = ${first}::date`);
    await tx.execute(sql`update listing_daily_stats set days = ${length}
      where day = ${first}::date and days = 1`);
  });
  return month;
}
