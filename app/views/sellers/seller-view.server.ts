import type { SellerProfile } from "~/domain/sellers/get-seller-profile.server";
import { ACTIVE_LISTINGS_COUNTED, sellerPath } from "~/domain/sellers/get-seller-profile.server";
import type { Lang } from "~/i18n/config";
import { formatDate, formatNumber } from "~/i18n/format";
import { serverT } from "~/i18n/i18n.server";
import { localized } from "~/i18n/localized";
import type { MediaStorage } from "~/media/storage.server";
import { findCity } from "~/views/common/city-groups.server";
import { trustView } from "~/views/common/rating-views.server";

export type SellerView = ReturnType<typeof toSellerView>;

/**
 * A member's public page as it is drawn, in the reader's language: who they are and what a buyer
 * may judge them by (confirmed e-mail, since when, where, how many listings, how fast they reply),
 * never how to reach them (that is on each listing, behind sign-in).
 */
export function toSellerView({
  lang,
  publicUrl,
  storage,
  seller,
}: {
  lang: Lang;
  publicUrl: string;
  /** Where a business's logo is (context.storage). */
  storage: Pick<MediaStorage, "urlFor">;
  seller: SellerProfile;
}) {
  const t = serverT(lang, "discovery");
  const { business } = seller;
  // A business page goes by the business's name and logo (issue 32).
  const name = business?.name ?? seller.fullName ?? t("seller.unknownUser");
  const memberSince = formatDate(lang, seller.memberSince, { year: "numeric", month: "long" });
  const found = findCity(seller.cityId);
  const path = sellerPath(seller);
  const url = `${publicUrl}${path}`;
  // Counted up to a point (get-seller-profile.server.ts): past it, "More than 1,000".
  const shown = Math.min(seller.activeListings, ACTIVE_LISTINGS_COUNTED);
  const count = { count: shown, formatted: formatNumber(lang, shown) };
  const active =
    seller.activeListings > ACTIVE_LISTINGS_COUNTED
      ? t("seller.activeListingsMore", count)
      : t("seller.activeListings", count);
  const description = t("seller.metaDescription", { name, date: memberSince, active });
  return {
    path,
    name,
    initial: (name[0] ?? "?").toUpperCase(),
    avatarUrl: business?.logoKey ? storage.urlFor(business.logoKey) : seller.avatarUrl,
    business: business
      ? {
          label: t("seller.business"),
          address: business.address || null,
          hours: business.hours ? t("seller.hours", { hours: business.hours }) : null,
          description: business.description || null,
          website: business.website
            ? { href: business.website, text: websiteText(business.website) }
            : null,
        }
      : null,
    // "Verified e-mail", only when it is (a badge that means nothing helps scammers).
    verified: seller.emailVerified ? t("seller.verified") : null,
    phoneVerified: seller.phoneVerified ? t("seller.verifiedPhone") : null,
    memberSince: t("seller.memberSince", { date: memberSince }),
    city: found ? localized(lang, found.city) : null,
    activeListings: active,
    replies: seller.responseTime ? t(`seller.replies.${seller.responseTime}`) : null,
    trust: trustView(lang, seller.ratings, seller.sold),
    shareUrl: url,
    shareMessage: serverT(lang, "listings")("share.sellerMessage", { name, url }),
    // The schema.org description the route's meta builds (structured-data.ts) also needs when
    // they joined.
    meta: { title: name, description, joined: seller.memberSince.toISOString() },
    // Only a member with something for sale is worth a search engine's visit.
    indexable: seller.activeListings > 0,
  };
}

/** A website as a reader recognises it: its host and path, without the scheme or a last slash. */
function websiteText(url: string) {
  return url.replace(/^https?:\/\//, "").replace(/\/$/, "");
}
