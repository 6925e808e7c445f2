import { useEffect, useRef, useState } from "react";
import { Link, useRouteLoaderData } from "react-router";
import { Icon } from "~/components/ui/icon";
import { useNamespace, useTranslation } from "~/i18n/react";
import type { loader as rootLoader } from "~/root";
import type { RelatedView } from "~/views/discovery/related-view.server";
import { ListingGrid } from "./listing-card";

/** What /api/related/:id answers (routes/api.related.ts). */
interface NeighboursReply {
  related: RelatedView;
  translations: { discovery: object };
}

interface ListingNeighboursProps {
  listingId: string;
  sellerHref: string;
  categoryHref: string;
  categoryName: string;
}

/** Start fetching this far before the section reaches the screen. */
const AHEAD = "800px 0px";

/**
 * After the listing: more from its seller and similar listings (decision 026). The
 * page's HTML carries only a link to the category (with the seller card's link to the seller's
 * page, all a reader without JavaScript, or with the data saver on, gets); when the reader nears
 * it, the cards come from /api/related/:id and take its place, each section drawn only when it
 * has cards.
 */
export function ListingNeighbours({
  listingId,
  sellerHref,
  categoryHref,
  categoryName,
}: ListingNeighboursProps) {
  const { t } = useTranslation("discovery");
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const lang = root?.lang ?? "en";
  const dataSaver = Boolean(root?.dataSaver);
  const [loaded, setLoaded] = useState<{ id: string; neighbours: NeighboursReply } | null>(null);
  const anchor = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    const element = anchor.current;
    if (dataSaver || !element) return;
    const controller = new AbortController();
    const load = () => {
      fetch(`/api/related/${listingId}?lang=${lang}`, {
        headers: { Accept: "application/json" },
        signal: controller.signal,
      })
        .then((response) => (response.ok ? (response.json() as Promise<NeighboursReply>) : null))
        .then((neighbours) => {
          if (neighbours) setLoaded({ id: listingId, neighbours });
        })
        .catch(() => {
          // Offline or away: the links stay.
        });
    };
    if (typeof IntersectionObserver !== "function") {
      load();
      return () => controller.abort();
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        load();
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      controller.abort();
    };
  }, [listingId, lang, dataSaver]);

  if (loaded?.id === listingId) {
    return <Neighbours neighbours={loaded.neighbours} sellerHref={sellerHref} />;
  }
  // The seller card links the seller's page already; this leads on to the category.
  return (
    <p ref={anchor} className="mt-10 text-sm font-semibold" data-testid="related-links">
      <Link to={categoryHref} className="text-brand-700 hover:underline">
        {t("related.moreIn", { category: categoryName })}
      </Link>
    </p>
  );
}

function Neighbours({
  neighbours,
  sellerHref,
}: {
  neighbours: NeighboursReply;
  sellerHref: string;
}) {
  // The cards' texts came with them.
  useNamespace("discovery", neighbours.translations.discovery);
  return <RelatedListings view={neighbours.related} sellerHref={sellerHref} />;
}

/**
 * The two sections, each drawn only when it has cards. Below the fold, so every picture loads
 * lazily. Needs the "discovery" catalog's `related` and `card` sections, and "favorites" for
 * the hearts.
 */
export function RelatedListings({ view, sellerHref }: { view: RelatedView; sellerHref: string }) {
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
              to={sellerHref}
              className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
              data-testid="more-from-seller-all"
            >
              {t("related.seeAll")}
              <Icon name="chevron-right" className="size-4 rtl:-scale-x-100" aria-hidden="true" />
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
