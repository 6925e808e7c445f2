import { isLang } from "~/i18n/config";
import { type Bilingual, localized } from "~/i18n/localized";

/** The name of a category (or anything with en/ar names) in the page's language. */
export function categoryName(item: Bilingual<"name">, lang: string) {
  return localized(isLang(lang) ? lang : "en", item);
}
