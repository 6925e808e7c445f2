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
        {seller.business ? (
          <p className="mt-1">
            <span
              className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200"
              data-testid="business-label"
            >
              <Icon name="briefcase" className="size-3.5" aria-hidden />
              {seller.business.label}
            </span>
          </p>
        ) : null}
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
        {seller.business ? <BusinessDetails business={seller.business} /> : null}
        <div className="mt-3 space-y-1 text-sm text-ink">
          <TrustLines trust={seller.trust} />
        </div>
        <p className="mt-3 text-xs text-muted">{contactNote}</p>
      </div>
    </Card>
  );
}

/** A business page's address, hours, website and words (issue 32), each when given. */
function BusinessDetails({ business }: { business: NonNullable<SellerView["business"]> }) {
  const item = "flex items-start gap-1.5";
  return (
    <div className="mt-3 space-y-2 text-sm text-ink" data-testid="business-details">
      <ul className="space-y-1.5">
        {business.address ? (
          <li className={item} dir="auto">
            <Icon name="map-pin" className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden />
            {business.address}
          </li>
        ) : null}
        {business.hours ? (
          <li className={item} dir="auto">
            <Icon name="clock" className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden />
            {business.hours}
          </li>
        ) : null}
        {business.website ? (
          <li className={item}>
            <Icon name="globe" className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden />
            <a
              href={business.website.href}
              rel="nofollow ugc noopener noreferrer"
              target="_blank"
              className="break-all font-semibold text-brand-700 hover:underline"
              dir="ltr"
            >
              {business.website.text}
            </a>
          </li>
        ) : null}
      </ul>
      {business.description ? (
        <p className="whitespace-pre-line text-muted" dir="auto">
          {business.description}
        </p>
      ) : null}
    </div>
  );
}
