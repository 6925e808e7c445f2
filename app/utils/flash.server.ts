import { readCookie } from "~/i18n/negotiate";

/*
 * A one-time notice carried across a redirect (e.g. "Account created" after sign-up) in a short
 * cookie. The next page shows it and clears the cookie. Only known keys are ever displayed.
 */
export const flashKeys = [
  "signed-up",
  "signed-out",
  "password-updated",
  "signed-out-everywhere",
  "account-deleted",
  "email-confirmed",
  "profile-saved",
  "listing-created",
  "listing-updated",
  "listing-deleted",
  "favorite-added",
  "favorite-removed",
  "report-submitted",
  "moderation-saved",
  "message-sent",
] as const;
export type FlashKey = (typeof flashKeys)[number];

const COOKIE = "souqna_flash";

export function flashCookie(key: FlashKey) {
  return `${COOKIE}=${key}; Path=/; Max-Age=120; HttpOnly; SameSite=Lax`;
}

export function readFlash(request: Request): { key: FlashKey; clear: string } | undefined {
  const value = readCookie(request.headers.get("cookie"), COOKIE);
  if (!value) return undefined;
  const key = flashKeys.find((k) => k === value);
  const clear = `${COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;
  return key ? { key, clear } : undefined;
}
