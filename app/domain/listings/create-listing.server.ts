import { randomUUID } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { cities } from "~/db/reference-data/regions";
import { listingDetails, listingImages, listings, profiles, users } from "~/db/schema";
import { lockCounts } from "~/domain/accounts/rate-limit.server";
import type { Member } from "~/domain/accounts/session.server";
import { HELD_FOR_SCREENING } from "~/domain/moderation/moderation-schemas";
import {
  type AlertQueue,
  matchNewListing,
} from "~/domain/saved-searches/saved-search-alerts.server";
import { heldColumns, recordScreening } from "~/domain/screening/review-queue.server";
import { DEFAULT_HOLD_SCORE } from "~/domain/screening/risk-score";
import { screenListing } from "~/domain/screening/screen-listing.server";
import { listingSearchColumns } from "~/domain/search/listing-document";
import {
  imageKeys,
  MAX_LISTING_IMAGES,
  type StoredImage,
  storeListingImages,
} from "~/media/listing-images.server";
import { fingerprintColumns } from "~/media/photo-fingerprint.server";
import type { MediaStorage } from "~/media/storage.server";
import { AppError } from "~/utils/app-error";
import {
  DEFAULT_LISTING_RATES,
  type ListingRates,
  limitPhotoProcessing,
  limitPosting,
} from "./listing-rates.server";
import {
  detailsToSave,
  type ListingFormInput,
  type ListingFormValues,
  listingFormSchema,
  splitByScript,
} from "./listings-schemas";
import { takeStagedPhotos } from "./staged-photos.server";

/** Until the e-mail is confirmed a member can post at most this many listings (any status). */
export const UNCONFIRMED_LISTING_LIMIT = 2;

interface CreateListingOptions {
  db: Database;
  storage: MediaStorage;
  member: Pick<Member, "id" | "emailVerified">;
  input: ListingFormInput;
  /** The uploaded files in the member's order; the first becomes the primary image. */
  images: Uint8Array[];
  /**
   * Photos the member uploaded ahead (staged-photos.server.ts), in their order, before `images`:
   * the first of them is then the primary image.
   */
  stagedPhotos?: readonly string[];
  /**
   * The form's name for this post: the same post sent again (a retry after going offline, a
   * double submit) returns the listing it made instead of a second one.
   */
  idempotencyKey?: string | null;
  /**
   * The member the post was written by, as the browser knew them: a post queued on a device and
   * sent later (Background Sync) goes with whoever is signed in then, and must not become their
   * listing if that is someone else.
   */
  author?: string | null;
  /** Where the new listing is matched against saved searches (the job queue). */
  alerts?: AlertQueue;
  /** The member's address: the photos sent with the post are limited per network too. */
  ip?: string;
  /** How fast a member may post and send photos (LISTINGS_PER_MEMBER_PER_HOUR, …). */
  rates?: ListingRates;
  /** The risk score from which a post is held "Under review" (SCREENING_HOLD_SCORE). */
  holdScore?: number;
}

