import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { AppError } from "~/utils/app-error";

// A small PNG can declare billions of pixels; sharp refuses to decode past this.
const MAX_PIXELS = 40_000_000;
// Decided from the bytes, never from the file name or the browser's claimed type.
const TYPES = new Set(["jpg", "png", "webp", "gif", "avif", "heic"]);

/**
 * A member's small picture — an avatar, a business's logo — re-encoded as a `size`×`size` WebP
 * without metadata: cropped to fill (`cover`) or fitted on white (`contain`, a logo keeps its
 * edges). Failures name the form field they belong to: too large, not an image, unreadable.
 */
export async function encodeSmallImage(
  bytes: Uint8Array,
  {
    field,
    maxBytes,
    size,
    fit,
  }: { field: string; maxBytes: number; size: number; fit: "cover" | "contain" },
): Promise<Buffer> {
  if (bytes.byteLength > maxBytes) throw new AppError("IMAGE_TOO_LARGE", { field });
  const type = bytes.byteLength > 0 ? await fileTypeFromBuffer(bytes) : undefined;
  if (!type || !TYPES.has(type.ext)) throw new AppError("IMAGE_NOT_IMAGE", { field });
  try {
    return await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: "error" })
      .rotate()
      .resize(size, size, { fit, background: "#ffffff" })
      .flatten({ background: "#ffffff" })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new AppError("IMAGE_UNREADABLE", { field });
  }
}
