import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * Fonts by need (decisions 010 and 032), from the build (npm test builds first): the faces are the
 * cuts of scripts/subset-fonts.sh — the Arabic ones far under the 80 KB a face the issue allows,
 * Inter one variable file — and the Arabic unicode-range holds Arabic letters only, so a Latin page
 * never asks for them.
 */
const KB = 1024;
const assets = path.resolve(import.meta.dirname, "../../build/client/assets");
const files = fs.readdirSync(assets);
const css = files
  .filter((file) => file.endsWith(".css"))
  .map((file) => fs.readFileSync(path.join(assets, file), "utf8"))
  .join("\n");
const arabicFaces = [...css.matchAll(/@font-face\{[^}]*Noto Sans Arabic[^}]*\}/g)].map((m) => m[0]);

describe("fonts", () => {
  it("ships two Arabic weights of at most 20 KB each", () => {
    const arabic = files.filter((file) => /^noto-sans-arabic-\d00-.*\.woff2$/.test(file));
    expect(arabic).toHaveLength(2);
    for (const file of arabic) {
      expect(fs.statSync(path.join(assets, file)).size, file).toBeLessThanOrEqual(20 * KB);
    }
  });

  it("asks for the Arabic faces for Arabic letters only", () => {
    expect(arabicFaces).toHaveLength(2);
    for (const face of arabicFaces) {
      expect(face).toContain("font-display:swap");
      const range = /unicode-range:([^;}]*)/.exec(face)?.[1] ?? "";
      const starts = [...range.matchAll(/U\+([0-9A-F]+)/gi)].map((m) =>
        Number.parseInt(m[1] ?? "", 16),
      );
      expect(starts.length).toBeGreaterThan(3);
      // Nothing below the Arabic block (Latin, punctuation, digits) and no invisible marks
      // (U+200C–U+200F) that English text may carry.
      for (const start of starts) {
        expect(start).toBeGreaterThanOrEqual(0x600);
        expect(start < 0x2000 || start > 0x2fff).toBe(true);
      }
    }
  });

  it("ships Inter as one variable file of at most 40 KB, for Latin only", () => {
    const inter = files.filter((file) => file.startsWith("inter-") && file.endsWith(".woff2"));
    expect(inter).toHaveLength(1);
    expect(fs.statSync(path.join(assets, inter[0] ?? "")).size).toBeLessThanOrEqual(40 * KB);
  });

  it("keeps Inter off the Arabic ranges", () => {
    const inter = [...css.matchAll(/@font-face\{[^}]*Inter Variable[^}]*\}/g)].map((m) => m[0]);
    expect(inter.length).toBeGreaterThan(0);
    for (const face of inter) expect(face).not.toMatch(/U\+06/i);
  });
});
