import type { ListingImage, ListingView } from "~/domain/listings/get-listing.server";
import { REMINDER_DAYS } from "~/domain/listings/listing-expiry.server";
import { specItems } from "~/domain/listings/listing-specs";
import { isPublicStatus, type ListingStatus } from "~/domain/listings/listing-status";
import { systemRemovalCode } from "~/domain/moderation/moderation-schemas";
import { sellerPath } from "~/domain/sellers/get-seller-profile.server";
import type { ResponseTime } from "~/domain/sellers/response-time";
import type { Lang } from "~/i18n/config";
import { formatDate, formatNumber, formatPrice } from "~/i18n/format";
import { bundlesFor, serverT } from "~/i18n/i18n.server";
import { localized } from "~/i18n/localized";
import { srcSetFor } from "~/media/listing-images.server";
import type { MediaStorage } from "~/media/storage.server";
import { sanitizeDescription } from "~/utils/sanitize-description";
import { trustView } from "~/views/common/rating-views.server";
import { removalReasonText } from "~/views/common/removal-reason.server";
import { usdApproxText } from "~/views/common/usd-approx-text";
import type { GalleryImage } from "./gallery-image";
import { priceGuideText } from "./price-guide-text.server";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The page's view; its schema.org description goes to the document's head only. */
export type ListingPageView = ReturnType<typeof toListingPageView>;

/** The texts of the listing page's data (typed: its components' `t` reads this type). */
export type ListingPageTexts = ReturnType<typeof listingPageTexts>;

/** These texts of a catalog's section, typed as exactly these (a key not in it does not compile). */
function pick<T extends object, K extends keyof T>(section: T, keys: readonly K[]): Pick<T, K> {
  const picked: Partial<Pick<T, K>> = {};
  for (const key of keys) picked[key] = section[key];
  return picked as Pick<T, K>;
}

/**
 * The texts the listing page can show, in its HTML's loader data: the listing's section without
 * the not-found texts (they come with the 404), the owner's tools for the owner only, and of the
 * report form only the sign-in prompt for a visitor (only a member can report), of the status
 * notices only the one this listing shows, and none of the texts only the server writes (the
 * WhatsApp message, the revealed number's labels). Every byte of this page's HTML counts: it
 * stays within 40 KB (decision 032).
 */
/**
 * Which status notice a listing's page shows: its status, "review" when held by the screening, or
 * "reserved" for an active listing its owner reserved (issue 31).
 */
export type ListingNotice = ListingStatus | "review" | "reserved";

export function listingPageTexts(
  lang: Lang,
  isOwner: boolean,
  signedIn: boolean,
  status: ListingNotice,
) {
  const texts = bundlesFor(lang, ["listings", "moderation", "favorites", "discovery"], {
    listings: ["detail", "share"],
    moderation: ["report"],
    favorites: ["button", "toast"],
    discovery: ["related"],
  });
  const {
    notFoundTitle: _notFoundTitle,
    notFoundBody: _notFoundBody,
    invalidTitle: _invalidTitle,
    invalidBody: _invalidBody,
    backHome: _backHome,
    whatsappText: _whatsappText,
    call: _call,
    phone: _phone,
    owner,
    status: notices,
    ...detail
  } = texts.listings.detail;
  // The notice of this listing's status, and a removed one's reason line.
  const statusTexts: Partial<typeof notices> = pick(notices, [
    ...(status === "active" ? [] : [status]),
    ...(status === "removed" ? (["removedReason"] as const) : []),
  ]);
  // The share messages are written on the server (shareMessage); the card needs its labels.
  const { listingMessage: _listing, sellerMessage: _seller, ...share } = texts.listings.share;
  return {
    listings: {
      detail: { ...detail, status: statusTexts, ...(isOwner ? { owner } : {}) },
      share,
    },
    moderation: signedIn
      ? texts.moderation
      : { report: pick(texts.moderation.report, ["heading", "button", "loginRequired"]) },
    favorites: texts.favorites,
    // The links after the listing; the neighbours' other texts come with them (api.related.ts).
    discovery: { related: pick(texts.discovery.related, ["moreIn"]) },
  };
}

