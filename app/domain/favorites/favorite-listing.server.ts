import { inArray, sql } from "drizzle-orm";
import { listingDetails, listingImages, listings } from "~/db/schema";
import type { FoundListing } from "~/domain/discovery/find-listings.server";
import { PUBLIC_STATUSES, type PublicStatus } from "~/domain/listings/listing-status";

/** A favourite as its card shows it: the card's fields, and whether it has been sold. */
export interface FavoriteListing extends FoundListing {
  status: PublicStatus;
}

/** The columns of a favourite's card, with its primary image (else its first) in the same row. */
export const favoriteListingColumns = {
  id: listings.id,
  title: listings.title,
  titleAr: listings.titleAr,
  price: listings.price,
  location: listings.location,
  locationAr: listings.locationAr,
  categoryId: listings.categoryId,
  createdAt: listings.createdAt,
  status: listings.status,
  details: listingDetails.details,
  imageVariants: sql<FoundListing["image"]>`(
    select json_build_object('variants', i.variants) from ${listingImages} i
    where i.listing_id = ${listings.id}
    order by i.is_primary desc, i.sort_order asc limit 1)`,
};

export function isVisible() {
  return inArray(listings.status, [...PUBLIC_STATUSES]);
}

export function toFavoriteListing({
  imageVariants,
  status,
  ...row
}: Omit<FavoriteListing, "image" | "status"> & {
  status: string;
  imageVariants: FoundListing["image"];
}): FavoriteListing {
  const image = typeof imageVariants === "string" ? JSON.parse(imageVariants) : imageVariants;
  return { ...row, status: status === "sold" ? "sold" : "active", image: image ?? null };
}
