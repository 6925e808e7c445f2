import { sql } from "drizzle-orm";
import { type Database, selectRows } from "~/db/client.server";

/** A price under this share of the comparables' median is far below them (issue 30). */
export const FAR_BELOW_SHARE = 0.3;
/** Fewer comparables than this say nothing about a price. */
export const MIN_COMPARABLES = 5;
/** The newest comparables looked at: enough for a median, a bounded read however large the market. */
const MAX_COMPARABLES = 200;
const COMPARABLE_DAYS = 180;

export interface PriceCheck {
  categoryId: number;
  /** The listing's details: its `type` (and a car's `make`) narrow the comparables. */
  details: Record<string, string | number | undefined>;
  price: number;
  /** The listing being edited is not its own comparable. */
  listingId?: string;
}

export interface PriceComparison {
  median: number;
  comparables: number;
}

/**
 * The median price of comparable listings — same category, same type and make when the listing
 * has them, active or sold, posted in the last 180 days, with a price — over the newest 200; null
 * when there are fewer than MIN_COMPARABLES. One statement.
 */
export async function comparablePrices(
  db: Pick<Database, "execute">,
  check: Omit<PriceCheck, "price">,
): Promise<PriceComparison | null> {
  const type = typeof check.details.type === "string" ? check.details.type : null;
  const make = typeof check.details.make === "string" ? check.details.make : null;
  const [row] = await selectRows<{ median: string | number | null; n: string | number }>(
    db,
    sql`select percentile_cont(0.5) within group (order by price) as median, count(*) as n
        from (
          select l.price from listings l
          ${type ? sql`join listing_details d on d.listing_id = l.id and d.details->>'type' = ${type}` : sql``}
          where l.category_id = ${check.categoryId} and l.status in ('active', 'sold') and l.price > 0
            and l.created_at > now() - make_interval(days => ${COMPARABLE_DAYS})
            ${make ? sql`and l.make = ${make}` : sql``}
            ${check.listingId ? sql`and l.id <> ${check.listingId}` : sql``}
          order by l.created_at desc
          limit ${MAX_COMPARABLES}
        ) comparable`,
  );
  const comparables = Number(row?.n ?? 0);
  if (comparables < MIN_COMPARABLES || row?.median == null) return null;
  return { median: Number(row.median), comparables };
}

/** Whether a price is far below what comparable listings ask (a classic bait). */
export function isFarBelow(price: number, comparison: PriceComparison | null): boolean {
  return comparison !== null && price > 0 && price < comparison.median * FAR_BELOW_SHARE;
}
