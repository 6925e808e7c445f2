import { describe, expect, it } from "vitest";
import { serverForFile } from "./server";

/*
 * The review's last paragraph: X-Page-Cache told anyone which addresses make the server render
 * (where to aim a flood), and /metrics and the details of /healthz went to any request that came
 * over loopback without forwarding headers — which is also what a reverse proxy on the same
 * machine sends when its location sets none (the README's own stream location did not). In
 * production the header is now off unless PAGE_CACHE_HEADER asks for it, and the operator's
 * details need METRICS_TOKEN (tested with it in server/metrics.test.ts and 17-small-ones).
 */
const s = serverForFile();

describe("in production, without METRICS_TOKEN nor PAGE_CACHE_HEADER", () => {
  it("does not say which pages were rendered and which came from the cache", async () => {
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${s.url}/search?q=&x=29`);
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      expect(res.headers.get("x-page-cache")).toBeNull();
    }
  });

  it("shows /metrics to nobody, a request over loopback without forwarding headers included", async () => {
    const res = await fetch(`${s.url}/metrics`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain("souqna_");
  });

  it("tells a request over loopback without forwarding headers only ok or fail", async () => {
    const res = await fetch(`${s.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });
});
