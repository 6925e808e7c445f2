import { PHONE_INPUT_MAX } from "./accounts-limits";

/*
 * What a phone number looks like before anyone asks which numbers exist: digits (Latin,
 * Arabic-Indic or Persian), an optional leading +, the separators people type. Light enough for
 * the browser's form check; phone.ts adds the real check (libphonenumber's "max" metadata) on
 * the server.
 */

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

/** The number as "+963944…" or "0944…" when it has a phone number's shape, else undefined. */
export function compactPhone(input: string): string | undefined {
  if (typeof input !== "string" || input.length > PHONE_INPUT_MAX) return undefined;
  const compact = normalizeDigits(input).replace(SEPARATORS, "").replace(/^＋/, "+");
  // Letters, punctuation or a plus sign in the middle are not typos we should guess around.
  if (!/^\+?\d+$/.test(compact)) return undefined;
  const digits = compact.replace("+", "");
  if (digits.length < 6 || digits.length > MAX_DIGITS) return undefined;
  return compact;
}
