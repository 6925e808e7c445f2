/*
 * Saved searches' limits, typed once: the schemas enforce them, the forms draw them (maxLength).
 * A plain module, so a page can read a limit without fetching Zod.
 */

/** Saved searches a member may keep; the 21st is refused with a message. */
export const SAVED_SEARCH_LIMIT = 20;
/** A saved search's name, as the member renames it (the column's check says the same). */
export const SAVED_SEARCH_NAME_MAX = 80;
/** How often new matches are sent: at once (batched by the sender), once a day, or never. */
export const CADENCES = ["instant", "daily", "off"] as const;
export type Cadence = (typeof CADENCES)[number];
/** New matches are counted up to this many on /saved-searches ("99+"): a count, not a scan. */
export const NEW_MATCHES_LIMIT = 99;
