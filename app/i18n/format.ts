import { type Lang, localeOf } from "./config";

/**
 * Formatting happens on the server and travels as text, so the browser never re-formats with a
 * different ICU and mismatches during hydration. Intl formatters are costly to build and pages
 * format dozens of numbers, so each language and option set builds its formatter once.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(lang: Lang, options: Intl.NumberFormatOptions = {}) {
  const key = `${lang}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(localeOf(lang), options);
    numberFormats.set(key, format);
  }
  return format;
}

export function formatNumber(lang: Lang, value: number, options?: Intl.NumberFormatOptions) {
  return numberFormat(lang, options).format(value);
}

/** "SYP 1,500,000" in English; Arabic-Indic digits and ل.س in Arabic. Never "£". */
export function formatPrice(lang: Lang, syp: number) {
  const digits = formatNumber(lang, Math.round(syp), { maximumFractionDigits: 0 });
  return lang === "ar" ? `${digits} ل.س` : `SYP ${digits}`;
}

/**
 * "$10,458" in English; "١٠٬٤٥٨ دولار" in Arabic — the word, after the number like ل.س, because
 * ICU's "US$" is a Latin run that the bidi algorithm turns into «$US» inside Arabic text.
 */
export function formatUsd(
  lang: Lang,
  usd: number,
  fractionDigits: { min?: number; max?: number } = {},
) {
  const digits = {
    minimumFractionDigits: fractionDigits.min ?? 0,
    maximumFractionDigits: fractionDigits.max ?? 2,
  };
  if (lang === "ar") return `${formatNumber(lang, usd, digits)} دولار`;
  return formatNumber(lang, usd, { style: "currency", currency: "USD", ...digits });
}

export function formatDate(lang: Lang, date: Date | string, options?: Intl.DateTimeFormatOptions) {
  const value = typeof date === "string" ? new Date(date) : date;
  const key = `${lang}|${JSON.stringify(options ?? null)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf(lang), options ?? { dateStyle: "long" });
    dateFormats.set(key, format);
  }
  return format.format(value);
}

const DATE_TIME = {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
} as const;
const TIME = { hour: "numeric", minute: "2-digit" } as const;

/**
 * A moment as the site shows it: "Nov 27, 2026, 2:16 PM", «٢٧ تشرين الثاني ٢٠٢٦، ٢:١٦ م»; or
 * only "2:16 PM" (`timeOnly`, for today's). Every time a page, the browser (times in the reader's
 * zone) or the service worker ("Saved copy from …") writes goes through here, so one time reads
 * the same everywhere. `timeZone` unset: the zone of wherever it runs.
 */
export function formatDateTime(
  lang: Lang,
  date: Date | string,
  { timeZone, timeOnly = false }: { timeZone?: string; timeOnly?: boolean } = {},
) {
  return formatDate(lang, date, { ...(timeOnly ? TIME : DATE_TIME), timeZone });
}
