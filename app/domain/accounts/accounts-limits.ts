/*
 * The accounts' limits, typed once: the schemas enforce them, the forms draw them (maxLength,
 * minLength, hints). A plain module, so a page can read a limit without fetching Zod.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 100;
