import { describe, expect, it } from "vitest";
import { serverForFile } from "./server";

/*
 * Finding 8 (timing half): the public Server-Timing header counted SQL queries, which differ for
 * known and unknown e-mail addresses. In production it now goes only to this machine directly.
 */
describe("Server-Timing in production", () => {
  const s = serverForFile({ TRUST_PROXY: "1" });

  it("is not sent to anyone who came through a proxy", async () => {
    const res = await fetch(`${s.url}/forgot-password`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": "198.51.100.20",
      },
      body: new URLSearchParams({ email: "someone@example.com" }),
      redirect: "manual",
    });
    expect(res.headers.get("server-timing")).toBeNull();
    const page = await fetch(`${s.url}/`, { headers: { "x-forwarded-for": "198.51.100.20" } });
    expect(page.headers.get("server-timing")).toBeNull();
  });

  it("is still sent to a benchmark on this machine", async () => {
    const page = await fetch(`${s.url}/`);
    expect(page.headers.get("server-timing")).toMatch(/db;desc="sql queries";dur=\d+/);
  });
});
