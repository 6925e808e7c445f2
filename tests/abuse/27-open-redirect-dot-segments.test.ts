import { describe, expect, it } from "vitest";
import { signUpOverHttp } from "../setup/http-members";
import { serverForFile } from "./server";

/*
 * Finding 6: the redirect after sign-in tested the address as written for "//" but returned it
 * resolved, so `/auth?redirectTo=%2F.%2F%5Cevil.example%2Fphish` sent a signed-in member to
 * `//evil.example/phish`. The rule now applies to the resolved path (and its decoded form).
 */
const s = serverForFile({ TRUST_PROXY: "1", SIGN_UPS_PER_IP_PER_HOUR: "100" });

const tricks = [
  "/./\\evil.example/phish",
  "/.//evil.example/phish",
  "/..//evil.example/phish",
  "/a/..//evil.example/phish",
  "/%2e%2e//evil.example/phish",
  "/%2e/%5cevil.example/phish",
  "/%2F%2Fevil.example/phish",
  "/\uFF0Fevil.example/phish",
  "/\t/evil.example/phish",
];

/** Where a browser would go from `location`, seen from this site. */
const followed = (location: string) => new URL(location, "https://souqna.example");

describe("the redirect after sign-in", () => {
  it("never leaves the site, however the path hides its slashes", async () => {
    const member = await signUpOverHttp(s.url, {
      name: "Dot Segments",
      email: `dots-${Date.now()}@example.com`,
    });
    for (const trick of tricks) {
      const res = await fetch(`${s.url}/auth?redirectTo=${encodeURIComponent(trick)}`, {
        headers: { cookie: member.cookie },
        redirect: "manual",
      });
      expect(res.status, trick).toBe(302);
      const location = res.headers.get("location") ?? "";
      expect(followed(location).origin, `${trick} → ${location}`).toBe("https://souqna.example");
      expect(location, trick).not.toMatch(/^\s*[/\\]{2}|^\/(%2f|%5c)/i);
      expect(location, trick).not.toContain("evil.example/phish");
    }
    // An ordinary path still brings the member back where they were.
    const res = await fetch(`${s.url}/auth?redirectTo=${encodeURIComponent("/./favorites")}`, {
      headers: { cookie: member.cookie },
      redirect: "manual",
    });
    expect(res.headers.get("location")).toBe("/favorites");
  });

  it("is not offered to the sign-in form either", async () => {
    for (const trick of tricks) {
      const html = await (
        await fetch(`${s.url}/auth?redirectTo=${encodeURIComponent(trick)}`)
      ).text();
      expect(html, trick).not.toMatch(/name="redirectTo" value="\/\//);
      expect(html, trick).not.toContain("evil.example/phish");
    }
  });
});
