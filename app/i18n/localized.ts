import type { Lang } from "./config";

/** Something named in both languages: `name` and `nameAr`, or `label`/`labelAr`, `title`/`titleAr`. */
export type Bilingual<K extends string> = Record<K | `${K}Ar`, string>;

/**
 * A bilingual name (reference data: categories, places, makes, field labels; a listing's title) in
 * the page's language, or in the other language where the page's is empty.
 */
export function localized<K extends string = "name">(
  lang: Lang,
  item: Bilingual<NoInfer<K>>,
  key: K = "name" as K,
): string {
  const english = item[key];
  const arabic = item[`${key}Ar`];
  return lang === "ar" ? arabic || english : english || arabic;
}
