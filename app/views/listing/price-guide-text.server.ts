import type { PriceGuide } from "~/domain/statistics/price-guide.server";
import type { Lang } from "~/i18n/config";
import { formatNumber, formatPrice } from "~/i18n/format";
import { serverT } from "~/i18n/i18n.server";

/**
 * "Similar cars: SYP 4,500,000 – 6,200,000 (middle half of 12 listings, median SYP 5,100,000)",
 * in the page's language and digits; null without a guide. Cars are category 1, flats 2.
 */
export function priceGuideText(lang: Lang, categoryId: number, guide: PriceGuide | null) {
  if (!guide) return null;
  const t = serverT(lang, "listings");
  return t(categoryId === 1 ? "priceGuide.cars" : "priceGuide.flats", {
    low: formatPrice(lang, guide.low),
    high: formatPrice(lang, guide.high),
    median: formatPrice(lang, guide.median),
    count: guide.count,
    formatted: formatNumber(lang, guide.count),
  });
}

/**
 * The post form's hint: the guide, and where the typed price sits — below, within or above the
 * middle half. Null without a guide.
 */
export function priceGuideHint(
  lang: Lang,
  categoryId: number,
  guide: PriceGuide | null,
  price: number | null,
) {
  const text = priceGuideText(lang, categoryId, guide);
  if (!text || !guide) return null;
  const t = serverT(lang, "listings");
  const position =
    price === null || price <= 0
      ? null
      : price < guide.low
        ? t("priceGuide.below")
        : price > guide.high
          ? t("priceGuide.above")
          : t("priceGuide.within");
  return { text, position };
}
