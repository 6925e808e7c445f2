import { describe, expect, it } from "vitest";
import { serverForFile } from "./server";

/*
 * Finding 2: with TRUST_PROXY=true the left-most, client-written X-Forwarded-For entry became the
 * client's address, so a script could sign up without limit and guess passwords without a 429.
 * Now TRUST_PROXY is a number of hops (or proxy addresses): the client is read from the right.
 */
const signUp = (url: string, n: number, forwardedFor: string) =>
  fetch(`${url}/auth?tab=signup`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": forwardedFor,
    },
    body: new URLSearchParams({
      intent: "signup",
      fullName: `Spoofer ${n}`,
      email: `spoofer-${n}-${Date.now()}@example.com`,
      password: "Cedar-Hama-Waterwheel-9",
    }),
    redirect: "manual",
  });

const signIn = (url: string, forwardedFor: string) =>
  fetch(`${url}/auth`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": forwardedFor,
    },
    body: new URLSearchParams({
      intent: "signin",
      email: "nobody@example.com",
      password: "wrong-password-1",
    }),
    redirect: "manual",
  });

describe("behind one trusted proxy (TRUST_PROXY=1)", () => {
  const s = serverForFile({ TRUST_PROXY: "1", SIGN_UPS_PER_IP_PER_HOUR: "5" });

  it("counts sign-ups by the address the proxy saw, whatever the client wrote before it", async () => {
    const statuses: number[] = [];
    for (let n = 1; n <= 8; n++) {
      // The attacker writes a new left-most entry each time; the proxy appends the real address.
      const res = await signUp(s.url, n, `10.9.8.${n}, 203.0.113.7`);
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5)).toEqual([302, 302, 302, 302, 302]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });

  it("limits wrong sign-ins from one address although each claims another", async () => {
    const statuses: number[] = [];
    for (let n = 1; n <= 35; n++) {
      statuses.push((await signIn(s.url, `192.0.2.${n}, 203.0.113.8`)).status);
    }
    expect(statuses).toContain(429);
  });
});

describe("with no proxy configured (the default)", () => {
  const s = serverForFile({ SIGN_UPS_PER_IP_PER_HOUR: "5" });

  it("ignores X-Forwarded-For entirely", async () => {
    const statuses: number[] = [];
    for (let n = 1; n <= 7; n++) statuses.push((await signUp(s.url, n, `10.1.2.${n}`)).status);
    expect(statuses.filter((status) => status === 302)).toHaveLength(5);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it("refuses a malformed TRUST_PROXY at start-up with one line naming it", async () => {
    const { expectStartupFailure } = await import("../setup/server-process");
    const { code, output } = await expectStartupFailure({
      DATA_DIR: `${s.dataDir}-bad`,
      TRUST_PROXY: "10.0.0.0/99,proxy.example",
    });
    expect(code).not.toBe(0);
    expect(output).toMatch(/TRUST_PROXY/);
  });
});
