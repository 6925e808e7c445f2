import { describe, expect, it } from "vitest";
import { serverForFile } from "./server";

/*
 * Finding 11: `GET //evil.example/x` rendered a language link to `//evil.example/x?lang=ar` (built
 * from location.pathname), and the error screen's "Try again" had the same pattern. Links back to
 * the current page are now built from a normalised same-origin path.
 */
const s = serverForFile();

const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1] ?? "");

describe("links built from the current address", () => {
  it("never point at another site", async () => {
    for (const pathname of [
      "//evil.example/x",
      "/\\evil.example/x",
      "/%2F%2Fevil.example/x",
      "///evil.example",
    ]) {
      const res = await fetch(`${s.url}${pathname}`, { redirect: "manual" });
      expect(res.status, pathname).toBeLessThan(500);
      const html = await res.text();
      for (const href of hrefs(html)) {
        expect(href, `${pathname} → ${href}`).not.toMatch(/^(\/\/|\/\\)|:\/\/evil\.example/i);
      }
      const language = /href="([^"]*lang=ar[^"]*)"/.exec(html)?.[1] ?? "";
      expect(language, pathname).toMatch(/^\/[^/\\]/);
    }
  });

  it("keep the path and query of an ordinary page", async () => {
    const html = await (await fetch(`${s.url}/search?q=kia`)).text();
    expect(html).toContain('href="/search?q=kia&amp;lang=ar"');
  });

  it("redirect after sign-in only to this site", async () => {
    const res = await fetch(`${s.url}/auth?redirectTo=//evil.example/x`);
    const html = await res.text();
    expect(html).not.toContain("evil.example/x&quot;");
    expect(html).not.toMatch(/value="\/\/evil\.example/);
  });
});
