import { redirect } from "react-router";
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
  "listing-renewed",
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

/**
 * The one way an action ends in another page with a notice: a redirect carrying the flash cookie,
 * after any cookies the action set (a new session, a cleared one).
 */
export function redirectWithFlash(to: string, key: FlashKey, cookies: Iterable<string> = []) {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", flashCookie(key));
  return redirect(to, { headers });
}
