import { Link } from "react-router";
import { CardError, CardImage } from "~/components/cards/card-image";
import { CardPlaceAndDate, CardPrice } from "~/components/cards/card-parts";
import { useListingPrefetch } from "~/components/cards/listing-prefetch";
import { cardStyles } from "~/components/ui/card";
import { useTranslation } from "~/i18n/react";
import type { FavoriteCardView } from "~/views/favorites/favorite-cards.server";
import { CardHeart } from "./favorite-button";

/** Card images are a third of the page on wide screens, half on tablets, a thumbnail on phones. */
const SIZES = "(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 112px";

/**
 * A saved listing. On phones a compact row (thumbnail beside the text) so more fit on a screen;
 * from the sm breakpoint the usual card with the image on top. The heart sits beside the link.
 * Needs the "favorites" and "discovery" catalogs.
 */
export function FavoriteCard({ card, eager = false }: { card: FavoriteCardView; eager?: boolean }) {
  const { t } = useTranslation("discovery");
  const prefetch = useListingPrefetch();
  const { t: tFavorites } = useTranslation("favorites");
  if (card.error) {
    return (
      <CardError text={t("card.error")} className="h-full min-h-28" testId="favorite-card-error" />
    );
  }
  return (
    <div className="relative h-full">
      <Link
        to={`/listing/${card.id}`}
        prefetch={prefetch}
        className={`${cardStyles} group flex h-full overflow-hidden transition hover:shadow-md hover:ring-brand-200 focus-visible:outline-2 focus-visible:outline-brand-600 sm:flex-col`}
        data-testid="favorite-card"
      >
        <div className="relative w-28 shrink-0 bg-slate-100 sm:aspect-4/3 sm:w-auto">
          <CardImage
            image={card.image}
            sizes={SIZES}
            eager={eager}
            noPhoto={t("card.noPhoto")}
            compact
          />
          {card.sold ? (
            <span
              className="absolute start-2 top-2 rounded-full bg-slate-900/85 px-2 py-0.5 text-xs font-semibold text-white"
              data-testid="favorite-sold"
            >
              {tFavorites("page.sold")}
            </span>
          ) : card.reserved ? (
            <span
              className="absolute start-2 top-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
              data-testid="favorite-reserved"
            >
              {t("card.reserved")}
            </span>
          ) : card.isNew ? (
            <span className="absolute start-2 top-2 hidden rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white sm:inline">
              {t("card.new")}
            </span>
          ) : null}
        </div>
        <div className="flex min-h-28 min-w-0 flex-1 flex-col gap-1 p-3 sm:min-h-0">
          {/* On phones the heart sits at the title's end: the padding is on a wrapper in the
              page's direction, as the title's own direction follows its text. */}
          <div className="pe-11 sm:pe-0">
            <h3
              className="line-clamp-2 font-semibold text-ink group-hover:text-brand-700"
              dir="auto"
            >
              {card.title}
            </h3>
          </div>
          <CardPrice price={card.price} usd={card.usd} />
          <CardPlaceAndDate
            location={card.location}
            posted={card.posted}
            postedIso={card.postedIso}
            locationDir="auto"
          />
        </div>
      </Link>
      <CardHeart listingId={card.id} favorited={card.favorited} />
    </div>
  );
}

/** Saved listings: one column of compact rows on phones, then 2 and 3 columns of cards (spec). */
export function FavoritesGrid({ cards }: { cards: FavoriteCardView[] }) {
  return (
    <ul
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3"
      data-testid="favorites-grid"
    >
      {cards.map((card, index) => (
        <li key={card.id}>
          <FavoriteCard card={card} eager={index < 3} />
        </li>
      ))}
    </ul>
  );
}
