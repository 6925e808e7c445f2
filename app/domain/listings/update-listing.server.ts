import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { listingDetails, listingImages, listings } from "~/db/schema";
import { lockCounts } from "~/domain/accounts/rate-limit.server";
import type { Member } from "~/domain/accounts/session.server";
import { HELD_FOR_SCREENING } from "~/domain/moderation/moderation-schemas";
import { tellWatchers, type WatcherQueue } from "~/domain/notifications/watchers.server";
import { heldColumns, recordScreening } from "~/domain/screening/review-queue.server";
import { DEFAULT_HOLD_SCORE } from "~/domain/screening/risk-score";
import { screenListing } from "~/domain/screening/screen-listing.server";
import type { ListingChange } from "~/jobs/job-types";
import { imageKeys, MAX_LISTING_IMAGES, storeListingImages } from "~/media/listing-images.server";
import type { MediaStorage } from "~/media/storage.server";
import { AppError } from "~/utils/app-error";
import {
  imageRows,
  listingColumns,
  parseListingInput,
  type SavedListing,
  screeningInput,
} from "./create-listing.server";
import {
  DEFAULT_LISTING_RATES,
  type ListingRates,
  limitListingChange,
  limitPhotoProcessing,
} from "./listing-rates.server";
import {
  detailsToSave,
  isListingId,
  type ListingFormInput,
  type ListingFormValues,
} from "./listings-schemas";
import { findEditableListing } from "./owned-listing.server";
import { takeStagedPhotos } from "./staged-photos.server";

interface UpdateListingOptions {
  db: Database;
  storage: MediaStorage;
  member: Pick<Member, "id">;
  listingId: string;
  input: ListingFormInput;
  /** Files to add, after the images the listing keeps. */
  newImages: Uint8Array[];
  /** Photos the member uploaded ahead (staged-photos.server.ts) to add, before `newImages`. */
  stagedPhotos?: readonly string[];
  /** Ids of this listing's images to remove; ids of other listings' images are ignored. */
  removedImageIds: string[];
  /** The image to show first, if it is still there after the change. */
  primaryImageId?: string | null;
  /** Where a price drop is announced to the members who saved the listing (the job queue). */
  watchers?: WatcherQueue;
  /** The member's address: photos are limited per network too. */
  ip?: string;
  /** How often a member may change listings and send photos (LISTING_CHANGES_PER_MEMBER_PER_HOUR, …). */
  rates?: ListingRates;
  /** The risk score from which an edit is held "Under review" (SCREENING_HOLD_SCORE). */
  holdScore?: number;
}

/**
 * Saves the edit form, owner only and all or nothing: new files are written first, then the
 * listing, details and image rows change in one transaction, which also takes the photos staged
 * ahead (a failure leaves them staged). Removed images' files go only after
 * the commit; if anything fails, the new files are deleted and the listing is as it was.
 * A saved edit counts against the member's change rate (LISTING_CHANGE_RATE_LIMITED once
 * reached: nothing is changed, the form keeps what was typed), new files against the photo rates.
 */
export async function updateListing(options: UpdateListingOptions): Promise<SavedListing> {
  const { db, member } = options;
  const listing = await findEditableListing(db, member, options.listingId);
  const values = parseListingInput(options.input);
  const rates = options.rates ?? DEFAULT_LISTING_RATES;
  return limitListingChange(db, { memberId: member.id, rates }, () =>
    saveEdit(options, listing.id, values, rates),
  );
}

