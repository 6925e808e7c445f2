import { buffer } from "node:stream/consumers";
import { asc, eq, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { listingImages } from "~/db/schema";
import { fingerprintColumns, photoPrints } from "~/media/photo-fingerprint.server";
import type { MediaDriver } from "~/media/storage.server";

export interface FingerprintProgress {
  /** Photos fingerprinted in this run (blank ones included). */
  done: number;
  /** Photos whose file could not be read or decoded: marked as looked at, reported. */
  failed: number;
  /** Photos still without a fingerprint after this run. */
  left: boolean;
}

/** Photos read and fingerprinted per round: one statement picks them, one writes each. */
const BATCH = 50;

/**
 * Fingerprints listing photos from before fingerprints (decision 039), oldest first, at most
 * `max` in one call. Resumable by construction: what is left is what has no `photo_colours` yet,
 * so a run stopped half-way — or several instances at once — goes on where the table says. Each
 * photo is read at its middle width (640 pixels: enough for a 32×32 hash, a third of the bytes).
 * A file that is missing or unreadable is marked '' like a blank photo, so it is not retried
 * forever, and counted as failed.
 */
export async function fingerprintStoredPhotos({
  db,
  storage,
  max = Number.POSITIVE_INFINITY,
  onProgress,
}: {
  db: Database;
  storage: Pick<MediaDriver, "read">;
  max?: number;
  onProgress?: (progress: FingerprintProgress) => void;
}): Promise<FingerprintProgress> {
  const progress: FingerprintProgress = { done: 0, failed: 0, left: true };
  while (progress.done + progress.failed < max) {
    const rows = await db
      .select({ id: listingImages.id, variants: listingImages.variants })
      .from(listingImages)
      .where(isNull(listingImages.photoColours))
      .orderBy(asc(listingImages.createdAt), asc(listingImages.id))
      .limit(Math.min(BATCH, max - progress.done - progress.failed));
    if (rows.length === 0) {
      progress.left = false;
      break;
    }
    for (const row of rows) {
      const prints = await printsOfStored(storage, row.variants);
      if (prints === "unreadable") progress.failed++;
      else progress.done++;
      await db
        .update(listingImages)
        .set(fingerprintColumns(prints === "unreadable" ? null : prints))
        .where(eq(listingImages.id, row.id));
    }
    onProgress?.({ ...progress });
  }
  return progress;
}

async function printsOfStored(
  storage: Pick<MediaDriver, "read">,
  variants: readonly { width: number; key: string }[],
) {
  const sorted = [...variants].sort((a, b) => a.width - b.width);
  const variant = sorted.find((v) => v.width >= 640) ?? sorted[sorted.length - 1];
  try {
    const file = variant ? await storage.read(variant.key) : null;
    if (!file) return "unreadable" as const;
    return await photoPrints(await buffer(file.body));
  } catch {
    return "unreadable" as const;
  }
}
