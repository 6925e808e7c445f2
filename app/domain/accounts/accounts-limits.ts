/*
 * The accounts' limits, typed once: the schemas enforce them, the forms draw them (maxLength,
 * minLength, hints). A plain module, so a page can read a limit without fetching Zod.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 100;
/** A username: 3 to 30 of a–z, 0–9 and _, stored lowercase and without its "@". */
export const USERNAME_PATTERN = /^[a-z0-9_]{3,30}$/;
export const USERNAME_MAX = 30;
/** What a phone number may be typed as, spaces and marks included (phone.ts reads it). */
export const PHONE_INPUT_MAX = 40;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
