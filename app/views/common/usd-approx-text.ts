import type { Lang } from "~/i18n/config";
import { formatDate, formatUsd } from "~/i18n/format";
import type { TFunction } from "~/i18n/keys";

/**
 * "≈ $1,234 · rate of Mar 3, 2026" (docs/product-decisions.md §D9), or "≈ $1,234 (approximate)" if the
 * rate is the configured default, which has no date. Call it in a loader with the page's
 * translator (serverT(lang, "listings")) and send the text: formatted once, on the server, the
 * browser never re-formats it with a different ICU during hydration. Null when there is nothing
 * sensible to show.
 */
export function usdApproxText(
  lang: Lang,
  syp: number,
  rate: { rate: number; rateDate: string | null },
  t: TFunction<"listings">,
): string | null {
  const usd = syp * rate.rate;
  if (!(Number.isFinite(usd) && usd > 0)) return null;
  const digits = usd >= 100 ? 0 : 2;
  const amount = formatUsd(lang, usd, { min: digits, max: digits });
  if (!rate.rateDate) return t("money.usdApproxDefault", { amount });
  const date = formatDate(lang, `${rate.rateDate}T00:00:00Z`, {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
  return t("money.usdApprox", { amount, date });
}
