/*
 * Numbers as people type them on Syrian phones: Arabic-Indic or Persian digits, Arabic thousands
 * separators, stray direction marks from copy and paste. Shared by the browser and the server.
 */

/** Direction marks that pasted Arabic numbers often carry. */
export const BIDI_MARKS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** Arabic-Indic (٠–٩) and Persian (۰–۹) digits to ASCII. */
export function toLatinDigits(value: string): string {
  return value.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) =>
    String((digit.codePointAt(0) ?? 0) & 0xf),
  );
}

const WHOLE_NUMBER = /^(\d+|\d{1,3}([,٬' \u00A0\u202F]\d{3})+)$/;

/**
 * A whole non-negative number as people type it: "1500000", "1,500,000", "١٬٥٠٠٬٠٠٠", "۱۵۰۰۰۰۰".
 * Separators must group thousands; decimals, signs and exponents are refused (null).
 */
export function parseWholeNumber(input: unknown): number | null {
  if (typeof input === "number") return Number.isSafeInteger(input) && input >= 0 ? input : null;
  if (typeof input !== "string") return null;
  const text = toLatinDigits(input.replace(BIDI_MARKS, "").trim());
  if (!WHOLE_NUMBER.test(text)) return null;
  const value = Number(text.replace(/\D/g, ""));
  return Number.isSafeInteger(value) ? value : null;
}
