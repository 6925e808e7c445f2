import { randomUUID } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { AppError } from "~/utils/app-error";
import { countMediaBytesWritten } from "./media-usage.server";
import { type PhotoPrints, photoPrints } from "./photo-fingerprint.server";
import type { MediaStorage } from "./storage.server";

export const MAX_LISTING_IMAGES = 10;
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;
/** ~ 8K×6K. A small file can declare billions of pixels (a decompression bomb); larger is refused. */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Cards, the gallery and the lightbox. */
export const VARIANT_WIDTHS = [320, 640, 1280] as const;

const WEBP_QUALITY = 78;
const WEBP_EFFORT = 4;
// Decided from the bytes, never from the file name or the browser's claimed type.
const ACCEPTED_TYPES = new Set(["jpg", "png", "webp", "gif", "avif"]);
// A pathological file must not hold one of the machine's two cores for long.
const DECODE_TIMEOUT_SECONDS = 30;

export interface StoredImage {
  /** `listings/<listingId>/<uuid>`; variants are `${storageKey}-${width}.webp`. */
  storageKey: string;
  /** The largest variant's size. */
  width: number;
  height: number;
  variants: { width: number; height: number; key: string }[];
  /** Its fingerprint (decision 039); absent for a blank photo and those from before them. */
  prints?: PhotoPrints | null;
}

export interface ProcessedImage {
  /** The largest variant's size. */
  width: number;
  height: number;
  /** Smallest first. */
  variants: { width: number; height: number; bytes: Buffer }[];
  /** The upright photo's fingerprint, for the duplicate and stolen-photo checks (null: blank). */
  prints: PhotoPrints | null;
}

/** The variant widths for an image `width` pixels wide (after orientation). Never upscales. */
export function variantWidthsFor(width: number): number[] {
  const largest = Math.min(width, Math.max(...VARIANT_WIDTHS));
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w < largest);
  widths.push(largest);
  return widths;
}

/**
 * Checks one upload and re-encodes it as WebP variants: type from the bytes, a pixel limit before
 * decoding, auto-orientation from EXIF, then every byte of metadata (EXIF with GPS, XMP, IPTC,
 * ICC) dropped — sharp writes none unless asked, and this never asks. Throws an AppError a member
 * can act on. Empty files are the caller's business (skip them before calling).
 */
/** A refused photo belongs under the listing form's photos (its field `images`). */
const PHOTOS = { field: "images" };

export async function processListingImage(bytes: Uint8Array): Promise<ProcessedImage> {
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw new AppError("LISTING_IMAGE_TOO_LARGE", PHOTOS);
  const type = bytes.byteLength > 0 ? await fileTypeFromBuffer(bytes) : undefined;
  if (!type || !ACCEPTED_TYPES.has(type.ext)) throw new AppError("IMAGE_NOT_IMAGE", PHOTOS);

  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" } as const;
  try {
    // The header alone tells the size: refuse a bomb before decoding a single pixel. sharp's own
    // limitInputPixels stays on as the second lock.
    const meta = await sharp(bytes, options).metadata();
    if (!meta.width || !meta.height || meta.width * meta.height > MAX_INPUT_PIXELS) {
      throw new AppError("IMAGE_UNREADABLE", PHOTOS);
    }
    const widths = variantWidthsFor(meta.autoOrient?.width ?? meta.width);
    const largest = widths[widths.length - 1]!;

    // Decode once (JPEG and WebP shrink on load), orient, scale to the largest variant, and keep
    // 8-bit sRGB pixels; the smaller variants are cut from those rather than decoding again.
    const base = await sharp(bytes, options)
      .timeout({ seconds: DECODE_TIMEOUT_SECONDS })
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .toColourspace("srgb")
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
    const raw = {
      width: base.info.width,
      height: base.info.height,
      channels: base.info.channels as 1 | 2 | 3 | 4,
    };

    const variants: ProcessedImage["variants"] = [];
    for (const width of widths) {
      const pipeline = sharp(base.data, { raw });
      if (width !== raw.width) pipeline.resize({ width });
      const { data, info } = await pipeline
        .webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT })
        .toBuffer({ resolveWithObject: true });
      variants.push({ width: info.width, height: info.height, bytes: data });
    }
    const top = variants[variants.length - 1]!;
    const prints = await photoPrints(base.data, raw);
    return { width: top.width, height: top.height, variants, prints };
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Corrupt data, a truncated file, the pixel limit, the timeout: all the same to the member.
    throw new AppError("IMAGE_UNREADABLE", PHOTOS);
  }
}

