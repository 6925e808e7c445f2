import { type SQL, sql } from "drizzle-orm";
import { type Database, selectRows } from "~/db/client.server";

/*
 * The fair-price guide (issue 32): where a price sits among comparable listings — cars of the
 * same make and model, a year either side, in the same mileage band; flats of the same city, sale
 * or rent, type and bedrooms. The groups are the database's price_guide_key(...), one definition
 * for the rebuild and every lookup. The table holds only groups with PRICE_GUIDE_MIN listings;
 * no other category ever has a key.
 */

/** Fewer comparables than this tell nothing: no guide is shown. */
export const PRICE_GUIDE_MIN = 5;
/** Sold listings count this long after they were last changed (marked sold). */
export const PRICE_GUIDE_DAYS = 180;

export interface PriceGuide {
  count: number;
  median: number;
  /** The middle half of prices: the 25th and 75th percentiles. */
  low: number;
  high: number;
}

/**
 * The key of a listing row `l` joined with its details `d`: the group the listing belongs to.
 * Statements that read a listing add its guide with it (guideOf).
 */
export function guideKeyOf(l = sql.raw("l"), d = sql.raw("d")): SQL {
  return sql`price_guide_key(${l}.category_id, ${l}.make, ${l}.year, ${l}.kilometers, ${l}.city_id, ${d}.details)`;
}

/** The listing's guide as json (count, median, low, high), or null: a column for its page. */
export function guideColumn(key: SQL): SQL<PriceGuide | null> {
  return sql<PriceGuide | null>`(select json_build_object('count', g.count, 'median', g.median,
    'low', g.low, 'high', g.high) from price_guides g where g.key = ${key})`;
}

/**
 * Rebuilds the guide from the listings as they are: one statement, in a transaction with the
 * table's emptying, so a reader sees the old guide or the new one. Outliers (outside 1.5 times
 * the interquartile range of their group) are dropped before the figures are taken. Returns the
 * number of groups with a guide.
 */
export async function rebuildPriceGuide(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`delete from price_guides`);
    const [row] = await selectRows<{ groups: number }>(
      tx,
      sql`with samples as (
          select l.price, l.category_id, l.make, l.year, l.kilometers, l.city_id, d.details
          from listings l join listing_details d on d.listing_id = l.id
          where l.category_id in (1, 2) and l.price > 0
            and (l.status = 'active' or (l.status = 'sold'
              and l.updated_at >= now() - make_interval(days => ${PRICE_GUIDE_DAYS})))),
        -- A car is a comparable for its own year and the years either side of it.
        keyed as (
          select price_guide_key(s.category_id, s.make, s.year + v.o, s.kilometers, s.city_id,
            s.details) as key, s.price
          from samples s cross join (values (-1), (0), (1)) as v(o)
          where v.o = 0 or s.category_id = 1),
        quartiles as (
          select key, percentile_cont(0.25) within group (order by price) as q1,
            percentile_cont(0.75) within group (order by price) as q3
          from keyed where key is not null group by key
          having count(*) >= ${PRICE_GUIDE_MIN}),
        trimmed as (
          select k.key, k.price from keyed k join quartiles q on q.key = k.key
          where k.price between q.q1 - 1.5 * (q.q3 - q.q1) and q.q3 + 1.5 * (q.q3 - q.q1)),
        written as (
          insert into price_guides (key, count, median, low, high)
          select key, count(*),
            round(percentile_cont(0.5) within group (order by price)),
            round(percentile_cont(0.25) within group (order by price)),
            round(percentile_cont(0.75) within group (order by price))
          from trimmed group by key having count(*) >= ${PRICE_GUIDE_MIN}
          returning 1)
        select count(*)::int as groups from written`,
    );
    return row?.groups ?? 0;
  });
}

/** The fields of a listing being written, as the post form has them so far. */
export interface GuideFields {
  categoryId: number;
  make?: string | null;
  model?: string | null;
  year?: number | null;
  kilometers?: number | null;
  cityId?: string | null;
  listingType?: string | null;
  type?: string | null;
  bedrooms?: string | null;
}

/**
 * The guide for a listing not yet saved (the post form, as the seller types): the same key
 * function over the fields given. One statement; null without enough fields or comparables.
 */
export async function priceGuideFor(db: Database, fields: GuideFields): Promise<PriceGuide | null> {
  if (fields.categoryId !== 1 && fields.categoryId !== 2) return null;
  const details = JSON.stringify({
    model: fields.model ?? undefined,
    listing_type: fields.listingType ?? undefined,
    type: fields.type ?? undefined,
    bedrooms: fields.bedrooms ?? undefined,
  });
  const [row] = await selectRows<{ guide: PriceGuide | string | null }>(
    db,
    sql`select ${guideColumn(
      sql`price_guide_key(${fields.categoryId}::int, ${fields.make ?? null}::text,
        ${fields.year ?? null}::numeric, ${fields.kilometers ?? null}::numeric,
        ${fields.cityId ?? null}::text, ${details}::jsonb)`,
    )} as guide`,
  );
  return parseGuide(row?.guide);
}

/** A guide as a driver returns its json: an object, or its text. */
export function parseGuide(value: unknown): PriceGuide | null {
  const guide = (typeof value === "string" ? JSON.parse(value) : value) as PriceGuide | null;
  if (!guide) return null;
  return {
    count: Number(guide.count),
    median: Number(guide.median),
    low: Number(guide.low),
    high: Number(guide.high),
  };
}
