import { describe, expect, it } from "vitest";
import { currentPath, sameOriginPath } from "./same-origin-path";

describe("sameOriginPath", () => {
  it("keeps paths on this site, percent-encoded for a Location header", () => {
    expect(sameOriginPath("/search?q=kia")).toBe("/search?q=kia");
    expect(sameOriginPath("/بحث?q=كيا")).toBe("/%D8%A8%D8%AD%D8%AB?q=%D9%83%D9%8A%D8%A7");
    expect(sameOriginPath("/listing/1#photos")).toBe("/listing/1#photos");
    // Dot segments that stay on the site are resolved, as the browser would.
    expect(sameOriginPath("/a/../listing/1")).toBe("/listing/1");
    expect(sameOriginPath("/./favorites")).toBe("/favorites");
    // A slash later in the path, or in the query, is no other site.
    expect(sameOriginPath("/search?next=//evil.example")).toBe("/search?next=//evil.example");
    expect(sameOriginPath("/a//b")).toBe("/a//b");
  });

  // Each trick as written, and what comes out: null, or a path that cannot leave the site.
  const tricks: [string, string, string | null][] = [
    ["protocol-relative", "//evil.example/x", null],
    ["three slashes", "///evil.example", null],
    ["backslash", "/\\evil.example", null],
    ["two backslashes", "\\\\evil.example", null],
    ["backslash then slash", "/\\/evil.example", null],
    ["dot segment then backslash", "/./\\evil.example/phish", null],
    ["dot segment then slash", "/.//evil.example", null],
    ["dot-dot segment", "/..//evil.example", null],
    ["dot-dot after a folder", "/a/..//evil.example", null],
    ["dot segment, backslash, slash", "/.\\/evil.example", null],
    ["encoded dot segments", "/%2e%2e//evil.example", null],
    ["half-encoded dot-dot", "/.%2e//evil.example", null],
    ["encoded dot then encoded backslash", "/%2e/%5cevil.example", null],
    ["encoded slash", "/%2F/evil.example", null],
    ["two encoded slashes", "/%2F%2Fevil.example", null],
    ["encoded backslash", "/%5Cevil.example", null],
    ["tab between slashes", "/\t/evil.example", null],
    ["newline between slashes", "/\n/evil.example", null],
    ["carriage return", "/\r/evil.example", null],
    ["division slash", "/\u2215evil.example", null],
    ["fraction slash", "/\u2044evil.example", null],
    ["fullwidth solidus", "/\uFF0Fevil.example", null],
    ["fullwidth reverse solidus", "/\uFF3Cevil.example", null],
    ["big solidus", "/\u29F8evil.example", null],
    ["absolute URL", "https://evil.example", null],
    ["javascript", "javascript:alert(1)", null],
    ["bare host", "evil.example", null],
    ["empty", "", null],
    ["NUL", "/a\u0000b", null],
    ["broken percent-encoding", "/%E0%A4%A", null],
    // Decoded twice (a proxy, then the browser) this would be "//".
    ["double-encoded slashes", "/%252F%252Fevil.example", null],
    // A URL in the path is a folder name here.
    ["a URL as a path", "/./https://evil.example", "/https://evil.example"],
  ];
  for (const [name, to, expected] of tricks) {
    it(`${expected === null ? "refuses" : "keeps on this site"} ${name}: ${JSON.stringify(to)}`, () => {
      const path = sameOriginPath(to);
      expect(path).toBe(expected);
      if (path !== null) {
        expect(new URL(path, "https://souqna.example").origin).toBe("https://souqna.example");
        expect(decodeURIComponent(path)).toMatch(/^\/(?![/\\])/);
      }
    });
  }

  it("refuses what is not a string", () => {
    for (const to of [null, undefined, 42, ["/x"], { toString: () => "/x" }]) {
      expect(sameOriginPath(to)).toBeNull();
    }
  });
});

describe("currentPath", () => {
  it("folds leading slashes so a link back to the page stays here", () => {
    expect(currentPath("//evil.example/x", "?a=1")).toBe("/evil.example/x?a=1");
    expect(currentPath("/\\evil.example")).toBe("/evil.example");
    expect(currentPath("/search", "?q=kia")).toBe("/search?q=kia");
    expect(currentPath("/%2F%2Fevil.example/x", "?lang=ar")).toBe("/evil.example/x?lang=ar");
    expect(currentPath("/./\\evil.example", "?lang=ar")).toBe("/?lang=ar");
  });
});
