import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js/max";

/*
 * Phone numbers as Syrians type them: local mobiles (0944 123 456), landlines with their area
 * code (011 …), the country code written with + or 00, and the numbers of the diaspora
 * (+49 …, +90 …). Arabic keyboards produce Arabic-Indic or Persian digits and often slip in
 * invisible direction marks. Stored as E.164; the "max" metadata is used because only it knows
 * which number ranges really exist.
 */

export type PhoneResult = { ok: true; e164: string } | { ok: false };

const ARABIC_INDIC_ZERO = 0x0660;
const PERSIAN_ZERO = 0x06f0;

/** Arabic-Indic (٠-٩) and Persian (۰-۹) digits become 0-9; everything else is kept as is. */
export function normalizeDigits(value: string) {
  return value.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => {
    const code = digit.charCodeAt(0);
    return String(code >= PERSIAN_ZERO ? code - PERSIAN_ZERO : code - ARABIC_INDIC_ZERO);
  });
}

// Separators people type, and the invisible bidi marks that RTL editors insert around digits.
const SEPARATORS =
  /[\s\u00a0\u2000-\u200b\u202f\u205f\u3000.\-‐‑‒–—−()[\]/\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g;
// E.164 allows 15 digits; "00" as the international prefix adds two.
const MAX_DIGITS = 17;
const MAX_INPUT_LENGTH = 40;

export function parsePhone(input: string, defaultCountry: CountryCode = "SY"): PhoneResult {
  if (typeof input !== "string" || input.length > MAX_INPUT_LENGTH) return { ok: false };
  const compact = normalizeDigits(input).replace(SEPARATORS, "").replace(/^＋/, "+");
  // Letters, punctuation or a plus sign in the middle are not typos we should guess around.
  if (!/^\+?\d+$/.test(compact)) return { ok: false };
  const digits = compact.replace("+", "");
  if (digits.length < 6 || digits.length > MAX_DIGITS) return { ok: false };
  const parsed = parsePhoneNumberFromString(compact, { defaultCountry, extract: false });
  if (!parsed?.isValid()) return { ok: false };
  return { ok: true, e164: parsed.number };
}

/** "+963 944 123 456": grouped the way the number's own country writes it. */
export function formatPhoneForDisplay(e164: string) {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
