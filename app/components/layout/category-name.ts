/** The name of a category (or anything with en/ar names) in the page's language. */
export function categoryName(item: { name: string; nameAr: string }, lang: string) {
  return lang === "ar" ? item.nameAr || item.name : item.name || item.nameAr;
}
