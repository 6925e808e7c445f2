import { type SQL, sql } from "drizzle-orm";
import { type Database, selectRows } from "~/db/client.server";
import { businessProfiles, favorites, listingDetails, listingImages, listings } from "~/db/schema";
import type { Member } from "~/domain/accounts/session.server";
import { VISIBLE_STATUSES } from "~/domain/listings/listing-status";
import { isListingId } from "~/domain/listings/listings-schemas";
import type { FoundListing } from "./find-listings.server";

/** "More from this seller": at most this many of their other active listings. */
export const MORE_FROM_SELLER = 6;
/** "Similar listings": at most this many. */
export const SIMILAR_LISTINGS = 8;
/** Candidates ranked for similar listings; the seller rule picks SIMILAR_LISTINGS of them. */
const SIMILAR_CANDIDATES = 24;
/**
 * Each way of being similar (same subcategory, same make, same category) reads at most this many
 * of its newest active listings, through its own index: the statement's cost does not grow with
 * the size of a category (decision 026).
 */
const POOL_PER_KIND = 200;
/** Similar prices: half to twice the listing's (a free listing's neighbours are any price). */
const PRICE_BAND = { low: 0.5, high: 2 } as const;

export interface RelatedListings {
  moreFromSeller: FoundListing[];
  similar: FoundListing[];
}

/** A listing row `x` (with its details `d`) as a card's json, the columns of cardColumns. */
function cardJson(extra: SQL = sql``) {
  return sql`json_build_object(
    'id', x.id, 'title', x.title, 'titleAr', x.title_ar, 'price', x.price,
    'location', x.location, 'locationAr', x.location_ar, 'categoryId', x.category_id,
    'status', x.status, 'reserved', x.reserved_at is not null, 'createdAt', x.created_at,
    'bumpedAt', x.bumped_at,
    'businessName', (select b.name from ${businessProfiles} b where b.member_id = x.user_id),
    'details', d.details,
    'image', (select json_build_object('variants', i.variants) from ${listingImages} i
      where i.listing_id = x.id order by i.is_primary desc, i.sort_order asc limit 1)
    ${extra})`;
}

type CardRow = Omit<FoundListing, "createdAt" | "bumpedAt"> & {
  createdAt: string;
  bumpedAt: string | null;
  sellerId?: string;
};

function toFound({ sellerId: _sellerId, ...row }: CardRow): FoundListing {
  return {
    ...row,
    createdAt: new Date(row.createdAt),
    bumpedAt: row.bumpedAt ? new Date(row.bumpedAt) : null,
    image: row.image ?? null,
  };
}

function parsed<T>(value: unknown): T {
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}

/**
 * What the listing page offers after the listing (fetched once the reader nears it,
 * routes/api.related.ts), in one statement:
 * - more from its seller: their newest other active listings (listings_user_created_idx);
 * - similar listings: other sellers' active listings, the same subcategory first, then for cars
 *   the same make and model, then the same city, then the newest, all within a price band
 *   (decision 026); never the same seller twice in a row (`alternateSellers`).
 * Empty lists for an unknown listing, and for one hidden from the public (inactive, removed).
 */
export async function findRelatedListings({
  db,
  listingId,
  member = null,
}: {
  db: Database;
  listingId: string;
  /** A signed-in member: each card then says whether they saved it (`favorited`). */
  member?: Pick<Member, "id"> | null;
}): Promise<RelatedListings> {
  if (!isListingId(listingId)) return { moreFromSeller: [], similar: [] };
  const [row] = await selectRows<{ more: unknown; similar: unknown }>(
    db,
    relatedStatement(listingId.toLowerCase(), { favoritesOf: member?.id ?? null }),
  );
  const more = parsed<CardRow[] | null>(row?.more) ?? [];
  const similar = parsed<CardRow[] | null>(row?.similar) ?? [];
  return {
    moreFromSeller: more.map(toFound),
    similar: alternateSellers(similar, SIMILAR_LISTINGS).map(toFound),
  };
}

/** The statement itself, for running or EXPLAIN (bench/discovery.ts). */
export function relatedStatement(
  listingId: string,
  { favoritesOf = null }: { favoritesOf?: string | null } = {},
): SQL {
  // The member's hearts in the cards' own rows (favorites_user_listing_key), as results pages do.
  const favorited = favoritesOf
    ? sql`, 'favorited', exists (select 1 from ${favorites} f
        where f.user_id = ${favoritesOf} and f.listing_id = x.id), 'own', x.user_id = ${favoritesOf}`
    : sql``;
  const activeNewest = (condition: SQL) => sql`(
    select x.id from ${listings} x
    where x.status = 'active' and ${condition}
    order by x.listed_at desc limit ${POOL_PER_KIND})`;
  return sql`
    with base as materialized (
      select l.id, l.user_id, l.category_id, l.subcategory_id, l.make, l.city_id, l.price,
        d.details ->> 'model' as model
      from ${listings} l left join ${listingDetails} d on d.listing_id = l.id
      -- Only a listing whose page opens for everyone: a hidden one's id tells nothing.
      where l.id = ${listingId} and l.status in (${sql.join(
        VISIBLE_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      )})
    ),
    pool as (
      select p.id from base, lateral ${activeNewest(sql`x.subcategory_id = base.subcategory_id`)} p
      union
      select p.id from base, lateral ${activeNewest(
        sql`x.category_id = base.category_id and x.make = base.make`,
      )} p
      union
      select p.id from base, lateral ${activeNewest(sql`x.category_id = base.category_id`)} p
    )
    select
      (select json_agg(m.card order by m.listed_at desc) from base, lateral (
        select ${cardJson(favorited)} as card, x.listed_at
        from ${listings} x left join ${listingDetails} d on d.listing_id = x.id
        where x.user_id = base.user_id and x.status = 'active' and x.id <> base.id
        -- The seller page's order (all false here), so listings_public_user_idx gives it.
        order by (x.status = 'sold'), x.listed_at desc limit ${MORE_FROM_SELLER}
      ) m) as more,
      (select json_agg(s.card order by s.rank) from (
        select ${cardJson(sql`${favorited}, 'sellerId', x.user_id`)} as card,
          row_number() over (order by
            coalesce(x.subcategory_id = base.subcategory_id, false) desc,
            coalesce(x.make = base.make and d.details ->> 'model' = base.model, false) desc,
            coalesce(x.make = base.make, false) desc,
            coalesce(x.city_id = base.city_id, false) desc,
            x.listed_at desc, x.id) as rank
        from base, pool join ${listings} x on x.id = pool.id
          left join ${listingDetails} d on d.listing_id = x.id
        where x.id <> base.id and x.user_id <> base.user_id and x.status = 'active'
          and (base.price = 0 or x.price between floor(base.price * ${sql.raw(String(PRICE_BAND.low))})
            and ceil(base.price * ${sql.raw(String(PRICE_BAND.high))}))
        order by rank limit ${SIMILAR_CANDIDATES}
      ) s) as similar`;
}

/**
 * The candidates in their order, except that a listing whose seller is the previous one's waits
 * for the next place another seller's cannot take; what cannot be placed at all is left out, so
 * no two neighbours have the same seller.
 */
export function alternateSellers<T extends { sellerId?: string }>(ranked: T[], limit: number): T[] {
  const waiting = [...ranked];
  const out: T[] = [];
  while (out.length < limit && waiting.length > 0) {
    const previous = out[out.length - 1]?.sellerId;
    const next = waiting.findIndex((item) => item.sellerId !== previous);
    if (next < 0) break;
    out.push(...waiting.splice(next, 1));
  }
  return out;
}
