import { sql } from "drizzle-orm";
import type { DetailRow, ImageRow, ListingRow } from "./listing";

/**
 * One chunk's listings, details and images as one statement (atomic without a transaction's
 * round trips), each column passed as one array: a thousand rows are some thirty parameters
 * instead of twenty thousand, which is most of what building the statement cost. The status goes
 * as text: PGlite sends an array of a type it does not know (our enum) without its braces.
 */
export function chunkInsert(
  listingRows: ListingRow[],
  detailRows: DetailRow[],
  imageRows: ImageRow[],
) {
  const column = <T, V>(rows: T[], pick: (row: T) => V) => sql.param(rows.map(pick));
  const time = (value: Date | undefined) => (value ?? new Date()).toISOString();
  const l = (pick: (row: ListingRow) => unknown) => column(listingRows, pick);
  const i = (pick: (row: ImageRow) => unknown) => column(imageRows, pick);
  return sql`with new_listings as (
    insert into listings (id, user_id, category_id, subcategory_id, title, title_ar, description,
      description_ar, price, location, location_ar, city_id, status, featured, views_count,
      search_text, search_version, make, year, kilometers, created_at, updated_at)
    select id, user_id, category_id, subcategory_id, title, title_ar, description, description_ar,
      price, location, location_ar, city_id, status::listing_status, featured, views_count,
      search_text, search_version, make, year, kilometers, created_at, updated_at
    from unnest(${l((r) => r.id)}::uuid[], ${l((r) => r.userId)}::text[],
      ${l((r) => r.categoryId)}::int[], ${l((r) => r.subcategoryId ?? null)}::int[],
      ${l((r) => r.title ?? "")}::text[], ${l((r) => r.titleAr ?? "")}::text[],
      ${l((r) => r.description ?? "")}::text[], ${l((r) => r.descriptionAr ?? "")}::text[],
      ${l((r) => r.price)}::bigint[], ${l((r) => r.location ?? "")}::text[],
      ${l((r) => r.locationAr ?? "")}::text[], ${l((r) => r.cityId ?? null)}::text[],
      ${l((r) => r.status ?? "active")}::text[], ${l((r) => r.featured ?? false)}::boolean[],
      ${l((r) => r.viewsCount ?? 0)}::int[], ${l((r) => r.searchText ?? "")}::text[],
      ${l((r) => r.searchVersion ?? 0)}::int[], ${l((r) => r.make ?? null)}::text[],
      ${l((r) => r.year ?? null)}::numeric[], ${l((r) => r.kilometers ?? null)}::numeric[],
      ${l((r) => time(r.createdAt))}::timestamptz[], ${l((r) => time(r.updatedAt))}::timestamptz[])
      as u(id, user_id, category_id, subcategory_id, title, title_ar, description, description_ar,
        price, location, location_ar, city_id, status, featured, views_count, search_text,
        search_version, make, year, kilometers, created_at, updated_at)
  ), new_details as (
    insert into listing_details (listing_id, details)
    select * from unnest(${column(detailRows, (r) => r.listingId)}::uuid[],
      ${column(detailRows, (r) => JSON.stringify(r.details ?? {}))}::jsonb[])
  )
  insert into listing_images (id, listing_id, storage_key, variants, width, height, is_primary,
    sort_order, created_at, photo_hash, photo_colours)
  select * from unnest(${i((r) => r.id)}::uuid[], ${i((r) => r.listingId)}::uuid[],
    ${i((r) => r.storageKey)}::text[], ${i((r) => JSON.stringify(r.variants))}::jsonb[],
    ${i((r) => r.width)}::int[], ${i((r) => r.height)}::int[], ${i((r) => r.isPrimary ?? false)}::boolean[],
    ${i((r) => r.sortOrder ?? 0)}::int[], ${i((r) => time(r.createdAt))}::timestamptz[],
    ${i((r) => r.photoHash?.toString() ?? null)}::bigint[], ${i((r) => r.photoColours ?? null)}::text[])`;
}
