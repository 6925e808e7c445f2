import { describe, expect, it } from "vitest";
import { MAX_IMAGE_BYTES, MAX_LISTING_IMAGES } from "~/media/listing-images.server";
import {
  addToSelection,
  type FileLike,
  isImageFile,
  MAX_ORIGINAL_BYTES,
  moveToFront,
  removeAt,
  slotsLeft,
  validateSelection,
} from "./image-selection";

const MB = 1024 * 1024;
const photo = (name: string, size = MB, type = "image/jpeg"): FileLike => ({ name, size, type });
const photos = (count: number) => Array.from({ length: count }, (_, i) => photo(`p${i}.jpg`));
const limits = { maxImages: MAX_LISTING_IMAGES, existingCount: 0 };

describe("choosing a listing's photos", () => {
  it("uses the server's limits: 10 photos, 15 MB each", () => {
    expect(MAX_ORIGINAL_BYTES).toBe(MAX_IMAGE_BYTES);
    expect(MAX_ORIGINAL_BYTES).toBe(15 * MB);
    expect(MAX_LISTING_IMAGES).toBe(10);
  });

  it("tells images from other files, by type or else by extension", () => {
    expect(isImageFile(photo("a.jpg"))).toBe(true);
    expect(isImageFile(photo("a.png", 1, "image/png"))).toBe(true);
    expect(isImageFile(photo("notes.txt", 1, "text/plain"))).toBe(false);
    expect(isImageFile(photo("fake.jpg", 1, "application/pdf"))).toBe(false);
    expect(isImageFile(photo("IMG_1.HEIC", 1, ""))).toBe(true);
    expect(isImageFile(photo("notes", 1, ""))).toBe(false);
  });

  it("refuses non-images with 'Only image files are allowed' and keeps the images", () => {
    const result = addToSelection(
      [],
      [photo("a.jpg"), photo("notes.txt", 10, "text/plain")],
      limits,
    );
    expect(result.files.map((f) => f.name)).toEqual(["a.jpg"]);
    expect(result.errors).toEqual([{ key: "form.upload.notImage" }]);
  });

  it("refuses a photo over 15 MB, by name", () => {
    const result = addToSelection(
      [],
      [photo("big.jpg", 15 * MB + 1), photo("ok.jpg", 15 * MB)],
      limits,
    );
    expect(result.files.map((f) => f.name)).toEqual(["ok.jpg"]);
    expect(result.errors).toEqual([{ key: "form.upload.tooBig", params: { name: "big.jpg" } }]);
  });

  it("ignores empty files", () => {
    expect(addToSelection([], [photo("empty.jpg", 0)], limits)).toEqual({ files: [], errors: [] });
  });

  it("adds up to 10 photos and says so when more are chosen", () => {
    const first = addToSelection([], photos(8), limits);
    expect(first.errors).toEqual([]);
    const second = addToSelection(first.files, photos(3), limits);
    expect(second.files).toHaveLength(10);
    expect(second.errors).toEqual([{ key: "form.upload.tooMany", params: { max: 10 } }]);
  });

  it("counts the photos the listing keeps", () => {
    const editing = { maxImages: 10, existingCount: 7 };
    expect(slotsLeft(0, editing)).toBe(3);
    const result = addToSelection([], photos(4), editing);
    expect(result.files).toHaveLength(3);
    expect(result.errors[0]?.key).toBe("form.upload.tooMany");
    expect(slotsLeft(3, editing)).toBe(0);
    expect(slotsLeft(5, editing)).toBe(0);
  });

  it("checks the total again before sending", () => {
    expect(validateSelection(photos(3), { maxImages: 10, existingCount: 7 })).toEqual([]);
    expect(validateSelection(photos(3), { maxImages: 10, existingCount: 8 })).toEqual([
      { key: "form.upload.tooMany", params: { max: 10 } },
    ]);
    expect(validateSelection([photo("x.txt", 1, "text/plain")], limits)).toEqual([
      { key: "form.upload.notImage" },
    ]);
  });

  it("removes one photo and moves another to the front", () => {
    expect(removeAt(["a", "b", "c"], 1)).toEqual(["a", "c"]);
    expect(moveToFront(["a", "b", "c"], 2)).toEqual(["c", "a", "b"]);
    expect(moveToFront(["a", "b"], 0)).toEqual(["a", "b"]);
    expect(moveToFront(["a"], 5)).toEqual(["a"]);
  });
});