async function saveEdit(
  options: UpdateListingOptions,
  id: string,
  values: ListingFormValues,
  rates: ListingRates,
): Promise<SavedListing> {
  const { db, storage, member } = options;
  let held = false;

  const existing = await db
    .select({ id: listingImages.id, sortOrder: listingImages.sortOrder })
    .from(listingImages)
    .where(eq(listingImages.listingId, id));
  const removed = new Set(
    options.removedImageIds.filter(
      (imageId) => isListingId(imageId) && existing.some((image) => image.id === imageId),
    ),
  );
  const files = options.newImages.filter((file) => file.byteLength > 0);
  const kept = existing.filter((image) => !removed.has(image.id));
  const staged = options.stagedPhotos ?? [];
  if (kept.length + staged.length + files.length > MAX_LISTING_IMAGES)
    throw new AppError("TOO_MANY_IMAGES", { field: "images" });

  const stored =
    files.length > 0
      ? await limitPhotoProcessing(
          db,
          { memberId: member.id, ip: options.ip, rates, photos: files.length },
          () => storeListingImages(storage, id, files),
        )
      : [];
  let removedFiles: string[] = [];
  let change: ListingChange | undefined;
  try {
    await db.transaction(async (tx) => {
      // An edit and a post take turns at the screening's check for a repeat.
      await lockCounts(tx, { member: member.id });
      const [before] = await tx
        .select({ price: listings.price, status: listings.status })
        .from(listings)
        .where(eq(listings.id, id))
        .for("update");
      if (!before) throw new AppError("LISTING_NOT_FOUND");
      const added = [...(await takeStagedPhotos(tx, member.id, staged)), ...stored];
      const screening = await screenListing(
        tx,
        {
          ...screeningInput(member.id, values),
          listingId: id,
          photos: added.map((image) => image.prints),
        },
        options.holdScore ?? DEFAULT_HOLD_SCORE,
      );
      // A rejected listing's edit is a resubmission: a moderator looks at it again.
      const resubmitted = before.status === "removed";
      if (resubmitted) {
        screening.hold = true;
        screening.reasons.push({ rule: "resubmitted", evidence: "" });
      }
      held = screening.hold;
      const updated = await tx
        .update(listings)
        .set({
          ...listingColumns(values),
          ...(held && !resubmitted ? heldColumns(before.status) : {}),
          ...(resubmitted ? { removalReason: HELD_FOR_SCREENING } : {}),
          updatedAt: sql`now()`,
        })
        .where(and(eq(listings.id, id), eq(listings.userId, member.id)))
        .returning({ id: listings.id, updatedAt: listings.updatedAt });
      if (updated.length === 0) throw new AppError("LISTING_NOT_FOUND");
      await recordScreening(tx, { listingId: id, ownerId: member.id, screening });
      if (!held && before.status === "active" && values.price < before.price && updated[0]) {
        change = {
          listingId: id,
          kind: "price-drop",
          oldPrice: before.price,
          newPrice: values.price,
          at: updated[0].updatedAt.toISOString(),
        };
      }

      const details = detailsToSave(values.details);
      if (details) {
        await tx
          .insert(listingDetails)
          .values({ listingId: id, details })
          .onConflictDoUpdate({ target: listingDetails.listingId, set: { details } });
      } else {
        await tx.delete(listingDetails).where(eq(listingDetails.listingId, id));
      }

      if (removed.size > 0) {
        const deleted = await tx
          .delete(listingImages)
          .where(and(eq(listingImages.listingId, id), inArray(listingImages.id, [...removed])))
          .returning({ variants: listingImages.variants });
        removedFiles = deleted.flatMap(imageKeys);
      }
      if (added.length > 0) {
        const firstSortOrder = Math.max(-1, ...existing.map((image) => image.sortOrder)) + 1;
        await tx
          .insert(listingImages)
          .values(imageRows(id, added, { firstSortOrder, primaryFirst: false }));
      }
      await settlePrimaryImage(tx, id, options.primaryImageId);
    });
  } catch (error) {
    await storage.delete(stored.flatMap(imageKeys)).catch(() => {});
    throw error;
  }
  // The rows are gone; a file left behind by a failure here is only unused, never shown.
  await storage.delete(removedFiles).catch(() => {});
  if (change) await tellWatchers(options.watchers, change);
  return { id, held };
}

/**
 * Exactly one primary image: the chosen one if it is still there, else the current primary if
 * still there, else the first by sort order. Unset first: the one-primary index is not deferred.
 */
async function settlePrimaryImage(
  tx: Pick<Database, "select" | "update">,
  listingId: string,
  chosenId: string | null | undefined,
) {
  const images = await tx
    .select({ id: listingImages.id, isPrimary: listingImages.isPrimary })
    .from(listingImages)
    .where(eq(listingImages.listingId, listingId))
    .orderBy(listingImages.sortOrder, listingImages.createdAt, listingImages.id);
  const primary =
    images.find((image) => image.id === chosenId) ??
    images.find((image) => image.isPrimary) ??
    images[0];
  if (!primary) return;
  await tx
    .update(listingImages)
    .set({ isPrimary: false })
    .where(
      and(
        eq(listingImages.listingId, listingId),
        eq(listingImages.isPrimary, true),
        ne(listingImages.id, primary.id),
      ),
    );
  if (!primary.isPrimary) {
    await tx.update(listingImages).set({ isPrimary: true }).where(eq(listingImages.id, primary.id));
  }
}
