import { z } from "zod";
import { readCookie } from "~/i18n/negotiate";
import { checkbox } from "./form-fields";

/*
 * Data saver, for visitors who pay for every megabyte: on when the browser sends `Save-Data: on`
 * (Chrome's Lite mode, Android's data saver) or when the person turned it on in Settings on this
 * device. Then list cards take their 320-pixel picture, the listing page only its first photo (at
 * most 640 pixels) until asked for the rest, and nothing is prefetched.
 *
 * The setting is a cookie, not an account preference: it is about this device's connection (a
 * phone on mobile data, the same member's laptop on Wi-Fi), and it works signed out.
 */

export const dataSaverCookieName = "data_saver";
/** A year: the setting stays until it is turned off. */
export const DATA_SAVER_COOKIE_SECONDS = 31_536_000;

/** Whether the Cookie header carries the setting. */
export function dataSaverCookieIsOn(cookieHeader: string | null | undefined): boolean {
  return readCookie(cookieHeader, dataSaverCookieName) === "on";
}

/** Whether this request asks for fewer bytes: `Save-Data: on`, or the setting's cookie. */
export function wantsDataSaver(
  saveDataHeader: string | null | undefined,
  cookieHeader: string | null | undefined,
): boolean {
  return saveDataHeader?.trim().toLowerCase() === "on" || dataSaverCookieIsOn(cookieHeader);
}

/** The Set-Cookie header that turns the setting on or off on this device. */
export function dataSaverCookie(on: boolean, secure: boolean): string {
  const attributes = `Path=/; SameSite=Lax; HttpOnly${secure ? "; Secure" : ""}`;
  return on
    ? `${dataSaverCookieName}=on; Max-Age=${DATA_SAVER_COOKIE_SECONDS}; ${attributes}`
    : `${dataSaverCookieName}=; Max-Age=0; ${attributes}`;
}

/** The setting's form in /settings (intent data-saver). */
export const dataSaverSchema = z.object({ dataSaver: checkbox });
