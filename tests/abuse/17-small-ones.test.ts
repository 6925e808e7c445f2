import { describe, expect, it } from "vitest";
import { serverForFile } from "./server";

/*
 * Finding 17: the flash cookie without Secure under https; X-Request-Id taken from any client;
 * /healthz telling strangers the database kind and latency.
 */
describe("with an https public address and one trusted proxy", () => {
  const s = serverForFile({ PUBLIC_URL: "https://souqna.example", TRUST_PROXY: "1" });

  it("marks every cookie Secure, the flash and language cookies included", async () => {
    const res = await fetch(`${s.url}/?lang=ar`, {
      headers: { origin: "https://souqna.example" },
    });
    const cookies = res.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i);
    const signedOut = await fetch(`${s.url}/logout`, {
      method: "POST",
      headers: { origin: "https://souqna.example" },
      redirect: "manual",
    });
    for (const cookie of signedOut.headers.getSetCookie()) expect(cookie).toMatch(/;\s*Secure/i);
  });

  it("keeps a well-formed request id only when a trusted proxy sent the request", async () => {
    const viaProxy = await fetch(`${s.url}/healthz`, {
      headers: { "x-request-id": "lb-1234567890abcdef", "x-forwarded-for": "198.51.100.1" },
    });
    expect(viaProxy.headers.get("x-request-id")).toBe("lb-1234567890abcdef");
    const forged = await fetch(`${s.url}/healthz`, {
      headers: { "x-request-id": "../../etc/passwd", "x-forwarded-for": "198.51.100.1" },
    });
    expect(forged.headers.get("x-request-id")).not.toBe("../../etc/passwd");
  });
});

describe("without a proxy", () => {
  const token = "operator-token-for-the-suite-0123456789";
  const s = serverForFile({ METRICS_TOKEN: token });

  it("ignores a client's request id", async () => {
    const res = await fetch(`${s.url}/healthz`, {
      headers: { "x-request-id": "chosen-by-client-1" },
    });
    expect(res.headers.get("x-request-id")).not.toBe("chosen-by-client-1");
  });

  it("tells strangers ok or fail only, and the operator's token why", async () => {
    const outside = await fetch(`${s.url}/healthz`, {
      headers: { "x-forwarded-for": "203.0.113.5" },
    });
    expect(outside.status).toBe(200);
    expect(await outside.json()).toEqual({ status: "ok" });
    // This machine without the token is a stranger too (tests/abuse/29-*).
    expect(await (await fetch(`${s.url}/healthz`)).json()).toEqual({ status: "ok" });
    const local = await (
      await fetch(`${s.url}/healthz`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(local).toMatchObject({
      status: "ok",
      database: { status: "up" },
      media: { status: expect.stringMatching(/up|low-space/) },
      liveMessages: { status: "up" },
      mail: { transport: "outbox", status: "up" },
    });
  });
});
