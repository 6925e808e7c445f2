import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js/max";
import { compactPhone } from "./phone-shape";

/*
 * Phone numbers as Syrians type them: local mobiles (0944 123 456), landlines with their area
 * code (011 …), the country code written with + or 00, and the numbers of the diaspora
 * (+49 …, +90 …). Arabic keyboards produce Arabic-Indic or Persian digits and often slip in
 * invisible direction marks. Stored as E.164; the "max" metadata is used because only it knows
 * which number ranges really exist.
 */

export type PhoneResult = { ok: true; e164: string } | { ok: false };

export function parsePhone(input: string, defaultCountry: CountryCode = "SY"): PhoneResult {
  const compact = compactPhone(input);
  if (!compact) return { ok: false };
  const parsed = parsePhoneNumberFromString(compact, { defaultCountry, extract: false });
  if (!parsed?.isValid()) return { ok: false };
  return { ok: true, e164: parsed.number };
}

/** "+963 944 123 456": grouped the way the number's own country writes it. */
export function formatPhoneForDisplay(e164: string) {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
