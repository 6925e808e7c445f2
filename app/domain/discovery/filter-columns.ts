/*
 * The listing columns that copy the details the motors filter reads (make, year, kilometres).
 * The database keeps them right whoever writes details (statement triggers on listing_details,
 * drizzle/0005_listing_filter_columns.sql); the demo seeder writes them itself with this function
 * so that the trigger finds nothing to rewrite. Must give what souqna_detail_number gives.
 */

/** Details whose copies live on listings, with the range filters answered from them. */
export const COPIED_RANGE_DETAILS = ["year", "kilometers"] as const;
export type CopiedRangeDetail = (typeof COPIED_RANGE_DETAILS)[number];

export function isCopiedRangeDetail(key: string): key is CopiedRangeDetail {
  return (COPIED_RANGE_DETAILS as readonly string[]).includes(key);
}

/**
 * A detail as a range filter reads it: null when missing or empty (not held to the range), the
 * number when it is written as one, NaN (outside every range) for any other text.
 */
export function detailNumber(value: string | number | undefined | null): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === "number") return Number.isFinite(value) && value >= 0 ? value : Number.NaN;
  if (value === "") return null;
  return /^[0-9]+(\.[0-9]+)?$/.test(value) ? Number(value) : Number.NaN;
}

export function filterColumnsOf(details: Record<string, string | number> | null | undefined): {
  make: string | null;
  year: number | null;
  kilometers: number | null;
} {
  const make = details?.make;
  return {
    make: typeof make === "string" ? make : null,
    year: detailNumber(details?.year),
    kilometers: detailNumber(details?.kilometers),
  };
}
