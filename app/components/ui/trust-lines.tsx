import type { trustView } from "~/views/common/rating-views.server";
import { Icon } from "./icon";
import { Stars } from "./stars";

type Trust = ReturnType<typeof trustView>;

/**
 * A member's ratings and sales in two short lines, for the listing's seller card and the seller
 * page (decision 038): stars with "Rated 4.7 out of 5 · 12 ratings", or why there is no average
 * yet, and "3 listings sold".
 */
export function TrustLines({ trust, className = "" }: { trust: Trust; className?: string }) {
  return (
    <>
      <p className={`flex flex-wrap items-center gap-1.5 ${className}`} data-testid="trust-rating">
        {trust.rating.stars ? <Stars stars={trust.rating.stars} size="size-3.5" /> : null}
        <span>{trust.rating.text}</span>
      </p>
      {trust.sold ? (
        <p className={`flex items-center gap-1.5 ${className}`} data-testid="trust-sold">
          <Icon name="circle-check" className="size-3.5 text-muted" aria-hidden />
          {trust.sold}
        </p>
      ) : null}
    </>
  );
}
