import { type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { queryStatsStorage } from "~/db/query-stats.server";
import { damascusDay } from "./stat-days";
import type { StatKind } from "./stat-kinds";

/** Each kind's column in listing_daily_stats. */
const COLUMNS: Record<StatKind, string> = {
  views: "views",
  impressions: "impressions",
  favorites: "favorites",
  phoneReveals: "phone_reveals",
  whatsappTaps: "whatsapp_taps",
  conversations: "conversations",
};

/**
 * The upsert that adds to the day's row of each listing `source` yields, as `(id, user_id, n)`:
 * one statement, however many listings. Rows are written in id order so that two flushes at
 * once lock them in the same order.
 */
export function addToDailyStats(kind: StatKind, day: string, source: SQL): SQL {
  const column = sql.identifier(COLUMNS[kind]);
  return sql`insert into listing_daily_stats (listing_id, seller_id, day, ${column})
    select s.id, s.user_id, ${day}::date, s.n from (${source}) s order by s.id
    on conflict (listing_id, day) do update
      set ${column} = listing_daily_stats.${column} + excluded.${column}`;
}

/**
 * Counts one `kind` for a listing today (a favourite, a phone reveal, a conversation started).
 * Called by the action that did it, in its own transaction when it has one: the count is kept
 * exactly when the action is.
 */
export async function countStat(
  db: Pick<Database, "execute">,
  { listingId, kind, now = new Date() }: { listingId: string; kind: StatKind; now?: Date },
) {
  await db.execute(
    addToDailyStats(
      kind,
      damascusDay(now),
      sql`select id, user_id, 1 as n from listings where id = ${listingId}`,
    ),
  );
}

/*
 * Appearances in results pages are many (twenty a page) and worth little one by one: they are
 * added up in memory and written every FLUSH_MS in one statement, never during a page's render.
 * A crash loses at most that many seconds of them — a figure shown as a trend, not a bill.
 */
const FLUSH_MS = 10_000;
/** Past this many listings waiting, the counts are written at once. */
const PENDING_MAX = 20_000;

interface Pending {
  /** Per day, each listing's count. */
  days: Map<string, Map<string, number>>;
  size: number;
  timer: ReturnType<typeof setTimeout> | null;
  flushing: Promise<void> | null;
}

const pendingByDatabase = new WeakMap<Database, Pending>();

function pendingOf(db: Database): Pending {
  let pending = pendingByDatabase.get(db);
  if (!pending) {
    pending = { days: new Map(), size: 0, timer: null, flushing: null };
    pendingByDatabase.set(db, pending);
  }
  return pending;
}

/** Counts that the listings `ids` were shown on a results page now. Costs no statement. */
export function countImpressions(db: Database, ids: readonly string[], now = new Date()) {
  if (ids.length === 0) return;
  const pending = pendingOf(db);
  const day = damascusDay(now);
  let counts = pending.days.get(day);
  if (!counts) {
    counts = new Map();
    pending.days.set(day, counts);
  }
  for (const id of ids) {
    const before = counts.get(id);
    if (before === undefined) pending.size++;
    counts.set(id, (before ?? 0) + 1);
  }
  if (pending.size >= PENDING_MAX) {
    void flushImpressions(db);
    return;
  }
  if (!pending.timer) {
    // Outside the request's statement count: the write belongs to no page.
    pending.timer = queryStatsStorage.exit(() =>
      setTimeout(() => {
        pending.timer = null;
        void flushImpressions(db).catch(() => {});
      }, FLUSH_MS),
    );
    pending.timer.unref?.();
  }
}

/**
 * Writes the impressions counted so far: one statement per day they fall on (one, but at
 * midnight). Listings deleted meanwhile are skipped by the join. On failure the counts are put
 * back for the next flush.
 */
export async function flushImpressions(db: Database): Promise<void> {
  const pending = pendingOf(db);
  if (pending.flushing) await pending.flushing;
  if (pending.timer) {
    clearTimeout(pending.timer);
    pending.timer = null;
  }
  const days = pending.days;
  if (days.size === 0) return;
  pending.days = new Map();
  pending.size = 0;
  const write = async () => {
    for (const [day, counts] of days) {
      const ids = [...counts.keys()];
      const amounts = ids.map((id) => counts.get(id) ?? 0);
      try {
        await db.execute(
          addToDailyStats(
            "impressions",
            day,
            sql`select l.id, l.user_id, x.n from unnest(${`{${ids.join(",")}}`}::uuid[], ${`{${amounts.join(",")}}`}::int[]) as x(id, n)
              join listings l on l.id = x.id`,
          ),
        );
      } catch (error) {
        restore(pending, day, counts);
        throw error;
      }
    }
  };
  pending.flushing = queryStatsStorage.exit(write).finally(() => {
    pending.flushing = null;
  });
  await pending.flushing;
}

function restore(pending: Pending, day: string, counts: Map<string, number>) {
  let into = pending.days.get(day);
  if (!into) {
    into = new Map();
    pending.days.set(day, into);
  }
  for (const [id, n] of counts) {
    const before = into.get(id);
    if (before === undefined) pending.size++;
    into.set(id, (before ?? 0) + n);
  }
}
