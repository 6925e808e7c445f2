import { describe, expect, it } from "vitest";
import {
  compressionPlan,
  isSmallEnough,
  KEEP_ORIGINAL_ABOVE_RATIO,
  keepCompressed,
  MAX_DIMENSION,
  QUALITY_STEPS,
  renamedFor,
  SKIP_AT_OR_BELOW_BYTES,
  TARGET_MAX_BYTES,
} from "./compress-image";

const KB = 1024;
const MB = 1024 * KB;

describe("the browser's photo compression", () => {
  it("uses the spec's thresholds: 500 KB, 1 MB, 1920 px and 90%", () => {
    expect(SKIP_AT_OR_BELOW_BYTES).toBe(500 * KB);
    expect(TARGET_MAX_BYTES).toBe(MB);
    expect(MAX_DIMENSION).toBe(1920);
    expect(KEEP_ORIGINAL_ABOVE_RATIO).toBe(0.9);
  });

  it("leaves files of 500 KB or less untouched", () => {
    expect(compressionPlan(500 * KB, 4000, 3000)).toEqual({ action: "skip" });
    expect(compressionPlan(10 * KB, 100, 100)).toEqual({ action: "skip" });
    expect(compressionPlan(500 * KB + 1, 4000, 3000).action).toBe("compress");
  });

  it("scales the longest side down to 1920 px, keeping the proportions", () => {
    expect(compressionPlan(6 * MB, 4032, 3024)).toEqual({
      action: "compress",
      width: 1920,
      height: 1440,
    });
    expect(compressionPlan(6 * MB, 3000, 4000)).toEqual({
      action: "compress",
      width: 1440,
      height: 1920,
    });
  });

  it("never enlarges a smaller photo that is heavy", () => {
    expect(compressionPlan(2 * MB, 1200, 800)).toEqual({
      action: "compress",
      width: 1200,
      height: 800,
    });
    expect(compressionPlan(2 * MB, 1920, 1080)).toEqual({
      action: "compress",
      width: 1920,
      height: 1080,
    });
  });

  it("skips what it cannot measure", () => {
    expect(compressionPlan(2 * MB, 0, 0)).toEqual({ action: "skip" });
  });

  it("lowers the quality step by step until the result is at most 1 MB", () => {
    expect([...QUALITY_STEPS]).toEqual([...QUALITY_STEPS].sort((a, b) => b - a));
    expect(isSmallEnough(MB)).toBe(true);
    expect(isSmallEnough(MB + 1)).toBe(false);
  });

  it("keeps the original when the result is over 90% of its size", () => {
    expect(keepCompressed(1000 * KB, 900 * KB)).toBe(true);
    expect(keepCompressed(1000 * KB, 900 * KB + 1)).toBe(false);
    expect(keepCompressed(6 * MB, MB)).toBe(true);
  });

  it("names the result after the original with its new type", () => {
    expect(renamedFor("IMG_0001.HEIC", "image/webp")).toBe("IMG_0001.webp");
    expect(renamedFor("car.photo.jpeg", "image/jpeg")).toBe("car.photo.jpg");
    expect(renamedFor("noextension", "image/webp")).toBe("noextension.webp");
  });
});
