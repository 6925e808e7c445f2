import net from "node:net";
import { describe, expect, it } from "vitest";
import { serverForFile } from "./server";

/*
 * Finding 1: the first visitor of an expired page renders it, and the page cache released the
 * visitors waiting for that rendering only when its response's socket closed. A client that never
 * reads keeps it open: every later visitor of the page waited until the attacker let go. They
 * are now served as soon as the rendering has written its last byte (server/page-cache.ts); a
 * stalled socket is dropped by the server's write timeout (server/http-server.ts, tested there
 * with short limits: the real one is a minute).
 *
 * Over loopback the kernel takes about 4 MB of a response whatever the client's SO_RCVBUF, more
 * than any page: a small receive window alone lets the response finish here (it does not on a real
 * network). So the attacker asks, on one connection it never reads, for enough files to fill the
 * buffers, then for the page it wants to freeze: that answer stays queued in the server. (Before
 * the fix the page then stayed frozen after the attacker left too, until a restart: a queued
 * answer whose connection goes away never closes.)
 */
const s = serverForFile({ PAGE_CACHE_HEADER: "true" });
const BROWSER =
  "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36";

/** One connection asking for `paths` in a row (HTTP/1.1 pipelining), which then stops reading. */
async function stalledReader(paths: string[]) {
  const { hostname, port } = new URL(s.url);
  const socket = net.connect(Number(port), hostname);
  await new Promise((resolve) => socket.once("connect", resolve));
  socket.write(
    paths
      .map((path) => `GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\nUser-Agent: ${BROWSER}\r\n\r\n`)
      .join(""),
  );
  // The first bytes of the first answer say the server has read every request (they came in one
  // packet, and each request reaches the page cache before any answer is written); from then on
  // nothing is read.
  await new Promise<void>((resolve) =>
    socket.once("data", () => {
      socket.pause();
      resolve();
    }),
  );
  return socket;
}

describe("a client that stops reading", () => {
  it("does not hold the visitors of the page it asked for", async () => {
    // The fillers are the app's largest script, a file (cheap to serve): the page asked for
    // after them is the only rendering.
    const home = await (await fetch(`${s.url}/`, { headers: { "user-agent": BROWSER } })).text();
    const scripts = [...new Set(home.match(/\/assets\/[\w.-]+\.js/g) ?? [])];
    const sized = await Promise.all(
      scripts.map(async (path) => {
        const res = await fetch(`${s.url}${path}`, { headers: { "accept-encoding": "identity" } });
        return { path, size: (await res.arrayBuffer()).byteLength };
      }),
    );
    const filler = sized.sort((a, b) => b.size - a.size)[0];
    expect(filler?.size).toBeGreaterThan(100_000);
    // The search page has been rendered once already: the one asked for below takes its usual time.
    await (await fetch(`${s.url}/search?q=`, { headers: { "user-agent": BROWSER } })).text();
    const target = `/search?q=&stalled=${Date.now()}`;
    const attacker = await stalledReader([
      ...Array.from(
        { length: Math.ceil((6 * 1024 * 1024) / (filler?.size ?? 1)) },
        () => filler?.path ?? "/",
      ),
      target,
    ]);
    try {
      const started = performance.now();
      const visitor = await fetch(`${s.url}${target}`, {
        headers: { "user-agent": BROWSER },
        signal: AbortSignal.timeout(10_000),
      });
      const ms = performance.now() - started;
      expect(visitor.status).toBe(200);
      // The page the stalled client's request rendered: it did not have to render it again.
      expect(visitor.headers.get("x-page-cache")).toBe("hit");
      expect(await visitor.text()).toContain("</html>");
      console.info(`visitor served in ${Math.round(ms)} ms while a stalled client held the page`);
    } finally {
      attacker.destroy();
    }
  });
});
