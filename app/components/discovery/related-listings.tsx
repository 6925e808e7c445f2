import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { useTranslation } from "~/i18n/react";
import { ListingGrid } from "./listing-card";
import type { RelatedView } from "./related-view.server";

/**
 * After the listing: more from its seller (with a link to their page) and similar listings, each
 * drawn only when it has cards. Below the fold, so every picture loads lazily. Needs the
 * "discovery" catalog's `related` and `card` sections, and "favorites" for the hearts.
 */
export function RelatedListings({ view }: { view: RelatedView }) {
  const { t } = useTranslation("discovery");
  if (!view.moreFromSeller && !view.similar) return null;
  return (
    <div className="mt-10 space-y-10" data-testid="related-listings">
      {view.moreFromSeller ? (
        <section aria-labelledby="more-from-seller" data-testid="more-from-seller">
          <div className="mb-4 flex items-center justify-between gap-3">
            <h2 id="more-from-seller" className="text-xl font-bold text-ink">
              {t("related.moreFromSeller")}
            </h2>
            <Link
              to={view.moreFromSeller.sellerHref}
              className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
              data-testid="more-from-seller-all"
            >
              {t("related.seeAll")}
              <ChevronRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
            </Link>
          </div>
          <ListingGrid cards={view.moreFromSeller.cards} belowFold testId="more-from-seller-grid" />
        </section>
      ) : null}
      {view.similar ? (
        <section aria-labelledby="similar-listings" data-testid="similar-listings">
          <h2 id="similar-listings" className="mb-4 text-xl font-bold text-ink">
            {t("related.similar")}
          </h2>
          <ListingGrid cards={view.similar.cards} belowFold testId="similar-grid" />
        </section>
      ) : null}
    </div>
  );
}
