import { randomUUID } from "node:crypto";
import { and, count, eq, inArray, isNotNull, lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { stagedPhotos } from "~/db/schema";
import { lockCounts } from "~/domain/accounts/rate-limit.server";
import type { Member } from "~/domain/accounts/session.server";
import { photoPrintsOf, storedPrints } from "~/domain/screening/photo-prints.server";
import {
  MAX_IMAGE_BYTES,
  MAX_LISTING_IMAGES,
  type StoredImage,
  storeUploadedImage,
  VARIANT_WIDTHS,
} from "~/media/listing-images.server";
import type { MediaStorage } from "~/media/storage.server";
import { AppError } from "~/utils/app-error";
import {
  DEFAULT_LISTING_RATES,
  type ListingRates,
  limitPhotoProcessing,
} from "./listing-rates.server";

/*
 * Photos uploaded one by one while the post form is filled in (decision 025): each is checked
 * and processed at once by the image pipeline, kept for STAGED_PHOTO_HOURS, and taken by the post
 * that names it — so the post itself is small and quick, and a connection that drops loses one
 * photo, not eight.
 */

export const STAGED_PHOTO_HOURS = 24;
const STAGED_PHOTO_MS = STAGED_PHOTO_HOURS * 60 * 60 * 1000;
/** One photo's request: the photo at its largest, its upload id and the multipart framing. */
export const PHOTO_UPLOAD_BYTES = MAX_IMAGE_BYTES + 64 * 1024;
/** Photos a member may have waiting at once: four posts' worth; more is someone filling a disk. */
export const MAX_STAGED_PHOTOS = MAX_LISTING_IMAGES * 4;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface StagedPhoto {
  id: string;
  /** The smallest variant, for the form's thumbnail. */
  thumb: { src: string; width: number; height: number };
  /** False when this upload had been received before (a retry): nothing was processed again. */
  created: boolean;
}

type Row = typeof stagedPhotos.$inferSelect;

function toStaged(storage: MediaStorage, row: Row, created: boolean): StagedPhoto {
  const smallest = [...(row.variants ?? [])].sort((a, b) => a.width - b.width)[0];
  if (!smallest) throw new AppError("STAGED_PHOTO_BUSY");
  return {
    id: row.id,
    thumb: { src: storage.urlFor(smallest.key), width: smallest.width, height: smallest.height },
    created,
  };
}

/**
 * Receives one photo. `uploadId` is the browser's name for this upload: sent again (a retry), the
 * photo already received is returned, and one still being processed answers STAGED_PHOTO_BUSY —
 * a photo is never processed twice, and a retry is never counted against the member's photo
 * rates. The row is written first, so two requests at once cannot both process it; if processing
 * fails the row goes and the same upload may be tried again. Processing counts against the
 * member's and the network's photo rates, a refused photo against the refusals' as well
 * (listing-rates.server.ts), so a broken file cannot be sent forever.
 */
export async function stagePhoto({
  db,
  storage,
  member,
  uploadId,
  bytes,
  ip,
  rates = DEFAULT_LISTING_RATES,
}: {
  db: Database;
  storage: MediaStorage;
  member: Pick<Member, "id">;
  uploadId: string;
  bytes: Uint8Array;
  /** The member's address: photos are limited per network too. */
  ip?: string;
  rates?: ListingRates;
}): Promise<StagedPhoto> {
  if (!UUID.test(uploadId)) throw new AppError("INVALID_REQUEST");
  const upload = uploadId.toLowerCase();
  const [existing] = await db
    .select()
    .from(stagedPhotos)
    .where(and(eq(stagedPhotos.userId, member.id), eq(stagedPhotos.uploadId, upload)));
  if (existing) return toStaged(storage, existing, false);

  return limitPhotoProcessing(
    db,
    { memberId: member.id, ip, rates, counts: (outcome) => outcome.ok && outcome.value.created },
    async () => {
      const claimed = await claimUpload(db, member.id, upload);
      if (!claimed) {
        // The same upload, arrived a moment ago on another request.
        const [other] = await db
          .select()
          .from(stagedPhotos)
          .where(and(eq(stagedPhotos.userId, member.id), eq(stagedPhotos.uploadId, upload)));
        if (other) return toStaged(storage, other, false);
        throw new AppError("STAGED_PHOTO_BUSY");
      }
      return storeUploadedImage(storage, claimed.storageKey, bytes, {
        record: async (image) => {
          const [ready] = await db
            .update(stagedPhotos)
            .set({
              variants: image.variants,
              width: image.width,
              height: image.height,
              prints: image.prints ? storedPrints(image.prints) : null,
            })
            .where(eq(stagedPhotos.id, claimed.id))
            .returning();
          if (!ready) throw new AppError("UNEXPECTED");
          return toStaged(storage, ready, true);
        },
        undo: () => db.delete(stagedPhotos).where(eq(stagedPhotos.id, claimed.id)),
      });
    },
  );
}

/**
 * The upload's row, written before any processing; null when another request wrote it first.
 * The member's waiting photos are counted under lockCounts, so simultaneous uploads take turns
 * at the MAX_STAGED_PHOTOS check and the 41st is refused however many arrive at once.
 */
function claimUpload(db: Database, memberId: string, upload: string) {
  return db.transaction(async (tx) => {
    await lockCounts(tx, { member: memberId });
    const [waiting] = await tx
      .select({ n: count() })
      .from(stagedPhotos)
      .where(eq(stagedPhotos.userId, memberId));
    if ((waiting?.n ?? 0) >= MAX_STAGED_PHOTOS) throw new AppError("STAGED_PHOTO_LIMIT");
    const [claimed] = await tx
      .insert(stagedPhotos)
      .values({ userId: memberId, uploadId: upload, storageKey: `staged/${randomUUID()}` })
      .onConflictDoNothing()
      .returning();
    return claimed ?? null;
  });
}

/**
 * The post's side: takes the member's staged photos `ids`, in that order, for a listing — inside
 * the post's transaction, so a post that fails leaves them staged for the next try. Each must be
 * this member's, processed, and younger than STAGED_PHOTO_HOURS: another member's photo, an
 * expired or unknown one, or one named twice is STAGED_PHOTO_INVALID (the whole post is refused).
 */
export async function takeStagedPhotos(
  tx: Pick<Database, "select" | "delete">,
  memberId: string,
  ids: readonly string[],
  now = new Date(),
): Promise<StoredImage[]> {
  if (ids.length === 0) return [];
  if (new Set(ids).size !== ids.length || ids.some((id) => !UUID.test(id))) {
    throw new AppError("STAGED_PHOTO_INVALID", { field: "images" });
  }
  const rows = await tx
    .select()
    .from(stagedPhotos)
    .where(
      and(
        inArray(stagedPhotos.id, [...ids]),
        eq(stagedPhotos.userId, memberId),
        isNotNull(stagedPhotos.variants),
        sql`${stagedPhotos.createdAt} > ${new Date(now.getTime() - STAGED_PHOTO_MS).toISOString()}::timestamptz`,
      ),
    )
    .for("update");
  if (rows.length !== ids.length) throw new AppError("STAGED_PHOTO_INVALID", { field: "images" });
  await tx.delete(stagedPhotos).where(inArray(stagedPhotos.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row?.variants || !row.width || !row.height) {
      throw new AppError("STAGED_PHOTO_INVALID", { field: "images" });
    }
    return {
      storageKey: row.storageKey,
      width: row.width,
      height: row.height,
      variants: row.variants,
      prints: row.prints ? photoPrintsOf(row.prints) : null,
    };
  });
}

/**
 * The hourly sweep's part: staged photos no post took within STAGED_PHOTO_HOURS go, files first.
 * A photo whose processing never finished (a process killed) has no variants: its files are
 * looked for under the pipeline's standard widths (a smaller photo's own width is missed).
 */
export async function deleteExpiredStagedPhotos({
  db,
  storage,
  now = new Date(),
}: {
  db: Database;
  storage: Pick<MediaStorage, "delete">;
  now?: Date;
}): Promise<number> {
  const before = new Date(now.getTime() - STAGED_PHOTO_MS);
  let deleted = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(stagedPhotos)
      .where(lt(stagedPhotos.createdAt, before))
      .limit(200);
    if (rows.length === 0) return deleted;
    const keys = rows.flatMap((row) =>
      row.variants
        ? row.variants.map((variant) => variant.key)
        : VARIANT_WIDTHS.map((width) => `${row.storageKey}-${width}.webp`),
    );
    await storage.delete(keys);
    await db.delete(stagedPhotos).where(
      inArray(
        stagedPhotos.id,
        rows.map((row) => row.id),
      ),
    );
    deleted += rows.length;
  }
}
