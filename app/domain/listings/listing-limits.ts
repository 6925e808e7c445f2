/*
 * The listing form's limits, typed once: the schemas enforce them, the form and its hints draw
 * them. A plain module, so a page can read a limit without fetching Zod or the reference data.
 */
export const TITLE_MAX = 120;
export const DESCRIPTION_MAX = 5_000;
export const DETAIL_TEXT_MAX = 200;
/** Whole new Syrian pounds. */
export const PRICE_MAX = 100_000_000_000;
export const OLDEST_MODEL_YEAR = 1950;