/** Data saver: the listing page's photos go no wider than this (a phone's screen, once). */
const DATA_SAVER_PHOTO_WIDTH = 640;

function galleryImage(
  storage: MediaStorage,
  image: ListingImage,
  dataSaver: boolean,
): GalleryImage {
  const sorted = [...image.variants].sort((a, b) => a.width - b.width);
  const small = sorted.filter((variant) => variant.width <= DATA_SAVER_PHOTO_WIDTH);
  const variants = dataSaver && small.length > 0 ? small : sorted;
  const largest = variants[variants.length - 1];
  const smallest = variants[0];
  return {
    src: largest ? storage.urlFor(largest.key) : "",
    srcSet: srcSetFor(storage, variants),
    width: largest?.width ?? image.width,
    height: largest?.height ?? image.height,
    thumb: smallest ? storage.urlFor(smallest.key) : "",
  };
}

/** The primary picture as link previews show it: its largest variant up to 1280 pixels wide. */
function previewImage(storage: MediaStorage, publicUrl: string, primary: ListingImage | undefined) {
  const variant = primary
    ? ([...primary.variants].sort((a, b) => b.width - a.width).find((v) => v.width <= 1280) ??
      primary.variants[0])
    : undefined;
  return variant
    ? {
        url: new URL(storage.urlFor(variant.key), publicUrl).href,
        width: variant.width,
        height: variant.height,
      }
    : null;
}

/**
 * The listing page as it is drawn, formatted on the server in the reader's language: the gallery,
 * the listing's texts, price and specifications, the seller, what the owner may do, and the
 * page's structured data and link preview.
 */