export interface SavedListing {
  id: string;
  /** Held "Under review" by the screening instead of published. */
  held: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The listing this member already posted under `key`, if any. */
async function postedUnder(db: Pick<Database, "select">, memberId: string, key: string) {
  const [row] = await db
    .select({ id: listings.id, removalReason: listings.removalReason })
    .from(listings)
    .where(and(eq(listings.userId, memberId), eq(listings.idempotencyKey, key)));
  return row ? { id: row.id, held: row.removalReason === HELD_FOR_SCREENING } : null;
}

/**
 * Posts a listing, all or nothing: the images are checked and written first (under the new id),
 * then the listing, its details and its image rows go in one transaction, which also takes the
 * photos staged ahead. If that fails, the written files are deleted again (staged photos stay
 * staged). A post sent again under the same idempotency key returns the first one's listing
 * (`created: false`), even when both arrive at once. Posts count against the member's posting
 * rates (POSTING_RATE_LIMITED once reached), and the photos sent with it against the photo rates.
 */
export async function createListing(
  options: CreateListingOptions,
): Promise<SavedListing & { created: boolean }> {
  const { db, member } = options;
  if (options.author && options.author !== member.id) throw new AppError("FORBIDDEN");
  const values = parseListingInput(options.input);
  const files = options.images.filter((file) => file.byteLength > 0);
  const staged = options.stagedPhotos ?? [];
  if (files.length + staged.length > MAX_LISTING_IMAGES) {
    throw new AppError("TOO_MANY_IMAGES", { field: "images" });
  }
  const key = options.idempotencyKey?.toLowerCase() || null;
  if (key !== null && !UUID.test(key)) throw new AppError("INVALID_REQUEST");
  if (key) {
    const posted = await postedUnder(db, member.id, key);
    if (posted) return { ...posted, created: false };
  }
  // Checked before the (slow) image work too, so a refused member waits for nothing.
  if (!member.emailVerified) await assertMayPost(db, member.id);
  const rates = options.rates ?? DEFAULT_LISTING_RATES;
  return limitPosting(db, { memberId: member.id, rates }, () =>
    postListing({ ...options, values, files, staged, key, rates }),
  );
}

async function postListing({
  db,
  storage,
  member,
  values,
  files,
  staged,
  key,
  rates,
  ip,
  alerts,
  holdScore = DEFAULT_HOLD_SCORE,
}: CreateListingOptions & {
  values: ListingFormValues;
  files: Uint8Array[];
  staged: readonly string[];
  key: string | null;
  rates: ListingRates;
}): Promise<SavedListing & { created: boolean }> {
  const id = randomUUID();
  let held = false;
  const stored =
    files.length > 0
      ? await limitPhotoProcessing(
          db,
          { memberId: member.id, ip, rates, photos: files.length },
          () => storeListingImages(storage, id, files),
        )
      : [];
  try {
    await db.transaction(async (tx) => {
      // Two simultaneous posts take turns at the limit check.
      await lockCounts(tx, { member: member.id });
      // A share lock waits for a suspension being written: a moderator may have suspended the
      // member while the request was on its way.
      const [user] = await tx
        .select({ emailVerified: users.emailVerified, suspendedAt: users.suspendedAt })
        .from(users)
        .where(eq(users.id, member.id))
        .for("share");
      if (!user) throw new AppError("AUTH_REQUIRED");
      if (user.suspendedAt) throw new AppError("ACCOUNT_SUSPENDED");
      if (!user.emailVerified) await assertMayPost(tx, member.id);

      const taken = await takeStagedPhotos(tx, member.id, staged);
      const images = [...taken, ...stored];
      const screening = await screenListing(
        tx,
        { ...screeningInput(member.id, values), photos: images.map((image) => image.prints) },
        holdScore,
      );
      held = screening.hold;
      await tx.insert(listings).values({
        id,
        userId: member.id,
        idempotencyKey: key,
        ...listingColumns(values),
        ...(held ? heldColumns("active") : {}),
      });
      const details = detailsToSave(values.details);
      if (details) await tx.insert(listingDetails).values({ listingId: id, details });
      if (images.length > 0)
        await tx
          .insert(listingImages)
          .values(imageRows(id, images, { firstSortOrder: 0, primaryFirst: true }));
      await recordScreening(tx, { listingId: id, ownerId: member.id, screening });
    });
  } catch (error) {
    await storage.delete(stored.flatMap(imageKeys)).catch(() => {});
    // The same post, committed a moment ago by another request: that listing is this post.
    const posted = key ? await postedUnder(db, member.id, key).catch(() => null) : null;
    if (posted) return { ...posted, created: false };
    throw error;
  }
  // A held listing is matched against saved searches when a moderator approves it.
  if (!held) await matchNewListing(alerts, id);
  return { id, held, created: true };
}

/**
 * A member who has proved neither an e-mail address nor a phone number posts two listings at
 * most (a throwaway account costs nothing). The phone is read here, in the same statement.
 */
async function assertMayPost(db: Pick<Database, "select">, memberId: string) {
  const [row] = await db
    .select({
      n: count(),
      phoneVerified: sql<boolean>`exists (select 1 from ${profiles} p
        where p.id = ${memberId} and p.phone_verified_at is not null)`,
    })
    .from(listings)
    .where(eq(listings.userId, memberId));
  if (row?.phoneVerified === true) return;
  if ((row?.n ?? 0) >= UNCONFIRMED_LISTING_LIMIT) throw new AppError("UNCONFIRMED_LIMIT");
}

/** The route parses the form already; the domain checks again, since it is the last line. */
export function parseListingInput(input: ListingFormInput): ListingFormValues {
  const parsed = listingFormSchema.safeParse(input);
  if (!parsed.success) throw new AppError("INVALID_LISTING_FORM");
  return parsed.data;
}

/** What the screening reads of a saved form (shared with the update). */
export function screeningInput(memberId: string, values: ListingFormValues) {
  return {
    memberId,
    categoryId: values.categoryId,
    details: values.details,
    title: values.title,
    description: values.description,
    price: values.price,
  };
}

/** The listings columns the form sets (shared with the update). */
export function listingColumns(values: ListingFormValues) {
  const city = cities.find((c) => c.id === values.location);
  if (!city) throw new AppError("LOCATION_INVALID", { field: "location" });
  const title = splitByScript(values.title);
  const description = splitByScript(values.description);
  const columns = {
    categoryId: values.categoryId,
    title: title.en,
    titleAr: title.ar,
    description: description.en,
    descriptionAr: description.ar,
    price: values.price,
    cityId: city.id,
    location: city.name,
    locationAr: city.nameAr,
  };
  return { ...columns, ...listingSearchColumns({ ...columns, details: values.details }) };
}

/** Rows for newly stored images, in order from `firstSortOrder`. */
export function imageRows(
  listingId: string,
  stored: StoredImage[],
  { firstSortOrder, primaryFirst }: { firstSortOrder: number; primaryFirst: boolean },
) {
  return stored.map((image, index) => ({
    listingId,
    storageKey: image.storageKey,
    variants: image.variants,
    width: image.width,
    height: image.height,
    isPrimary: primaryFirst && index === 0,
    sortOrder: firstSortOrder + index,
    ...fingerprintColumns(image.prints),
  }));
}
