import { describe, expect, it } from "vitest";
import { currentPath, sameOriginPath } from "./same-origin-path";

describe("sameOriginPath", () => {
  it("keeps paths on this site, percent-encoded for a Location header", () => {
    expect(sameOriginPath("/search?q=kia")).toBe("/search?q=kia");
    expect(sameOriginPath("/بحث?q=كيا")).toBe("/%D8%A8%D8%AD%D8%AB?q=%D9%83%D9%8A%D8%A7");
    expect(sameOriginPath("/listing/1#photos")).toBe("/listing/1#photos");
  });
  it("refuses other sites however they are spelled", () => {
    for (const to of [
      "//evil.example/x",
      "/\\evil.example",
      "/\t/evil.example",
      "https://evil.example",
      "javascript:alert(1)",
      "evil.example",
      "",
      "/a\u0000b",
      null,
      ["/x"],
    ]) {
      expect(sameOriginPath(to), String(to)).toBeNull();
    }
  });
});

describe("currentPath", () => {
  it("folds leading slashes so a link back to the page stays here", () => {
    expect(currentPath("//evil.example/x", "?a=1")).toBe("/evil.example/x?a=1");
    expect(currentPath("/\\evil.example")).toBe("/evil.example");
    expect(currentPath("/search", "?q=kia")).toBe("/search?q=kia");
  });
});