export function toListingPageView({
  lang,
  publicUrl,
  storage,
  view,
  url,
  usdRate,
  signedIn,
  ttlDays,
  dataSaver = false,
  responseTime = null,
  now = new Date(),
}: {
  lang: Lang;
  publicUrl: string;
  storage: MediaStorage;
  view: ListingView;
  /** The page's address: which picture is open, and the report and delete confirmations. */
  url: URL;
  usdRate: { rate: number; rateDate: string | null };
  signedIn: boolean;
  /** LISTING_TTL_DAYS: the term a renewal gives, in the owner's notice. */
  ttlDays: number;
  /** Data saver: photos at most 640 pixels wide, and the others only when asked (`?photos=all`). */
  dataSaver?: boolean;
  /** "Usually replies within …" on the seller card; null with too little data. */
  responseTime?: ResponseTime | null;
  now?: Date;
}) {
  const { listing, seller } = view;
  const t = serverT(lang, "listings");
  // Only what everyone may open can be saved, and only by someone else: the owner has it in My
  // listings. A member's heart comes with the listing; a visitor's from their browser.
  const favoritable = isPublicStatus(listing.status) && !view.isOwner;
  const favorited = favoritable && Boolean(view.viewer?.favorited);
  const images = view.images.map((image) => galleryImage(storage, image, dataSaver));
  const requested = Number(url.searchParams.get("image") ?? "1");
  const active =
    Number.isInteger(requested) && requested >= 1 && requested <= images.length ? requested - 1 : 0;
  const title = localized(lang, listing, "title");
  const description = localized(lang, listing, "description");
  const location = localized(lang, listing, "location");
  const price = formatPrice(lang, listing.price);
  const category = localized(lang, view.category);
  const link = `${publicUrl}/listing/${listing.id}`;

  const notice: ListingNotice =
    listing.status === "removed" && systemRemovalCode(listing.removalReason) === "review"
      ? "review"
      : listing.status === "active" && listing.reservedAt
        ? "reserved"
        : listing.status;
  return {
    id: listing.id,
    favorite: favoritable ? { favorited } : null,
    usdApprox: usdApproxText(lang, listing.price, usdRate, t),
    priceGuide: priceGuideText(lang, view.category.id, view.priceGuide),
    title,
    // The one allow-list every description goes through (docs/product-decisions.md §D4).
    descriptionHtml: sanitizeDescription(description),
    price,
    rtl: lang === "ar",
    // "1", "2", ... in the page's digits, for the gallery's labels and the lightbox's counter.
    numbers: images.map((_, i) => formatNumber(lang, i + 1)),
    postedOn: formatDate(lang, listing.createdAt),
    // A bumped listing says when (issue 32), beside its posting date.
    updatedOn: listing.bumpedAt
      ? t("detail.updatedOn", { date: formatDate(lang, listing.bumpedAt) })
      : null,
    views: listing.viewsCount,
    viewsText: t("detail.views", {
      count: listing.viewsCount,
      formatted: formatNumber(lang, listing.viewsCount),
    }),
    category: { slug: view.category.slug, name: category },
    specs: specItems(lang, view.category.slug, view.details),
    images,
    active,
    // Data saver holds back the other photos' thumbnails until the visitor asks for them.
    photosHeld: dataSaver && images.length > 1 && url.searchParams.get("photos") !== "all",
    location: t("detail.locationValue", { location }),
    locationName: location,
    status: listing.status,
    reserved: listing.status === "active" && listing.reservedAt !== null,
    notice,
    // A listing held by the screening says so in its notice; a moderator's reason is shown as given.
    removalReason: notice === "review" ? null : removalReasonText(lang, listing.removalReason),
    isOwner: view.isOwner,
    // The owner's term: until when it stays in search, and whether to offer a renewal (once it
    // has expired, or from the reminder on).
    expiry: view.isOwner
      ? {
          until:
            listing.status === "active"
              ? t("detail.owner.expiresOn", { date: formatDate(lang, listing.expiresAt) })
              : null,
          renewable:
            listing.status === "expired" ||
            (listing.status === "active" &&
              listing.expiresAt.getTime() - now.getTime() <= REMINDER_DAYS * DAY_MS),
          notice:
            listing.status === "expired"
              ? t("detail.status.expiredOwner", {
                  count: ttlDays,
                  formatted: formatNumber(lang, ttlDays),
                })
              : null,
        }
      : null,
    report: {
      inline: url.searchParams.get("report") === "1",
      loginUrl: `/auth?redirectTo=${encodeURIComponent(`/listing/${listing.id}?report=1`)}`,
    },
    confirmDelete: view.isOwner && url.searchParams.get("confirm") === "delete",
    signedIn,
    seller: {
      name: seller.fullName,
      avatarUrl: seller.avatarUrl,
      initial: (seller.fullName?.[0] ?? "?").toUpperCase(),
      memberSince: formatDate(lang, seller.memberSince, { year: "numeric", month: "long" }),
      verified: seller.emailVerified,
      phoneVerified: seller.phoneVerified,
      href: sellerPath(seller),
      replies: responseTime ? serverT(lang, "discovery")(`seller.replies.${responseTime}`) : null,
      trust: trustView(lang, seller.ratings, seller.sold),
    },
    // The number is never in the page: a signed-in member asks for it (intent reveal-phone).
    hasPhone: seller.phoneVerified && isPublicStatus(listing.status),
    loginUrl: `/auth?redirectTo=${encodeURIComponent(`/listing/${listing.id}`)}`,
    shareUrl: link,
    shareMessage: t("share.listingMessage", { title, url: link }),
    meta: {
      title,
      description: t("meta.listingDescription", { price, location, category }),
      image: previewImage(storage, publicUrl, view.images[0]),
      amount: listing.price,
      // For the schema.org description the route's meta builds (structured-data.ts): when it was
      // posted, and every photo's largest variant — the gallery's own pictures, except with data
      // saver, whose gallery stops at 640 pixels (kept out of the page otherwise: it is near 40 KB).
      published: listing.createdAt.toISOString(),
      photos: dataSaver
        ? view.images.flatMap((image) => {
            const largest = [...image.variants].sort((a, b) => b.width - a.width)[0];
            return largest ? [new URL(storage.urlFor(largest.key), publicUrl).href] : [];
          })
        : null,
    },
  };
}
