import { Avatar } from "~/components/ui/avatar";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { TrustLines } from "~/components/ui/trust-lines";
import { TrustMark } from "~/components/ui/trust-mark";
import type { SellerView } from "~/views/sellers/seller-view.server";

/**
 * Who the seller is: picture, name, "Verified e-mail" when confirmed, since when, where, how many
 * listings and, with enough conversations, how fast they reply. All texts come formatted.
 */
export function SellerHeader({ seller, contactNote }: { seller: SellerView; contactNote: string }) {
  const item = "flex items-center gap-1.5";
  return (
    <Card
      as="header"
      className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:p-6"
      testId="seller-header"
    >
      <Avatar member={seller} size="size-20 text-3xl" />
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-2xl font-bold text-ink sm:text-3xl" dir="auto">
          {seller.name}
        </h1>
        {seller.verified || seller.phoneVerified ? (
          <p className="mt-2 flex flex-wrap gap-1.5">
            {seller.phoneVerified ? (
              <TrustMark testId="seller-phone-verified">{seller.phoneVerified}</TrustMark>
            ) : null}
            {seller.verified ? (
              <TrustMark testId="seller-verified">{seller.verified}</TrustMark>
            ) : null}
          </p>
        ) : null}
        <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm text-muted">
          <li className={item}>
            <Icon name="calendar-days" className="size-4" aria-hidden />
            {seller.memberSince}
          </li>
          {seller.city ? (
            <li className={item} data-testid="seller-city">
              <Icon name="map-pin" className="size-4" aria-hidden />
              {seller.city}
            </li>
          ) : null}
          <li className={item} data-testid="seller-active-count">
            <Icon name="tag" className="size-4" aria-hidden />
            {seller.activeListings}
          </li>
          {seller.replies ? (
            <li className={`${item} text-ink`} data-testid="seller-replies">
              <Icon name="clock" className="size-4" aria-hidden />
              {seller.replies}
            </li>
          ) : null}
        </ul>
        <div className="mt-3 space-y-1 text-sm text-ink">
          <TrustLines trust={seller.trust} />
        </div>
        <p className="mt-3 text-xs text-muted">{contactNote}</p>
      </div>
    </Card>
  );
}
