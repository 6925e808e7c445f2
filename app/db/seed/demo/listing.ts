import crypto from "node:crypto";
import type { CategorySlug } from "../../reference-data/types";
import type { listingDetails, listingImages, listings } from "../../schema";
import { composeDescription, pickArabicStyle, styleArabic } from "./arabic";
import { community } from "./community";
import { type Ctx, type Draft, groupThousands } from "./draft";
import { electronics } from "./electronics";
import { fashion } from "./fashion";
import { furniture } from "./furniture";
import type { PoolImage } from "./image-pool.server";
import { jobs } from "./jobs";
import { motors } from "./motors";
import { pickPlace } from "./places";
import { property } from "./property";
import type { Dice } from "./random";
import { services } from "./services";

const DAY_MS = 24 * 60 * 60 * 1000;
const LISTING_AGE_DAYS = 60;

// Every postable category comes first, so even a handful of listings shows them all.
const CATEGORY_DRAFTS: [(ctx: Ctx) => Draft, number][] = [
  [motors, 24],
  [property, 20],
  [electronics, 20],
  [jobs, 10],
  [services, 11],
  [furniture, 11],
  [fashion, 3],
  [community, 1],
];
const POSTABLE_DRAFT_COUNT = 6;

export type ListingRow = typeof listings.$inferInsert;
export type DetailRow = typeof listingDetails.$inferInsert;
export type ImageRow = typeof listingImages.$inferInsert;

/**
 * The index-th demo listing: a place, a language mix, a category's draft, then the writing
 * habits, dates, status and pictures. Content comes from the Dice; ids from randomUUID(), so a
 * second run adds listings instead of colliding.
 */
export function buildListing(
  d: Dice,
  index: number,
  now: Date,
  ownerIds: string[],
  pool: Record<CategorySlug, PoolImage[]>,
) {
  const place = pickPlace(d);
  const mode = d.weighted([
    ["ar", 50],
    ["en", 20],
    ["both", 30],
  ] as const);
  const ctx: Ctx = {
    d,
    place,
    mode,
    textLang: d.chance(0.6) ? "ar" : "en",
    year: now.getUTCFullYear(),
  };
  const makeDraft =
    index < POSTABLE_DRAFT_COUNT ? CATEGORY_DRAFTS[index]![0] : d.weighted(CATEGORY_DRAFTS);
  const draft = makeDraft(ctx);

  const km =
    typeof draft.details.kilometers === "number"
      ? groupThousands(draft.details.kilometers)
      : undefined;
  const style = pickArabicStyle(d);
  const urgent = d.chance(0.02);
  let titleAr = "";
  let descriptionAr = "";
  let title = "";
  let description = "";
  if (mode !== "en") {
    titleAr = styleArabic(`${urgent ? "عاجل: " : ""}${draft.titleAr}`, style, true);
    descriptionAr = styleArabic(composeDescription(d, "ar", draft.descAr, place, km), style, false);
  }
  if (mode !== "ar") {
    title = d.chance(0.06) ? draft.titleEn.toLowerCase() : draft.titleEn;
    description = composeDescription(d, "en", draft.descEn, place, km);
  }

  // Recent days are busier: the density of ages falls off towards 60 days.
  const ageMs = LISTING_AGE_DAYS * DAY_MS * d.next() ** 1.6;
  const createdAt = new Date(now.getTime() - ageMs);
  const updatedAt = d.chance(0.7) ? createdAt : new Date(createdAt.getTime() + d.next() * ageMs);
  const status = d.weighted([
    ["active", 90],
    ["sold", 6],
    ["inactive", 4],
  ] as const);

  const id = crypto.randomUUID();
  const listing: ListingRow = {
    id,
    userId: ownerIds[Math.floor(ownerIds.length * d.next() ** 1.7)]!,
    categoryId: draft.categoryId,
    subcategoryId: draft.subcategoryId,
    title,
    titleAr,
    description,
    descriptionAr,
    price: draft.price,
    location: place.city.name,
    locationAr: place.city.nameAr,
    cityId: place.city.id,
    status,
    featured: d.chance(0.03),
    viewsCount: Math.floor(2_000 * d.next() ** 5),
    createdAt,
    updatedAt,
  };
  const detail: DetailRow = { listingId: id, details: draft.details };
  const pictures = d.sample(
    pool[draft.image],
    d.weighted([
      [1, 30],
      [2, 25],
      [3, 25],
      [4, 20],
    ] as const),
  );
  const images: ImageRow[] = pictures.map((picture, sortOrder) => ({
    id: crypto.randomUUID(),
    listingId: id,
    storageKey: picture.storageKey,
    variants: picture.variants,
    width: picture.width,
    height: picture.height,
    isPrimary: sortOrder === 0,
    sortOrder,
    createdAt,
    photoHash: picture.photoHash,
    photoColours: picture.photoColours,
  }));
  return { listing, detail, images };
}
