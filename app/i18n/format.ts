import { type Lang, localeOf } from "./config";

/**
 * Formatting happens on the server and travels as text, so the browser never re-formats with a
 * different ICU and mismatches during hydration.
 */
export function formatNumber(lang: Lang, value: number, options?: Intl.NumberFormatOptions) {
  return new Intl.NumberFormat(localeOf(lang), options).format(value);
}

/** "SYP 1,500,000" in English; Arabic-Indic digits and ل.س in Arabic. Never "£". */
export function formatPrice(lang: Lang, syp: number) {
  const digits = formatNumber(lang, Math.round(syp), { maximumFractionDigits: 0 });
  return lang === "ar" ? `${digits} ل.س` : `SYP ${digits}`;
}

export function formatUsd(
  lang: Lang,
  usd: number,
  fractionDigits: { min?: number; max?: number } = {},
) {
  return new Intl.NumberFormat(localeOf(lang), {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: fractionDigits.min ?? 0,
    maximumFractionDigits: fractionDigits.max ?? 2,
  }).format(usd);
}

export function formatDate(lang: Lang, date: Date | string, options?: Intl.DateTimeFormatOptions) {
  const value = typeof date === "string" ? new Date(date) : date;
  return new Intl.DateTimeFormat(localeOf(lang), options ?? { dateStyle: "long" }).format(value);
}
