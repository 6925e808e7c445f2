import { useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import type { Lang } from "~/i18n/config";
import { formatUsd } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import type { loader as rootLoader } from "~/root";
import { parseWholeNumber } from "~/utils/numbers";

/**
 * The live dollar equivalent of the typed price (two decimals, docs/product-decisions.md §D9), at the
 * rate the root loader sent. It appears once JavaScript runs, so the server's and the browser's
 * number formatting never have to agree during hydration.
 */
export function UsdEquivalent({ inputId }: { inputId: string }) {
  const { t } = useTranslation("listings");
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const [amount, setAmount] = useState("");
  const lang: Lang = root?.lang ?? "en";
  const rate = root?.usdRate.rate;

  useEffect(() => {
    const input = document.getElementById(inputId);
    if (!(input instanceof HTMLInputElement) || !rate) return;
    const update = () => {
      const syp = parseWholeNumber(input.value);
      setAmount(syp === null ? "" : formatUsd(lang, syp * rate, { min: 2, max: 2 }));
    };
    update();
    input.addEventListener("input", update);
    return () => input.removeEventListener("input", update);
  }, [inputId, lang, rate]);

  return (
    <p
      className="mt-1.5 min-h-5 text-sm font-medium text-brand-700"
      aria-live="polite"
      data-testid="usd-equivalent"
    >
      {amount ? t("form.usdEquivalent", { amount }) : null}
    </p>
  );
}
