/*
 * The messages' limits, typed once: the schema enforces them (messaging-schemas.ts), the composer
 * draws them (its counter). A plain module, so a page can read a limit without fetching Zod.
 */

/** The longest message, in characters (the database checks the same bound). */
export const MESSAGE_MAX_LENGTH = 2000;

/** At most this many photos in one message (issue 31). */
export const MESSAGE_PHOTOS_MAX = 3;
