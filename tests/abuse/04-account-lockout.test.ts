import { describe, expect, it } from "vitest";
import { signUpOverHttp } from "../setup/http-members";
import { serverForFile } from "./server";

/*
 * Finding 4: the per-account sign-in counter counted everyone's failures and then refused the
 * correct password too (429 for 15 minutes, renewable forever by 8 requests). Failures are now
 * counted per account and source together, and a correct password never counts.
 */
const s = serverForFile({ TRUST_PROXY: "1", SIGN_UPS_PER_IP_PER_HOUR: "100" });

const signIn = (email: string, password: string, from: string, lang = "en") =>
  fetch(`${s.url}/auth`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": from,
      "accept-language": lang,
    },
    body: new URLSearchParams({ intent: "signin", email, password }),
    redirect: "manual",
  });

describe("a stranger guessing a member's password", () => {
  it("is stopped, while the member still signs in from their own address", async () => {
    const victim = await signUpOverHttp(s.url, {
      name: "Victim",
      email: `victim-${Date.now()}@example.com`,
    });
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      statuses.push((await signIn(victim.email, `guess-${i}-xyz`, "203.0.113.66", "ar")).status);
    }
    expect(statuses.slice(0, 8).every((status) => status === 401 || status === 400)).toBe(true);
    expect(statuses.slice(8).every((status) => status === 429)).toBe(true);
    const limited = await signIn(victim.email, "guess-x", "203.0.113.66", "ar");
    expect(await limited.text()).toContain("محاولات");

    // The owner, from another address, with the right password: straight in.
    const owner = await signIn(victim.email, "Cedar-Hama-Waterwheel-9", "198.51.100.77");
    expect(owner.status).toBe(302);
    expect(owner.headers.getSetCookie().join(";")).toMatch(/souqna\.session_token=/);
    // And a correct password from the attacker's own address does not reset their count.
    expect((await signIn(victim.email, "guess-y", "203.0.113.66")).status).toBe(429);
  });
});
