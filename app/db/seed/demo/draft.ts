import type { CategorySlug } from "../../reference-data/types";
import type { Place } from "./places";
import type { Dice } from "./random";

/*
 * What every category generator shares: the context it draws from, the draft it returns (title
 * and description sentences in both languages, details, price) and the price arithmetic.
 */

/** Syrian pounds (new) per US dollar, for prices thought of in dollars as sellers do. */
export const USD = 120;

export function groupThousands(n: number) {
  return n.toLocaleString("en-US");
}

export function roundTo(value: number, step: number) {
  return Math.max(step, Math.round(value / step) * step);
}

/** Price steps a seller would type: 500s for small sums, then 1,000s, 5,000s, 50,000s… */
export function roundPrice(value: number) {
  if (value < 10_000) return roundTo(value, 500);
  if (value < 100_000) return roundTo(value, 1_000);
  if (value < 1_000_000) return roundTo(value, 5_000);
  if (value < 5_000_000) return roundTo(value, 10_000);
  return roundTo(value, 50_000);
}

/**
 * A price drawn between two dollar amounts (times a factor for condition or seniority), in
 * pounds, rounded as a seller would and kept within the category's plausible range.
 */
export function priceFromUsd(
  d: Dice,
  usd: readonly [number, number],
  bounds: readonly [number, number],
  factor = 1,
) {
  return clampPrice(roundPrice(d.float(usd[0], usd[1]) * factor * USD), bounds);
}

export function clampPrice(price: number, [min, max]: readonly [number, number]) {
  return Math.min(max, Math.max(min, price));
}

export type TextLang = "ar" | "en";
export type LangMode = "ar" | "en" | "both";

export interface Ctx {
  d: Dice;
  place: Place;
  mode: LangMode;
  /** Language of free-text detail values (job role, company…) when the listing has both. */
  textLang: TextLang;
  year: number;
}

export interface Draft {
  categoryId: number;
  subcategoryId: number | null;
  image: CategorySlug;
  titleEn: string;
  titleAr: string;
  descEn: string[];
  descAr: string[];
  details: Record<string, string | number>;
  price: number;
}

/** Whether free-text details (a job's role, a service's duration) are written in Arabic. */
export function freeTextInArabic(ctx: Ctx) {
  return ctx.mode === "ar" || (ctx.mode === "both" && ctx.textLang === "ar");
}

/** The details a seller filled in: optional fields left out stay out. */
export function compact(details: Record<string, string | number | undefined>) {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(details)) if (value !== undefined) out[key] = value;
  return out;
}
