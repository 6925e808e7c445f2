/*
 * Which photos the member has chosen for a listing, checked against the limits before anything is
 * uploaded. Pure functions over file-like values, so they run in tests without a browser.
 */

/** Each original photo, before compression. The server (listing-images.server.ts) says the same. */
export const MAX_ORIGINAL_BYTES = 15 * 1024 * 1024;

/** The parts of a File the checks need. */
export interface FileLike {
  name: string;
  size: number;
  type: string;
}

export interface SelectionLimits {
  /** Photos a listing may have in all (MAX_LISTING_IMAGES). */
  maxImages: number;
  /** Photos the listing already has and keeps (edit mode: not marked for removal). */
  existingCount: number;
  maxBytes?: number;
}

/** A catalog key in the "listings" namespace and its parameters. */
export interface SelectionError {
  key:
    | "form.upload.notImage"
    | "form.upload.tooBig"
    | "form.upload.tooMany"
    /** A save found a photo the server refused or never got (use-photo-selection.ts). */
    | "form.upload.notAllUploaded";
  params?: Record<string, string | number>;
}

const IMAGE_EXTENSIONS = /\.(jpe?g|png|webp|gif|avif|heic|heif|bmp|tiff?)$/i;

/**
 * An image by its declared type; a file without one (some Android pickers, drops from other apps)
 * by its extension. The server decides from the bytes anyway.
 */
export function isImageFile(file: FileLike) {
  if (file.type) return file.type.startsWith("image/");
  return IMAGE_EXTENSIONS.test(file.name);
}

/** How many more photos fit. */
export function slotsLeft(selectedCount: number, limits: SelectionLimits) {
  return Math.max(0, limits.maxImages - limits.existingCount - selectedCount);
}

/**
 * Adds what the member dropped or picked: images within the size limit, while there is room.
 * Everything refused is reported once per reason, never silently dropped.
 */
export function addToSelection<F extends FileLike>(
  current: readonly F[],
  incoming: readonly F[],
  limits: SelectionLimits,
): { files: F[]; errors: SelectionError[] } {
  const maxBytes = limits.maxBytes ?? MAX_ORIGINAL_BYTES;
  const errors: SelectionError[] = [];
  const images = incoming.filter((file) => file.size > 0 && isImageFile(file));
  if (images.length < incoming.filter((file) => file.size > 0).length) {
    errors.push({ key: "form.upload.notImage" });
  }
  const tooBig = images.filter((file) => file.size > maxBytes);
  for (const file of tooBig)
    errors.push({ key: "form.upload.tooBig", params: { name: file.name } });
  const fitting = images.filter((file) => file.size <= maxBytes);
  const room = slotsLeft(current.length, limits);
  if (fitting.length > room) {
    errors.push({ key: "form.upload.tooMany", params: { max: limits.maxImages } });
  }
  return { files: [...current, ...fitting.slice(0, room)], errors };
}

/**
 * The check right before sending: the member may have un-ticked "Remove" on a current photo after
 * choosing new ones, so the total is counted again.
 */
export function validateSelection(
  selected: readonly FileLike[],
  limits: SelectionLimits,
): SelectionError[] {
  const maxBytes = limits.maxBytes ?? MAX_ORIGINAL_BYTES;
  const errors: SelectionError[] = [];
  if (selected.some((file) => !isImageFile(file))) errors.push({ key: "form.upload.notImage" });
  for (const file of selected) {
    if (file.size > maxBytes)
      errors.push({ key: "form.upload.tooBig", params: { name: file.name } });
  }
  if (limits.existingCount + selected.length > limits.maxImages) {
    errors.push({ key: "form.upload.tooMany", params: { max: limits.maxImages } });
  }
  return errors;
}

/** The list without the item at `index`. */
export function removeAt<T>(items: readonly T[], index: number): T[] {
  return items.filter((_, i) => i !== index);
}

/** The item at `index` moved to the front: the first new photo is the primary one. */
export function moveToFront<T>(items: readonly T[], index: number): T[] {
  const item = items[index];
  if (item === undefined || index === 0) return [...items];
  return [item, ...items.filter((_, i) => i !== index)];
}
