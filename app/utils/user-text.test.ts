import { describe, expect, it } from "vitest";
import { cleanLine, cleanMultiline } from "./user-text";

describe("cleanLine", () => {
  it("removes controls, bidi overrides, embeddings and isolates, and folds white space", () => {
    expect(cleanLine("Ahmad\u001b[31m\u0007 \u202Egnp.exe")).toBe("Ahmad [31m gnp.exe");
    expect(cleanLine("  كيا\u0000 ريو\u2067 ٢٠١٥\u2069\t\n")).toBe("كيا ريو ٢٠١٥");
    expect(cleanLine("\u0085x\u009b")).toBe("x");
  });
  it("keeps Arabic, emoji and direction marks; drops lone surrogates; refuses non-strings", () => {
    expect(cleanLine("سيارة 🚗 \u200fرقم")).toBe("سيارة 🚗 \u200fرقم");
    expect(cleanLine("a\uD800b\uDFFFc")).toBe("abc");
    expect(cleanLine(["x"])).toBe("");
    expect(cleanLine(undefined)).toBe("");
  });
});

describe("cleanMultiline", () => {
  it("keeps line breaks, tabs and embeddings; removes controls and overrides", () => {
    expect(cleanMultiline("a\r\nb\rc\td\u0000\u001b\u202E\u202Bمرحبا\u202C ")).toBe(
      "a\nb\nc\td\u202Bمرحبا\u202C",
    );
  });
});
