/**
 * The approximate dollar value under a price on the detail page. It only shows text computed by
 * usdApproxText() in the loader, so server and browser render the same characters.
 */
export function UsdApprox({ text }: { text: string | null | undefined }) {
  if (!text) return null;
  return (
    <p className="text-sm font-medium text-muted" data-testid="usd-approx">
      {text}
    </p>
  );
}

export { usdApproxText } from "~/views/common/usd-approx-text";
