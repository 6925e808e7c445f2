import { type SQL, sql } from "drizzle-orm";
import { type Database, selectRows } from "~/db/client.server";
import type { Member } from "~/domain/accounts/session.server";
import type { ListingStatus } from "~/domain/listings/listing-status";
import { isListingId } from "~/domain/listings/listings-schemas";
import { AppError } from "~/utils/app-error";
import { addDays, damascusDay, daysOf, type StatsRange } from "./stat-days";
import { emptyCounts, STAT_KINDS, type StatCounts } from "./stat-kinds";

export interface StatsDay {
  /** YYYY-MM-DD, a day in Damascus. */
  day: string;
  counts: StatCounts;
}

export interface StatsSeries {
  /** Every day of the range, the oldest first; a day with nothing has zeros. */
  days: StatsDay[];
  /** The range's sums. */
  totals: StatCounts;
  /** The sums of the range before it, as long: what the change is measured against. */
  previous: StatCounts;
}

/** The sums of each kind, as json columns of a row `s` of listing_daily_stats. */
const SUMS = sql.raw(
  `coalesce(sum(s.views), 0)::int as views, coalesce(sum(s.impressions), 0)::int as impressions,
   coalesce(sum(s.favorites), 0)::int as favorites,
   coalesce(sum(s.phone_reveals), 0)::int as "phoneReveals",
   coalesce(sum(s.whatsapp_taps), 0)::int as "whatsappTaps",
   coalesce(sum(s.conversations), 0)::int as conversations`,
);

interface DayRow extends StatCounts {
  day: string;
  /** The current range's or the one before. */
  current: boolean;
}

/** The range's days and the one before's sums, for the rows `where` selects, in one statement. */
function seriesStatement(where: SQL, from: string, to: string): SQL {
  const previousFrom = addDays(from, -(daysBetween(from, to) + 1));
  return sql`select s.day::text as day, s.day >= ${from}::date as current, ${SUMS}
    from listing_daily_stats s
    where ${where} and s.day between ${previousFrom}::date and ${to}::date
    group by s.day order by s.day`;
}

function daysBetween(from: string, to: string) {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

function countsOf(row: StatCounts): StatCounts {
  const counts = emptyCounts();
  for (const kind of STAT_KINDS) counts[kind] = Number(row[kind] ?? 0);
  return counts;
}

function add(into: StatCounts, counts: StatCounts) {
  for (const kind of STAT_KINDS) into[kind] += counts[kind];
}

/** The rows of seriesStatement as a range with its empty days filled. */
function toSeries(rows: DayRow[], range: StatsRange, today: string): StatsSeries {
  const byDay = new Map<string, StatCounts>();
  const totals = emptyCounts();
  const previous = emptyCounts();
  for (const row of rows) {
    const counts = countsOf(row);
    if (row.current) {
      byDay.set(row.day, counts);
      add(totals, counts);
    } else {
      add(previous, counts);
    }
  }
  return {
    days: daysOf(range, today).map((day) => ({ day, counts: byDay.get(day) ?? emptyCounts() })),
    totals,
    previous,
  };
}

export interface ListingStatistics extends StatsSeries {
  listing: {
    id: string;
    title: string;
    titleAr: string;
    status: ListingStatus;
    createdAt: Date;
    bumpedAt: Date | null;
  };
  /** Since it was posted, folded months included. */
  lifetime: StatCounts;
}

/**
 * A listing's figures over the last `range` days in Damascus, for its owner only: anyone else
 * learns nothing, not even that it exists (LISTING_NOT_FOUND). Two statements.
 */
export async function listingStatistics({
  db,
  member,
  listingId,
  range,
  now = new Date(),
}: {
  db: Database;
  member: Pick<Member, "id"> | null;
  listingId: unknown;
  range: StatsRange;
  now?: Date;
}): Promise<ListingStatistics> {
  if (!member) throw new AppError("AUTH_REQUIRED");
  if (!isListingId(listingId)) throw new AppError("INVALID_LISTING_ID");
  const id = listingId.toLowerCase();
  const [listing] = await selectRows<
    ListingStatistics["listing"] & { userId: string; lifetime: StatCounts }
  >(
    db,
    sql`select l.id, l.title, l.title_ar as "titleAr", l.status, l.created_at as "createdAt",
        l.bumped_at as "bumpedAt", l.user_id as "userId",
        (select row_to_json(t) from (select ${SUMS} from listing_daily_stats s
          where s.listing_id = l.id) t) as lifetime
      from listings l where l.id = ${id}`,
  );
  if (!listing || listing.userId !== member.id) throw new AppError("LISTING_NOT_FOUND");
  const today = damascusDay(now);
  const from = addDays(today, 1 - range);
  const rows = await selectRows<DayRow>(
    db,
    seriesStatement(sql`s.listing_id = ${id}`, from, today),
  );
  const lifetime = countsOf(
    (typeof listing.lifetime === "string" ? JSON.parse(listing.lifetime) : listing.lifetime) ??
      emptyCounts(),
  );
  return {
    ...toSeries(rows, range, today),
    listing: {
      id: listing.id,
      title: listing.title || listing.titleAr,
      titleAr: listing.titleAr || listing.title,
      status: listing.status,
      createdAt: new Date(listing.createdAt),
      bumpedAt: listing.bumpedAt ? new Date(listing.bumpedAt) : null,
    },
    lifetime,
  };
}

export interface SellerListingFigures {
  id: string;
  title: string;
  titleAr: string;
  status: ListingStatus;
  counts: StatCounts;
}

export interface SellerStatistics extends StatsSeries {
  /** Each of the seller's listings with its sums over the range, the most viewed first. */
  listings: SellerListingFigures[];
}

/** Listings in the dashboard's table: a dealer's whole lot fits; past it, the most viewed. */
export const DASHBOARD_LISTINGS_MAX = 500;

/**
 * The member's own figures over the last `range` days: every listing's days added up, and each
 * listing's sums. Two statements, through the seller's index however many listings they have.
 */
export async function sellerStatistics({
  db,
  member,
  range,
  now = new Date(),
}: {
  db: Database;
  member: Pick<Member, "id"> | null;
  range: StatsRange;
  now?: Date;
}): Promise<SellerStatistics> {
  if (!member) throw new AppError("AUTH_REQUIRED");
  const today = damascusDay(now);
  const from = addDays(today, 1 - range);
  const [rows, listings] = await Promise.all([
    selectRows<DayRow>(db, seriesStatement(sql`s.seller_id = ${member.id}`, from, today)),
    selectRows<Omit<SellerListingFigures, "counts"> & StatCounts>(
      db,
      sql`select l.id, l.title, l.title_ar as "titleAr", l.status, ${SUMS}
        from listings l left join listing_daily_stats s
          on s.listing_id = l.id and s.seller_id = ${member.id}
          and s.day between ${from}::date and ${today}::date
        where l.user_id = ${member.id}
        group by l.id
        order by views desc, l.created_at desc, l.id
        limit ${DASHBOARD_LISTINGS_MAX}`,
    ),
  ]);
  return {
    ...toSeries(rows, range, today),
    listings: listings.map((row) => ({
      id: row.id,
      title: row.title || row.titleAr,
      titleAr: row.titleAr || row.title,
      status: row.status,
      counts: countsOf(row),
    })),
  };
}
