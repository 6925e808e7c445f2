import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { cities } from "~/db/reference-data/regions";
import { businessProfiles, favorites, listingDetails, listingImages, listings } from "~/db/schema";
import type { Member } from "~/domain/accounts/session.server";
import { type ListingStatus, PUBLIC_STATUSES } from "~/domain/listings/listing-status";
import {
  type Corrections,
  expandQuery,
  prepareSearch,
  searchMatch,
} from "~/domain/search/search-query.server";
import { isCopiedRangeDetail } from "./filter-columns";
import { type ListingQuery, PAGE_SIZE, priceFilterApplies } from "./listing-query";

export interface FoundListing {
  id: string;
  title: string;
  titleAr: string;
  price: number;
  location: string;
  locationAr: string;
  categoryId: number;
  /** Active on results pages; a seller's page lists their sold ones too (marked). */
  status: ListingStatus;
  /** Its owner reserved it (issue 31): shown with a badge, after the available ones. */
  reserved: boolean;
  createdAt: Date;
  /** When its owner last bumped it to the top, if they did: the card then says "Updated". */
  bumpedAt: Date | null;
  /** Its seller's business name, when their page is a business's (issue 32). */
  businessName: string | null;
  details: Record<string, string | number> | null;
  image: { variants: { width: number; height: number; key: string }[] } | null;
  /** The member the page was asked for saved it; absent when no member was given. */
  favorited?: boolean;
  /** It is that member's own listing (no heart on it); absent when no member was given. */
  own?: boolean;
}

export interface FoundPage {
  items: FoundListing[];
  /** The number of matches, counted up to COUNT_LIMIT; `more` says there are more than that. */
  total: number;
  more: boolean;
  page: number;
  pageCount: number;
}

/**
 * Matches are counted up to this many: past it the page says "more than 1,000" and pages on.
 * Counting every one of 30,000 matches for a common word costs a scan of them all, on every
 * page view; nobody pages that far.
 */
export const COUNT_LIMIT = 1000;

export interface StatementOptions {
  /** Known words close to each misspelt query word (findCorrections). */
  corrections?: Corrections;
  /** Each query word's tsquery text, as expandQuery returned it. */
  expanded?: readonly (string | null)[];
  /**
   * One more condition, ANDed to the page's: saved searches count the matches created since the
   * member's last visit, and test one new listing (`listings.id = $new`), with the page's WHERE.
   */
  also?: SQL;
  /**
   * The signed-in member's id: the page's rows then say whether each is in their favourites (one
   * indexed lookup per row of the page), instead of a query of its own. Without it the page's
   * statement is the visitors' one, unchanged (docs/decisions/011).
   */
  favoritesOf?: string | null;
  /**
   * A seller's page (app/domain/sellers): only this member's listings, their sold ones with the
   * active (never removed, expired or hidden ones), the active first.
   */
  seller?: string;
}

