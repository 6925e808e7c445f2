import { describe, expect, it } from "vitest";
import { postListingOverHttp, signUpOverHttp } from "../setup/http-members";
import { serverForFile } from "./server";

/*
 * Finding 14: /profile, /settings, /messages, the reset page (token in the URL), listing pages as
 * a member, and their .data requests sent no Cache-Control. Every personalised response is now
 * `private, no-store`.
 */
const s = serverForFile({ TRUST_PROXY: "1", SIGN_UPS_PER_IP_PER_HOUR: "100" });

describe("personalised responses", () => {
  it("are never stored by a shared cache or the browser", async () => {
    const seller = await signUpOverHttp(s.url, {
      name: "Seller",
      email: `s14-${Date.now()}@example.com`,
    });
    const member = await signUpOverHttp(s.url, {
      name: "Buyer",
      email: `b14-${Date.now()}@example.com`,
    });
    const id = await postListingOverHttp(s.url, seller, "Cache test sofa");
    const asMember = (pathname: string) =>
      fetch(`${s.url}${pathname}`, { headers: { cookie: member.cookie }, redirect: "manual" });
    for (const pathname of [
      `/listing/${id}`,
      `/listing/${id}.data`,
      "/profile",
      "/settings",
      "/settings.data",
      "/messages",
      "/",
      "/search?q=sofa",
    ]) {
      const res = await asMember(pathname);
      expect(res.headers.get("cache-control"), pathname).toBe("private, no-store");
    }
  });

  it("include the reset page with its token, even for a visitor", async () => {
    const res = await fetch(`${s.url}/auth?type=recovery&token=abc`);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("leave a visitor's public pages and the assets cacheable", async () => {
    const home = await fetch(`${s.url}/`);
    expect(home.headers.get("cache-control") ?? "").not.toContain("no-store");
    const favicon = await fetch(`${s.url}/favicon.svg`);
    expect(favicon.headers.get("cache-control")).toMatch(/max-age=\d+/);
  });
});
