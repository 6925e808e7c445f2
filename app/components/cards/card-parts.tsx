import { Icon } from "~/components/ui/icon";

/*
 * The parts a results card and a saved-listing card share: the price with its dollar hint and the
 * place and date at the card's foot. The heart over the card's corner is favourites'
 * (`CardHeart` in components/favorites/favorite-button.tsx).
 */

export function CardPrice({ price, usd }: { price: string; usd?: string | null }) {
  return (
    <p className="font-bold text-brand-700">
      <bdi>{price}</bdi>{" "}
      <span className="text-xs font-medium text-muted">
        <bdi>{usd}</bdi>
      </span>
    </p>
  );
}

export function CardPlaceAndDate({
  location,
  posted,
  postedIso,
  locationDir,
}: {
  location: string;
  posted: string;
  postedIso: string;
  /** "auto" where the place may be written in the other language. */
  locationDir?: "auto";
}) {
  return (
    <p className="mt-auto flex items-center justify-between gap-2 pt-1 text-xs text-muted">
      <span className="inline-flex min-w-0 items-center gap-1">
        <Icon name="map-pin" className="size-3.5 shrink-0" aria-hidden="true" />
        <span className="truncate" dir={locationDir}>
          {location}
        </span>
      </span>
      <time dateTime={postedIso} className="shrink-0">
        {posted}
      </time>
    </p>
  );
}
