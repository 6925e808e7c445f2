import { describe, expect, it } from "vitest";
import { signUpOverHttp } from "../setup/http-members";
import { serverForFile } from "./server";

/*
 * Finding 13: names kept control and bidi-override characters (ESC, BEL, U+202E «gnp.exe» tricks)
 * at sign-up. Every user text is now cleaned before it is saved (app/utils/user-text.ts).
 */
const s = serverForFile({ TRUST_PROXY: "1", SIGN_UPS_PER_IP_PER_HOUR: "100" });

describe("a name with control and bidi-override characters", () => {
  it("is saved and shown without them", async () => {
    const member = await signUpOverHttp(s.url, {
      name: "Sam\u001b[31m\u0007 \u202Egnp.exe",
      email: `bidi-${Date.now()}@example.com`,
    });
    const html = await (
      await fetch(`${s.url}/profile`, { headers: { cookie: member.cookie } })
    ).text();
    expect(html).toContain("Sam [31m gnp.exe");
    for (const char of ["\u001b", "\u0007", "\u202E"]) expect(html).not.toContain(char);
  });

  it("is refused when nothing is left after cleaning", async () => {
    const res = await fetch(`${s.url}/auth?tab=signup`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": "198.51.100.9",
      },
      body: new URLSearchParams({
        intent: "signup",
        fullName: "\u202E\u0007\u001b",
        email: `empty-${Date.now()}@example.com`,
        password: "Cedar-Hama-Waterwheel-9",
      }),
      redirect: "manual",
    });
    expect(res.status).toBe(400);
  });
});

describe("a listing title with control and bidi-override characters", () => {
  it("is saved and shown without them", async () => {
    const { postListingOverHttp } = await import("../setup/http-members");
    const seller = await signUpOverHttp(s.url, {
      name: "Seller",
      email: `t13-${Date.now()}@example.com`,
    });
    const id = await postListingOverHttp(s.url, seller, "Phone\u0007 \u202Egnp.exe\u001b");
    const html = await (await fetch(`${s.url}/listing/${id}`)).text();
    expect(html).toContain("Phone gnp.exe");
    for (const char of ["\u001b", "\u0007", "\u202E"]) expect(html).not.toContain(char);
  });
});
