import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { cities } from "~/db/reference-data/regions";
import { listingDetails, listingImages, listings } from "~/db/schema";
import { searchMatch } from "~/domain/search/search-query.server";
import { type ListingQuery, PAGE_SIZE, priceFilterApplies } from "./listing-query";

export interface FoundListing {
  id: string;
  title: string;
  titleAr: string;
  price: number;
  location: string;
  locationAr: string;
  categoryId: number;
  createdAt: Date;
  details: Record<string, string | number> | null;
  image: { variants: { width: number; height: number; key: string }[] } | null;
}

export interface FoundPage {
  items: FoundListing[];
  total: number;
  page: number;
  pageCount: number;
}

/** `%` and `_` are wildcards in LIKE; a visitor's text must match only itself. */
function likeText(text: string) {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The WHERE of a results page: only active listings, then every filter that applies. */
export function listingConditions(
  query: ListingQuery,
  { typos = false }: { typos?: boolean } = {},
): { where: SQL; rank: SQL<number> | null } {
  const conditions: SQL[] = [eq(listings.status, "active")];
  if (query.categoryId) conditions.push(eq(listings.categoryId, query.categoryId));
  if (query.subcategoryId) conditions.push(eq(listings.subcategoryId, query.subcategoryId));

  if (query.city) {
    // Case-insensitive substring of the location (spec); a city id stands for its two names.
    const city = cities.find((candidate) => candidate.id === query.city);
    const names = city ? [city.name, city.nameAr] : [query.city];
    conditions.push(
      sql`(${sql.join(
        names.flatMap((name) => [
          sql`${listings.location} ilike ${likeText(name)}`,
          sql`${listings.locationAr} ilike ${likeText(name)}`,
        ]),
        sql` or `,
      )})`,
    );
  }
  if (priceFilterApplies(query)) {
    conditions.push(sql`${listings.price} between ${query.priceMin} and ${query.priceMax}`);
  }
  if (Object.keys(query.exact).length > 0) {
    // One containment test, answered by the GIN index on details.
    conditions.push(sql`${listingDetails.details} @> ${JSON.stringify(query.exact)}::jsonb`);
  }
  for (const range of query.ranges) {
    // Only items that have the detail are held to the range (spec, section 5).
    const value = sql`${listingDetails.details} ->> ${range.key}`;
    conditions.push(
      sql`(${value} is null or ${value} = '' or (${value} ~ '^[0-9]+(\\.[0-9]+)?$' and (${value})::numeric between ${range.min} and ${range.max}))`,
    );
  }
  const match = query.q.trim() ? searchMatch(query.q, { typos }) : null;
  if (match) conditions.push(match.where);
  return { where: and(...conditions) ?? sql`true`, rank: match?.rank ?? null };
}

function orderOf(query: ListingQuery, rank: SQL<number> | null): SQL[] {
  switch (query.sort) {
    case "price_asc":
      return [asc(listings.price), desc(listings.createdAt)];
    case "price_desc":
      return [desc(listings.price), desc(listings.createdAt)];
    case "relevance":
      return rank ? [desc(rank), desc(listings.createdAt)] : [desc(listings.createdAt)];
    default:
      return [desc(listings.createdAt), desc(listings.id)];
  }
}

/**
 * One page of active listings for the home, category and search pages, filtered, sorted and
 * paged in the database, with each listing's primary image (else its first). Two queries: the
 * page and the count (two more when a search finds nothing and is tried again forgiving typos).
 * A page past the end gives the last page.
 */
/** The two statements of a results page (the page and the count), for running or EXPLAIN. */
export function listingStatements(
  db: Database,
  query: ListingQuery,
  pageSize = PAGE_SIZE,
  options: { typos?: boolean } = {},
) {
  const { where, rank } = listingConditions(query, options);
  const needsDetails =
    Object.keys(query.exact).length > 0 || query.ranges.length > 0 ? "inner" : "left";
  const pageOf = (page: number) => {
    const base = db
      .select({
        id: listings.id,
        title: listings.title,
        titleAr: listings.titleAr,
        price: listings.price,
        location: listings.location,
        locationAr: listings.locationAr,
        categoryId: listings.categoryId,
        createdAt: listings.createdAt,
        details: listingDetails.details,
        // The primary image, else the first: one indexed lookup per row of the page.
        imageVariants: sql<FoundListing["image"]>`(
          select json_build_object('variants', i.variants) from ${listingImages} i
          where i.listing_id = ${listings.id}
          order by i.is_primary desc, i.sort_order asc limit 1)`,
      })
      .from(listings);
    const joined =
      needsDetails === "inner"
        ? base.innerJoin(listingDetails, eq(listingDetails.listingId, listings.id))
        : base.leftJoin(listingDetails, eq(listingDetails.listingId, listings.id));
    return joined
      .where(where)
      .orderBy(...orderOf(query, rank))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
  };

  const countQuery = () => {
    const base = db.select({ n: sql<number>`count(*)::int` }).from(listings);
    const joined =
      needsDetails === "inner"
        ? base.innerJoin(listingDetails, eq(listingDetails.listingId, listings.id))
        : base.leftJoin(listingDetails, eq(listingDetails.listingId, listings.id));
    return joined.where(where);
  };

  return { pageOf, countQuery };
}

export async function findListings({
  db,
  query,
  pageSize = PAGE_SIZE,
  withTotal = true,
}: {
  db: Database;
  query: ListingQuery;
  pageSize?: number;
  withTotal?: boolean;
}): Promise<FoundPage> {
  const exact = await findPage(db, query, pageSize, withTotal, false);
  // Typos are forgiven only when the words as typed find nothing: similarity on every row is
  // the costly part of a search, and a common word must stay fast.
  if (exact.total > 0 || !query.q.trim()) return exact;
  return findPage(db, query, pageSize, withTotal, true);
}

async function findPage(
  db: Database,
  query: ListingQuery,
  pageSize: number,
  withTotal: boolean,
  typos: boolean,
): Promise<FoundPage> {
  const { pageOf, countQuery } = listingStatements(db, query, pageSize, { typos });
  const [rows, counted] = await Promise.all([
    pageOf(query.page),
    withTotal ? countQuery() : Promise.resolve(null),
  ]);
  let total = counted ? (counted[0]?.n ?? 0) : rows.length;
  let page = query.page;
  let items = rows;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (withTotal && items.length === 0 && total > 0 && page > pageCount) {
    page = pageCount;
    items = await pageOf(page);
    total = Math.max(total, items.length);
  }
  return {
    items: items.map(({ imageVariants, ...row }) => ({ ...row, image: imageVariants ?? null })),
    total,
    page,
    pageCount,
  };
}
