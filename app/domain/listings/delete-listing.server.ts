import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { listingImages, listings } from "~/db/schema";
import type { Member } from "~/domain/accounts/session.server";
import { imageKeys } from "~/media/listing-images.server";
import type { MediaStorage } from "~/media/storage.server";
import { findOwnedListing } from "./owned-listing.server";

/**
 * Deletes a listing, owner only. The row goes first (details, images, favourites cascade), then
 * the files: a file left by a crash is unused, whereas the reverse order would show broken images.
 */
export async function deleteListing({
  db,
  storage,
  member,
  listingId,
}: {
  db: Database;
  storage: MediaStorage;
  member: Pick<Member, "id">;
  listingId: string;
}): Promise<void> {
  const listing = await findOwnedListing(db, member, listingId);
  const images = await db
    .select({ variants: listingImages.variants })
    .from(listingImages)
    .where(eq(listingImages.listingId, listing.id));
  await db.delete(listings).where(and(eq(listings.id, listing.id), eq(listings.userId, member.id)));
  await storage.delete(images.flatMap(imageKeys)).catch(() => {});
}