/** `%` and `_` are wildcards in LIKE; a visitor's text must match only itself. */
function likeText(text: string) {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The city filter: a case-insensitive substring of the location (spec); a city id stands for its
 * two names. Saved-search matching asks it of every city to learn which a listing names.
 */
export function cityCondition(cityOrText: string): SQL {
  const city = cities.find((candidate) => candidate.id === cityOrText);
  const names = city ? [city.name, city.nameAr] : [cityOrText];
  return sql`(${sql.join(
    names.flatMap((name) => [
      sql`${listings.location} ilike ${likeText(name)}`,
      sql`${listings.locationAr} ilike ${likeText(name)}`,
    ]),
    sql` or `,
  )})`;
}

/** The WHERE of a results page: only active listings, then every filter that applies. */
export function listingConditions(
  query: ListingQuery,
  { corrections, expanded, also, seller }: StatementOptions = {},
): { where: SQL; rank: SQL<number> | null; expansions: SQL<string>[] } {
  const conditions: SQL[] = seller
    ? [eq(listings.userId, seller), inArray(listings.status, [...PUBLIC_STATUSES])]
    : [eq(listings.status, "active")];
  if (also) conditions.push(also);
  if (query.categoryId) conditions.push(eq(listings.categoryId, query.categoryId));
  if (query.subcategoryId) conditions.push(eq(listings.subcategoryId, query.subcategoryId));

  if (query.city) conditions.push(cityCondition(query.city));
  if (priceFilterApplies(query)) {
    conditions.push(sql`${listings.price} between ${query.priceMin} and ${query.priceMax}`);
  }
  const { make, ...otherExact } = query.exact;
  // The make is read from its copy on listings (filter-columns.ts): with the category it walks
  // listings_active_category_make_listed_idx instead of joining every car's details.
  if (make !== undefined) conditions.push(eq(listings.make, make));
  if (Object.keys(otherExact).length > 0) {
    // One containment test, answered by the GIN index on details.
    conditions.push(sql`${listingDetails.details} @> ${JSON.stringify(otherExact)}::jsonb`);
  }
  for (const range of query.ranges) {
    // Only items that have the detail are held to the range (spec, section 5).
    if (isCopiedRangeDetail(range.key)) {
      // Null when the detail is missing or empty, NaN (in no range) when it is not a number.
      const column = listings[range.key];
      conditions.push(sql`(${column} is null or ${column} between ${range.min} and ${range.max})`);
      continue;
    }
    const value = sql`${listingDetails.details} ->> ${range.key}`;
    conditions.push(
      sql`(${value} is null or ${value} = '' or (${value} ~ '^[0-9]+(\\.[0-9]+)?$' and (${value})::numeric between ${range.min} and ${range.max}))`,
    );
  }
  const match = query.q.trim() ? searchMatch(query.q, { corrections, expanded }) : null;
  if (match) conditions.push(match.where);
  return {
    where: and(...conditions) ?? sql`true`,
    rank: match?.rank ?? null,
    expansions: match?.expansions ?? [],
  };
}

function orderOf(
  query: ListingQuery,
  rank: SQL<number> | null,
  broad: boolean,
  seller: boolean,
  reservedLast: boolean,
): SQL[] {
  // On a seller's page what can still be bought comes first, in the chosen order, then the sold.
  const sold = seller ? [sql`(${listings.status} = 'sold')`] : [];
  // Reserved listings after the available ones, across the pages where the matches are few
  // enough to sort (counted, at most COUNT_LIMIT); on a broad page within the page (byReserved).
  const reserved = reservedLast ? [sql`(${listings.reservedAt} is not null)`] : [];
  return [...sold, ...reserved, ...sortOrder(query, rank, broad)];
}

/**
 * A page's reserved listings after its available ones, each group in the page's order (a stable
 * sort): what a broad page, whose order walks an index, can afford.
 */
function byReserved(items: FoundListing[]) {
  return [...items].sort((a, b) => Number(a.reserved) - Number(b.reserved));
}

function sortOrder(query: ListingQuery, rank: SQL<number> | null, broad: boolean): SQL[] {
  switch (query.sort) {
    case "price_asc":
      return [asc(listings.price), desc(listings.listedAt)];
    case "price_desc":
      return [desc(listings.price), desc(listings.listedAt)];
    case "relevance":
      // Ranking reads every match; when there are more than COUNT_LIMIT of them (a common word)
      // the words say little about relevance anyway, and the newest come first, walking the
      // index on listed_at.
      return rank && !broad
        ? [desc(rank), desc(listings.listedAt)]
        : [desc(listings.listedAt), desc(listings.id)];
    default:
      // The newest first: by when each was posted or last bumped (issue 32).
      return [desc(listings.listedAt), desc(listings.id)];
  }
}

/**
 * A detail filter holds only listings that have details (an inner join). A make copied onto the
 * listing already says it has them, so the motors filter need not join details to count.
 */
function needsDetailsJoin(query: ListingQuery) {
  const { make, ...otherExact } = query.exact;
  return (
    Object.keys(otherExact).length > 0 ||
    query.ranges.some((range) => make === undefined || !isCopiedRangeDetail(range.key))
  );
}

/**
 * Whether the row of `listings` LEFT JOIN `listing_details` at hand is one the query's results
 * page lists: its WHERE, and the inner join's "has details" where the page joins them. Saved-search
 * matching tests many queries against one new listing with it, in one select.
 */
export function listingMatch(query: ListingQuery, options: StatementOptions = {}): SQL {
  const { where } = listingConditions(query, options);
  if (!needsDetailsJoin(query)) return where;
  return sql`(${where} and ${listingDetails.listingId} is not null)`;
}

/** The two statements of a results page (the page and the count), for running or EXPLAIN. */
export function listingStatements(
  db: Database,
  query: ListingQuery,
  pageSize = PAGE_SIZE,
  options: StatementOptions = {},
) {
  const { where, rank } = listingConditions(query, options);
  const columns = options.favoritesOf
    ? {
        ...cardColumns,
        favorited: favoritedColumn(options.favoritesOf),
        own: sql<boolean>`${listings.userId} = ${options.favoritesOf}`,
      }
    : cardColumns;
  const needsDetails = needsDetailsJoin(query);
  const pageOf = (page: number, broad = false, reservedLast = false) => {
    // Typed as if `favorited` were always there; it is only with favoritesOf (toFound).
    const base = db.select(columns as CardColumnsWithFavorited).from(listings);
    const joined = needsDetails
      ? base.innerJoin(listingDetails, eq(listingDetails.listingId, listings.id))
      : base.leftJoin(listingDetails, eq(listingDetails.listingId, listings.id));
    return joined
      .where(where)
      .orderBy(...orderOf(query, rank, broad, Boolean(options.seller), reservedLast))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
  };

  // Counts up to COUNT_LIMIT + 1 matches and stops there.
  const countQuery = () => {
    const base = db.select({ one: sql`1` }).from(listings);
    const joined = needsDetails
      ? base.innerJoin(listingDetails, eq(listingDetails.listingId, listings.id))
      : base;
    const matches = joined
      .where(where)
      .limit(COUNT_LIMIT + 1)
      .as("matches");
    return db.select({ n: sql<number>`count(*)::int` }).from(matches);
  };

  return { pageOf, countQuery };
}

/**
 * One page of active listings for the home, category and search pages, filtered, sorted and
 * paged in the database, with each listing's primary image (else its first). Two queries: the
 * count (up to COUNT_LIMIT), then the page; a search first looks up what its words stand for
 * (three, with the corrections it may need), and one that finds nothing is tried again
 * forgiving typos (five). A page past the end
 * gives the last page.
 */
/**
 * The columns a result card shows, with its primary image (else its first) in the same row: one
 * indexed lookup per row of the page. Favourites' cards read the same (favorite-listing.server.ts).
 */
export const cardColumns = {
  id: listings.id,
  title: listings.title,
  titleAr: listings.titleAr,
  price: listings.price,
  location: listings.location,
  locationAr: listings.locationAr,
  categoryId: listings.categoryId,
  status: listings.status,
  reserved: sql<boolean>`(${listings.reservedAt} is not null)`,
  createdAt: listings.createdAt,
  bumpedAt: listings.bumpedAt,
  // The seller's business, by its primary key: one lookup per row of the page.
  businessName: sql<string | null>`(select b.name from ${businessProfiles} b
    where b.member_id = ${listings.userId})`,
  details: listingDetails.details,
  imageVariants: sql<FoundListing["image"]>`(
    select json_build_object('variants', i.variants) from ${listingImages} i
    where i.listing_id = ${listings.id}
    order by i.is_primary desc, i.sort_order asc limit 1)`,
};

/** Whether the member saved the row's listing: favorites_user_listing_key answers it. */
function favoritedColumn(memberId: string) {
  return sql<boolean>`exists (
    select 1 from ${favorites} f
    where f.user_id = ${memberId} and f.listing_id = ${listings.id})`;
}

type CardColumnsWithFavorited = typeof cardColumns & {
  favorited: ReturnType<typeof favoritedColumn>;
  own: SQL<boolean>;
};

export async function findListings({
  db,
  query,
  pageSize = PAGE_SIZE,
  withTotal = true,
  member = null,
  seller,
}: {
  db: Database;
  query: ListingQuery;
  pageSize?: number;
  withTotal?: boolean;
  /** A signed-in member: each listing then says whether they saved it (`favorited`). */
  member?: Pick<Member, "id"> | null;
  /** Only this seller's public listings (StatementOptions.seller). */
  seller?: string;
}): Promise<FoundPage> {
  const favoritesOf = member?.id ?? null;
  // What each query word stands for, first, so that the count and the page carry it as a
  // constant; the corrections they would need come in the same statement.
  const prepared = query.q.trim() ? await prepareSearch(db, query.q) : undefined;
  const exact = await findPage(db, query, pageSize, withTotal, {
    expanded: prepared?.expanded,
    favoritesOf,
    seller,
  });
  // Typos are forgiven only when the words as typed find nothing: then each word is also tried
  // as the known words closest to it.
  if (exact.total > 0 || !prepared || prepared.corrections.size === 0) return exact;
  const { corrections } = prepared;
  const expanded = await expandQuery(db, query.q, { corrections });
  return findPage(db, query, pageSize, withTotal, { corrections, expanded, favoritesOf, seller });
}

function toFound({
  imageVariants,
  favorited,
  own,
  ...row
}: Omit<FoundListing, "image" | "favorited" | "own"> & {
  imageVariants: FoundListing["image"];
  /** Undefined for a visitor's page: their statement has no such columns. */
  favorited: boolean | undefined;
  own: boolean | undefined;
}): FoundListing {
  const found: FoundListing = { ...row, image: imageVariants ?? null };
  if (favorited !== undefined) found.favorited = favorited;
  if (own !== undefined) found.own = own;
  return found;
}

async function findPage(
  db: Database,
  query: ListingQuery,
  pageSize: number,
  withTotal: boolean,
  options: StatementOptions = {},
): Promise<FoundPage> {
  const { pageOf, countQuery } = listingStatements(db, query, pageSize, options);
  if (!withTotal) {
    const rows = await pageOf(query.page);
    return {
      items: byReserved(rows.map(toFound)),
      total: rows.length,
      more: false,
      page: query.page,
      pageCount: 1,
    };
  }
  // The count first: it decides whether the page can afford to rank by relevance.
  const counted = (await countQuery())[0]?.n ?? 0;
  const more = counted > COUNT_LIMIT;
  const total = Math.min(counted, COUNT_LIMIT);
  let page = query.page;
  let items = total > 0 ? await pageOf(page, more, !more) : [];
  // Pages run to COUNT_LIMIT and, past it, for as long as there are results; a page past the
  // end gives the last page that is known to have some.
  const known = Math.max(1, Math.ceil(total / pageSize));
  if (items.length === 0 && total > 0) {
    page = known;
    items = await pageOf(page, more, !more);
  }
  const pageCount =
    more && items.length === pageSize ? Math.max(known, page + 1) : Math.max(known, page);
  return {
    items: byReserved(items.map(toFound)),
    total,
    more,
    page,
    pageCount,
  };
}
