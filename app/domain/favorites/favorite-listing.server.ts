import { inArray } from "drizzle-orm";
import { listings } from "~/db/schema";
import { cardColumns, type FoundListing } from "~/domain/discovery/find-listings.server";
import { PUBLIC_STATUSES, type PublicStatus } from "~/domain/listings/listing-status";

/** A favourite as its card shows it: the card's fields, and whether it has been sold. */
export interface FavoriteListing extends FoundListing {
  status: PublicStatus;
}

/** The columns of a favourite's card, with its primary image (else its first) in the same row. */
export const favoriteListingColumns = { ...cardColumns, status: listings.status };

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
