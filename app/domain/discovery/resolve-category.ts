import { categories } from "~/db/reference-data/categories";
import type { CategoryRef } from "~/db/reference-data/types";

/** Words old links and people use for the main categories, tried last (spec, section 5). */
const FALLBACKS: [slug: CategoryRef["slug"], words: string[]][] = [
  ["motors", ["car", "cars", "vehicle", "vehicles", "auto", "سيارات", "سيارة"]],
  ["property", ["real-estate", "realestate", "estate", "apartments", "homes", "عقارات"]],
  ["jobs", ["job", "career", "careers", "work", "وظائف", "وظيفة"]],
  ["electronics", ["electronic", "phones", "mobiles", "devices", "الكترونيات"]],
  ["services", ["service", "خدمة"]],
];

/**
 * The category a `/category/{x}` address means, in the spec's lookup order: slug, numeric id,
 * exact name in either language (any case), part of the English name, part of the Arabic name,
 * then the fallback words above. Undefined: "Category not found".
 */
export function resolveCategory(raw: string): CategoryRef | undefined {
  let text: string;
  try {
    text = decodeURIComponent(raw);
  } catch {
    text = raw;
  }
  text = text.trim();
  if (!text || text.length > 80) return undefined;
  const lower = text.toLowerCase();
  return (
    categories.find((category) => category.slug === lower) ??
    (/^\d+$/.test(text)
      ? categories.find((category) => category.id === Number(text))
      : undefined) ??
    categories.find(
      (category) => category.name.toLowerCase() === lower || category.nameAr === text,
    ) ??
    categories.find((category) => category.name.toLowerCase().includes(lower)) ??
    categories.find((category) => category.nameAr.includes(text)) ??
    categories.find(
      (category) =>
        FALLBACKS.find(([slug]) => slug === category.slug)?.[1].includes(lower) ?? false,
    )
  );
}