/**
 * Processes every file first — one at a time, the machine has two cores — so a bad file throws
 * before anything is written; then writes them. If a write fails, what was written is deleted and
 * the error rethrown. The first returned image is the listing's primary one. The caller counts
 * images a listing already has; this refuses a batch larger than MAX_LISTING_IMAGES.
 */
export async function storeListingImages(
  storage: MediaStorage,
  listingId: string,
  files: Uint8Array[],
): Promise<StoredImage[]> {
  if (files.length > MAX_LISTING_IMAGES) throw new AppError("TOO_MANY_IMAGES", PHOTOS);
  if (!/^[0-9a-f-]{36}$/.test(listingId)) throw new TypeError("listingId must be a UUID");

  const processed: ProcessedImage[] = [];
  for (const file of files) processed.push(await processListingImage(file));

  const written: string[] = [];
  const stored: StoredImage[] = [];
  try {
    for (const image of processed) {
      const storageKey = `listings/${listingId}/${randomUUID()}`;
      stored.push(await writeImage(storage, storageKey, image, written));
    }
  } catch (error) {
    await storage.delete(written).catch(() => {});
    throw error;
  }
  return stored;
}

/**
 * One uploaded photo, start to finish: checked and processed, its variants written under
 * `storageKey`, then `record`ed (the row that names them). If any step fails, the files written
 * go and `undo` runs (the row claimed for it), so the same upload may be tried again.
 */
export async function storeUploadedImage<T>(
  storage: MediaStorage,
  storageKey: string,
  bytes: Uint8Array,
  { record, undo }: { record: (image: StoredImage) => Promise<T>; undo: () => Promise<unknown> },
): Promise<T> {
  const written: string[] = [];
  try {
    return await record(
      await writeImage(storage, storageKey, await processListingImage(bytes), written),
    );
  } catch (error) {
    await undo();
    await storage.delete(written).catch(() => {});
    throw error;
  }
}

/**
 * Writes one processed image's variants under `storageKey` (`${storageKey}-${width}.webp`), each
 * key added to `written` as soon as it is, so a caller can delete them all if a later one fails.
 */
export async function writeImage(
  storage: MediaStorage,
  storageKey: string,
  image: ProcessedImage,
  written: string[],
): Promise<StoredImage> {
  const variants: StoredImage["variants"] = [];
  for (const variant of image.variants) {
    const key = `${storageKey}-${variant.width}.webp`;
    await storage.put(key, variant.bytes);
    countMediaBytesWritten(variant.bytes.length);
    written.push(key);
    variants.push({ width: variant.width, height: variant.height, key });
  }
  return { storageKey, width: image.width, height: image.height, variants, prints: image.prints };
}

/** Every file of one stored image, e.g. to delete it. */
export function imageKeys(image: { variants: { key: string }[] }): string[] {
  return image.variants.map((variant) => variant.key);
}

/** `srcset` for an `<img>`: "/media/…-320.webp 320w, /media/…-640.webp 640w, …". */
export function srcSetFor(
  storage: MediaStorage,
  variants: { width: number; key: string }[],
): string {
  return [...variants]
    .sort((a, b) => a.width - b.width)
    .map((variant) => `${storage.urlFor(variant.key)} ${variant.width}w`)
    .join(", ");
}

/**
 * A small picture of a listing (a conversation's or a report's, 48–96 pixels on screen): its
 * smallest variant at least 160 pixels wide, which is already the smallest file there is.
 */
export function listingThumb(
  variants: readonly { width: number; height: number; key: string }[] | null,
  storage: MediaStorage,
) {
  const sorted = [...(variants ?? [])].sort((a, b) => a.width - b.width);
  const thumb = sorted.find((v) => v.width >= 160) ?? sorted[sorted.length - 1];
  return thumb
    ? { src: storage.urlFor(thumb.key), width: thumb.width, height: thumb.height }
    : null;
}
