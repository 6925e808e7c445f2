/*
 * Makes large photos smaller in the browser before they are uploaded (product spec §9): a phone
 * photo of 6 MB becomes about 1 MB, which matters on a slow or metered connection. The server
 * re-encodes every image anyway, so this only saves bandwidth and never decides what is stored.
 */

/** Files up to this size are sent as they are. */
export const SKIP_AT_OR_BELOW_BYTES = 500 * 1024;
/** What a compressed photo should weigh at most. */
export const TARGET_MAX_BYTES = 1024 * 1024;
/** The longest side of a compressed photo. */
export const MAX_DIMENSION = 1920;
/** A result heavier than this share of the original is not worth the quality it costs. */
export const KEEP_ORIGINAL_ABOVE_RATIO = 0.9;

export type CompressionPlan =
  | { action: "skip" }
  | { action: "compress"; width: number; height: number };

/** Whether to compress a photo of `size` bytes and `width`×`height` pixels, and to what size. */
export function compressionPlan(size: number, width: number, height: number): CompressionPlan {
  if (size <= SKIP_AT_OR_BELOW_BYTES || width <= 0 || height <= 0) return { action: "skip" };
  const scale = Math.min(1, MAX_DIMENSION / Math.max(width, height));
  return {
    action: "compress",
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** Qualities tried in turn until the result is at most TARGET_MAX_BYTES. */
export const QUALITY_STEPS = [0.86, 0.78, 0.7, 0.62, 0.54, 0.46, 0.38] as const;

/** Whether the encoding at this step is the one to keep, or the next, lower quality is needed. */
export function isSmallEnough(bytes: number) {
  return bytes <= TARGET_MAX_BYTES;
}

/** The compressed file is sent only when it saves more than a tenth of the original. */
export function keepCompressed(originalBytes: number, compressedBytes: number) {
  return compressedBytes <= originalBytes * KEEP_ORIGINAL_ABOVE_RATIO;
}

/** `photo.HEIC` → `photo.webp`. */
export function renamedFor(name: string, type: string) {
  const extension = type === "image/webp" ? "webp" : "jpg";
  const base = name.replace(/\.[^./\\]*$/, "") || "photo";
  return `${base}.${extension}`;
}

function canvasBlob(canvas: HTMLCanvasElement, type: string, quality: number) {
  return new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));
}

/**
 * The photo to upload: the original when it is small or compression does not pay, else a WebP
 * (JPEG where the browser cannot write WebP) at most 1920 px on its longest side, at the highest
 * quality that fits in 1 MB. EXIF orientation is applied first, so a portrait stays upright.
 * Throws when the browser cannot decode the file; the caller then sends the original.
 */
export async function compressImage(file: File): Promise<File> {
  if (file.size <= SKIP_AT_OR_BELOW_BYTES) return file;
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  try {
    const plan = compressionPlan(file.size, bitmap.width, bitmap.height);
    if (plan.action === "skip") return file;
    const canvas = document.createElement("canvas");
    canvas.width = plan.width;
    canvas.height = plan.height;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("No 2D canvas");
    context.imageSmoothingQuality = "high";
    context.drawImage(bitmap, 0, 0, plan.width, plan.height);

    let type = "image/webp";
    let best: Blob | null = null;
    for (const quality of QUALITY_STEPS) {
      let blob = await canvasBlob(canvas, type, quality);
      if (blob && blob.type !== type) {
        // This browser cannot write WebP (it fell back to PNG): JPEG on a white background,
        // since JPEG has no transparency.
        type = "image/jpeg";
        context.globalCompositeOperation = "destination-over";
        context.fillStyle = "#ffffff";
        context.fillRect(0, 0, plan.width, plan.height);
        blob = await canvasBlob(canvas, type, quality);
      }
      if (!blob) throw new Error("Canvas could not encode the image");
      if (!best || blob.size < best.size) best = blob;
      if (isSmallEnough(blob.size)) break;
    }
    canvas.width = 0;
    canvas.height = 0;
    if (!best || !keepCompressed(file.size, best.size)) return file;
    return new File([best], renamedFor(file.name, best.type), {
      type: best.type,
      lastModified: file.lastModified,
    });
  } finally {
    bitmap.close();
  }
}
