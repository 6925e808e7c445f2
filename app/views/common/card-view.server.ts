import type { RequestLogger } from "~/context";
import { categorySlugById, getFieldDefinitions } from "~/db/reference-data/field-definitions";
import type { FoundListing } from "~/domain/discovery/find-listings.server";
import { specItems } from "~/domain/listings/listing-specs";
import type { UsdRate } from "~/domain/money/exchange-rate.server";
import { type Lang, localeOf } from "~/i18n/config";
import { formatPrice, formatUsd } from "~/i18n/format";
import { serverT } from "~/i18n/i18n.server";
import { localized } from "~/i18n/localized";
import { srcSetFor } from "~/media/listing-images.server";
import type { MediaStorage } from "~/media/storage.server";

export const NEW_BADGE_DAYS = 7;
const MAX_CHIPS = 4;

/** A listing card, formatted on the server in the page's language; `error` when it cannot be. */
export type CardView =
  | {
      error: false;
      id: string;
      title: string;
      price: string;
      usd: string;
      location: string;
      /** Its seller's business name (issue 32), or null. */
      business: string | null;
      posted: string;
      postedIso: string;
      isNew: boolean;
      /** Only a seller's page lists sold listings; their card says so. */
      sold: boolean;
      /** Its owner reserved it (issue 31): the card says so. */
      reserved: boolean;
      chips: string[];
      image: { src: string; srcSet: string; width: number; height: number } | null;
      /** The signed-in member saved it (their heart is filled from the first byte). */
      favorited?: boolean;
      /** The signed-in member's own listing: no heart (they cannot save it). */
      own?: boolean;
    }
  | { error: true; id: string };

/**
 * The cards with the member's saved ones marked and their own ones without a heart, from the rows
 * they were made of (a visitor's hearts come from the browser).
 */
export function markFavorites(
  cards: CardView[],
  items: readonly { id: string; favorited?: boolean; own?: boolean }[],
): CardView[] {
  const favorited = new Set(items.filter((item) => item.favorited).map((item) => item.id));
  const own = new Set(items.filter((item) => item.own).map((item) => item.id));
  if (favorited.size === 0 && own.size === 0) return cards;
  return cards.map((card) =>
    card.error
      ? card
      : { ...card, favorited: favorited.has(card.id), ...(own.has(card.id) ? { own: true } : {}) },
  );
}

const DAY = 86_400_000;

/** Built once per language: a results page dates every card. */
const relativeFormats = new Map<Lang, Intl.RelativeTimeFormat>();
function relativeFormat(lang: Lang) {
  let format = relativeFormats.get(lang);
  if (!format) {
    format = new Intl.RelativeTimeFormat(localeOf(lang), { numeric: "auto" });
    relativeFormats.set(lang, format);
  }
  return format;
}

/** "2 days ago" / "منذ يومين", "today" for the last 24 hours. */
export function relativeDate(lang: Lang, date: Date, now = Date.now()) {
  const days = Math.floor((now - date.getTime()) / DAY);
  const format = relativeFormat(lang);
  if (days < 1) return format.format(0, "day");
  if (days < 30) return format.format(-days, "day");
  if (days < 365) return format.format(-Math.floor(days / 30), "month");
  return format.format(-Math.floor(days / 365), "year");
}

export function toCardView(
  lang: Lang,
  item: FoundListing,
  {
    storage,
    usdRate,
    logger,
    now = Date.now(),
    dataSaver = false,
  }: {
    storage: MediaStorage;
    usdRate: UsdRate;
    logger: Pick<RequestLogger, "error">;
    now?: number;
    /** Data saver: the card's 320-pixel picture only, whatever the screen. */
    dataSaver?: boolean;
  },
): CardView {
  try {
    // The page's language when the seller wrote in it, else the other (shown with dir="auto").
    const title = localized(lang, item, "title");
    const slug = categorySlugById(item.categoryId);
    const priority = new Map(
      (slug ? getFieldDefinitions(slug) : []).map((field) => [field.key, field.chipPriority ?? 99]),
    );
    const chips = slug
      ? specItems(lang, slug, item.details)
          .filter((spec) => !spec.userText && priority.get(spec.key) !== 99)
          .sort((a, b) => (priority.get(a.key) ?? 99) - (priority.get(b.key) ?? 99))
          .slice(0, MAX_CHIPS)
          .map((spec) => spec.value)
      : [];
    const variants = [...(item.image?.variants ?? [])].sort((a, b) => a.width - b.width);
    const card = variants.find((variant) => variant.width >= 320) ?? variants[variants.length - 1];
    const usd = item.price * usdRate.rate;
    return {
      error: false,
      id: item.id,
      title,
      price: formatPrice(lang, item.price),
      usd: serverT(lang, "discovery")("card.usd", {
        amount: formatUsd(lang, usd, usd >= 100 ? { max: 0 } : { min: 2, max: 2 }),
      }),
      location: localized(lang, item, "location"),
      business: item.businessName ?? null,
      // A listing its owner bumped says when (issue 32): its place in the list is that date's.
      posted: item.bumpedAt
        ? serverT(lang, "discovery")("card.updated", {
            time: relativeDate(lang, item.bumpedAt, now),
          })
        : relativeDate(lang, item.createdAt, now),
      postedIso: (item.bumpedAt ?? item.createdAt).toISOString(),
      isNew: now - item.createdAt.getTime() < NEW_BADGE_DAYS * DAY,
      sold: item.status === "sold",
      reserved: item.reserved === true && item.status === "active",
      chips,
      image: card
        ? {
            src: storage.urlFor(card.key),
            srcSet: srcSetFor(storage, dataSaver ? [card] : variants),
            width: card.width,
            height: card.height,
          }
        : null,
    };
  } catch (error) {
    // One listing that cannot be drawn shows as an error card; the page goes on.
    logger.error({ err: error, listingId: item.id }, "a listing card could not be drawn");
    return { error: true, id: item.id };
  }
}
