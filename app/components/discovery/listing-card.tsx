import { Link } from "react-router";
import { CardError, CardImage } from "~/components/cards/card-image";
import { CardPlaceAndDate, CardPrice } from "~/components/cards/card-parts";
import { useListingPrefetch } from "~/components/cards/listing-prefetch";
import { CardHeart } from "~/components/favorites/favorite-button";
import { cardStyles } from "~/components/ui/card";
import { useTranslation } from "~/i18n/react";
import type { CardView } from "~/views/common/card-view.server";

/** Cards in a grid of 1/2/3/4 columns: the image is a quarter of the page on wide screens. */
const SIZES = "(min-width: 1280px) 25vw, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw";

/**
 * A listing in a results grid. The image box has a fixed 4:3 shape, so nothing moves as images
 * arrive; below the fold they load lazily. A broken image becomes the placeholder. The heart sits
 * over the image's corner beside the link, not inside it (a form cannot live in a link).
 */
export function ListingCard({
  card,
  eager = false,
  first = false,
}: {
  card: CardView;
  eager?: boolean;
  /** The first card: on a phone its picture is the largest thing on the page, fetched first. */
  first?: boolean;
}) {
  const { t } = useTranslation("discovery");
  const prefetch = useListingPrefetch();
  if (card.error) {
    return <CardError text={t("card.error")} className="aspect-4/5" testId="listing-card-error" />;
  }
  return (
    <div className="relative h-full">
      <Link
        to={`/listing/${card.id}`}
        prefetch={prefetch}
        className={`${cardStyles} group flex h-full flex-col overflow-hidden transition hover:shadow-md hover:ring-brand-200 focus-visible:outline-2 focus-visible:outline-brand-600`}
        data-testid="listing-card"
      >
        <div className="relative aspect-4/3 bg-slate-100">
          <CardImage
            image={card.image}
            sizes={SIZES}
            eager={eager}
            priority={first}
            noPhoto={t("card.noPhoto")}
          />
          {card.sold ? (
            <span
              className="absolute start-2 top-2 rounded-full bg-slate-900/85 px-2 py-0.5 text-xs font-semibold text-white"
              data-testid="card-sold"
            >
              {t("card.sold")}
            </span>
          ) : card.reserved ? (
            <span
              className="absolute start-2 top-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
              data-testid="card-reserved"
            >
              {t("card.reserved")}
            </span>
          ) : card.isNew ? (
            <span className="absolute start-2 top-2 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
              {t("card.new")}
            </span>
          ) : null}
        </div>
        <div className="flex flex-1 flex-col gap-1.5 p-3">
          <h3 className="line-clamp-2 font-semibold text-ink group-hover:text-brand-700" dir="auto">
            {card.title}
          </h3>
          <CardPrice price={card.price} usd={card.usd} />
          {card.business ? (
            <p
              className="truncate text-xs font-semibold text-ink"
              dir="auto"
              data-testid="card-business"
            >
              {card.business}
            </p>
          ) : null}
          {card.chips.length > 0 ? (
            <ul className="flex flex-wrap gap-1">
              {card.chips.map((chip) => (
                <li key={chip} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-ink">
                  {chip}
                </li>
              ))}
            </ul>
          ) : null}
          <CardPlaceAndDate
            location={card.location}
            posted={card.posted}
            postedIso={card.postedIso}
          />
        </div>
      </Link>
      {/* One's own listing cannot be saved (the server refuses it): no heart to press. */}
      {card.own ? null : <CardHeart listingId={card.id} favorited={card.favorited} />}
    </div>
  );
}

/**
 * The results grid: 1, 2, 3 and 4 columns by width (spec). The two pictures a phone shows first
 * load at once (the first ahead of everything); the rest when they come near the screen, so they
 * do not share a slow connection with the stylesheet and the first picture. A grid below the fold
 * (the listing page's neighbours) loads all of its pictures lazily (`belowFold`).
 */
export function ListingGrid({
  cards,
  belowFold = false,
  testId = "listing-grid",
}: {
  cards: CardView[];
  belowFold?: boolean;
  testId?: string;
}) {
  return (
    <ul
      className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
      data-testid={testId}
    >
      {cards.map((card, index) => (
        <li key={card.id}>
          <ListingCard
            card={card}
            eager={!belowFold && index < 2}
            first={!belowFold && index === 0}
          />
        </li>
      ))}
    </ul>
  );
}
