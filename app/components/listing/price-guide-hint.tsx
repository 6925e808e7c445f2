import { useEffect, useState } from "react";
import { DETAIL_PREFIX } from "~/views/listing/listing-form-view";

interface Hint {
  text: string;
  position: string | null;
}

/** The fields the guide's groups are made of (price_guide_key), as the form names them. */
const GUIDE_DETAILS = ["make", "model", "year", "kilometers", "listing_type", "type", "bedrooms"];

/**
 * The fair-price guide under the price (issue 32): once a car's or a flat's fields are filled in,
 * what similar listings ask, and where the typed price sits. Asked of the server a moment after
 * the seller stops typing; nothing without JavaScript, nothing for other categories, nothing
 * when there are too few comparables.
 */
export function PriceGuideHint({ inputId }: { inputId: string }) {
  const [hint, setHint] = useState<Hint | null>(null);

  useEffect(() => {
    const input = document.getElementById(inputId);
    const form = input?.closest("form");
    if (!(input instanceof HTMLInputElement) || !form) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let asking: AbortController | undefined;
    let last = "";
    const ask = () => {
      const data = new FormData(form);
      const categoryId = String(data.get("categoryId") ?? "");
      if (categoryId !== "1" && categoryId !== "2") {
        setHint(null);
        return;
      }
      const params = new URLSearchParams({
        categoryId,
        price: input.value,
        city: String(data.get("location") ?? ""),
      });
      for (const key of GUIDE_DETAILS) {
        params.set(key, String(data.get(`${DETAIL_PREFIX}${key}`) ?? ""));
      }
      const query = params.toString();
      if (query === last) return;
      last = query;
      asking?.abort();
      asking = new AbortController();
      fetch(`/api/price-guide?${query}`, { signal: asking.signal })
        .then((response) => (response.ok ? response.json() : null))
        .then((body: { hint?: Hint | null } | null) => setHint(body?.hint ?? null))
        // Offline or cut short: the form works without the guide.
        .catch(() => {});
    };
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(ask, 400);
    };
    ask();
    form.addEventListener("input", later);
    form.addEventListener("change", later);
    return () => {
      clearTimeout(timer);
      asking?.abort();
      form.removeEventListener("input", later);
      form.removeEventListener("change", later);
    };
  }, [inputId]);

  return (
    <div aria-live="polite" data-testid="price-guide-hint">
      {hint ? (
        <p className="mt-2 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900 ring-1 ring-brand-200">
          {hint.text}
          {hint.position ? <strong className="mt-0.5 block">{hint.position}</strong> : null}
        </p>
      ) : null}
    </div>
  );
}
