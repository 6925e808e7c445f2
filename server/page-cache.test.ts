import { once } from "node:events";
import net, { type AddressInfo } from "node:net";
import express from "express";
import type { ServerBuild } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { RouteHandle } from "../app/utils/route-handle";
import { createPageCache, type PageCacheOptions } from "./page-cache";
import { createRouteTable } from "./route-pattern";

/*
 * The page cache in front of a small Express app over real HTTP: what is stored, what is never
 * stored, who is never served from it, and that a crowd costs one rendering.
 */
let close: () => Promise<void> = async () => {};

/*
 * Routes as the server reads them from the build (server/route-pattern.ts): what each declares
 * about itself is what the cache goes by, as in app/routes.
 */
const page = (handle: RouteHandle = {}) => ({ default: () => null, handle });
const resource = (handle: RouteHandle = {}) => ({ handle });
const routes: [string, ReturnType<typeof page | typeof resource>][] = [
  ["listing/:id", page({ writes: "listing", listingPage: true })],
  ["edit-listing/:id", page({ personal: true, body: "listing", writes: "listing" })],
  ["post-ad", page({ personal: true, body: "listing", writes: "listing" })],
  ["settings", page({ personal: true, writes: "own" })],
  ["favorites", page({ personal: true, writes: "own" })],
  ["api/favorites", resource({ personal: true, writes: "own" })],
  ["messages/:conversationId", page({ personal: true, writes: "own" })],
  ["logout", page({ personal: true, writes: "own" })],
  ["profile", page({ personal: true, body: "profile" })],
  ["my-listings", page({ personal: true })],
  ["api/related/:id", resource()],
  ["*", page()],
];
const routeOf = createRouteTable({
  root: { id: "root", path: "", module: page() },
  home: { id: "home", parentId: "root", index: true, module: page() },
  ...Object.fromEntries(
    routes.map(([path, module]) => [path, { id: path, parentId: "root", path, module }]),
  ),
} as unknown as ServerBuild["routes"]);
afterEach(() => close());

async function serve(options: Partial<PageCacheOptions> = {}) {
  const clock = { now: 1_000_000 };
  const renders: string[] = [];
  const served: string[] = [];
  let delayMs = 0;
  const cache = createPageCache({
    ttlMs: 1_000,
    now: () => clock.now,
    onServe: async (req) => {
      served.push(req.path);
    },
    // The server looks the session up; here a header says who is a member.
    isMember: async (req) => req.headers["x-member"] === "yes",
    showState: true,
    ...options,
  });
  const app = express();
  app.use((req, res, next) => {
    res.locals.route = routeOf(req.path);
    res.locals.lang = req.query.lang === "ar" ? "ar" : "en";
    res.setHeader("Content-Security-Policy", `script-src 'nonce-${renders.length}'`);
    res.setHeader("X-Request-Id", `req-${Math.random()}`);
    next();
  });
  app.use(cache.middleware);
  // Writes: /refused is refused; the rest succeed.
  app.post("/{*splat}", (req, res) => {
    if (req.path === "/refused") return res.status(400).end();
    res.status(303).setHeader("Location", "/").end();
  });
  app.get("/{*splat}", async (req, res) => {
    renders.push(req.originalUrl);
    const n = renders.length;
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (req.path === "/missing") return res.status(404).type("html").send("<p>gone</p>");
    if (req.path === "/cookie") res.cookie("flash", "saved");
    if (req.path === "/lang") res.cookie("lang", "ar");
    if (req.path === "/private") res.setHeader("Cache-Control", "private, no-store");
    if (req.path === "/json") return res.json({ n });
    if (req.query.kb) {
      // Written as React Router writes: 16 KB at a time, waiting for a slow client to drain.
      res.type("html");
      for (let kb = 0; kb < Number(req.query.kb); kb += 16) {
        if (!res.write(String(n % 10).repeat(16 * 1024))) await once(res, "drain");
      }
      return res.end();
    }
    res.type("html");
    // Written in pieces, as React streams a page.
    res.write(`<html><script nonce="${n - 1}"></script>`);
    res.end(`<p>rendering ${n} ${res.locals.lang}</p></html>`);
  });
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, { headers, signal: AbortSignal.timeout(10_000) });
    return { res, body: await res.text(), state: res.headers.get("x-page-cache") };
  };
  /** A member's write, or a visitor's. */
  const post = (path: string, by: "member" | "visitor" = "member") =>
    fetch(`${base}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: by === "member" ? { "x-member": "yes" } : {},
    });
  /**
   * A client that asks for `paths` on one connection (HTTP/1.1 pipelining) and never reads a byte
   * of the answers. Over loopback the kernel takes about 4 MB of them: the answers after that
   * wait in the server.
   */
  const stalledReader = async (paths: string[]) => {
    const socket = net.connect((server.address() as AddressInfo).port, "127.0.0.1");
    socket.pause();
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write(
      paths
        .map((path) => `GET ${path} HTTP/1.1\r\nHost: localhost\r\nUser-Agent: node\r\n\r\n`)
        .join(""),
    );
    const closing = close;
    close = async () => {
      socket.destroy();
      await closing();
    };
    return socket;
  };
  return {
    get,
    post,
    stalledReader,
    renders,
    served,
    clock,
    cache,
    slow: (ms: number) => {
      delayMs = ms;
    },
  };
}

describe("the page cache", () => {
  it("serves a visitor the page rendered for the one before, with that rendering's nonce", async () => {
    const s = await serve();
    const first = await s.get("/listing/1");
    const second = await s.get("/listing/1");
    expect(first.state).toBe("miss");
    expect(second.state).toBe("hit");
    expect(second.body).toBe(first.body);
    expect(s.renders).toEqual(["/listing/1"]);
    // The page's scripts carry the first rendering's nonce: the policy must be that one too.
    expect(second.res.headers.get("content-security-policy")).toBe("script-src 'nonce-0'");
    expect(second.body).toContain('nonce="0"');
    // Per-response headers are the response's own.
    expect(second.res.headers.get("x-request-id")).not.toBe(first.res.headers.get("x-request-id"));
    // Work every visit needs still happens.
    expect(s.served).toEqual(["/listing/1"]);
  });

  it("keeps addresses and languages apart", async () => {
    const s = await serve();
    await s.get("/search?q=kia");
    const other = await s.get("/search?q=toyota");
    const arabic = await s.get("/search?q=kia&lang=ar");
    expect([other.state, arabic.state]).toEqual(["miss", "miss"]);
    expect(arabic.body).toContain(" ar</p>");
    expect((await s.get("/search?q=kia")).body).toContain(" en</p>");
  });

  it("never serves nor stores for a request with a session or any other cookie", async () => {
    const s = await serve();
    await s.get("/");
    const member = await s.get("/", { cookie: "souqna.session_token=abc" });
    const flash = await s.get("/", { cookie: "lang=en; flash=x" });
    expect([member.state, flash.state]).toEqual([null, null]);
    expect(s.renders).toHaveLength(3);
    // The language cookie alone is still a visitor.
    expect((await s.get("/", { cookie: "lang=en" })).state).toBe("hit");
    expect((await s.get("/", { authorization: "Bearer x" })).state).toBe(null);
  });

  it("stores only pages that are the same for everyone", async () => {
    const s = await serve();
    for (const path of ["/missing", "/cookie", "/private", "/json"]) {
      await s.get(path);
      expect((await s.get(path)).state, path).toBe("miss");
    }
    // Setting the language cookie is not personal.
    await s.get("/lang");
    expect((await s.get("/lang")).state).toBe("hit");
    expect(s.cache.stats().entries).toBe(1);
  });

  it("never keys a route that says it is personal, nor a resource route", async () => {
    const s = await serve();
    // A signed-out visit to a member's page (its sign-in form), and an API answer: each visit is
    // rendered on its own and never waits for another's rendering.
    for (const path of ["/settings", "/edit-listing/1", "/api/related/1"]) {
      expect((await s.get(path)).state, path).toBe(null);
      expect((await s.get(path)).state, path).toBe(null);
    }
    expect(s.renders).toHaveLength(6);
    expect(s.cache.stats().entries).toBe(0);
  });

  it("renders again after the time to live, serving the old copy while it does", async () => {
    const s = await serve();
    await s.get("/");
    s.clock.now += 1_500;
    s.slow(200);
    const renewal = s.get("/");
    // Asked once the renewal is under way (not after a fixed time: on a busy machine the first
    // request can arrive second).
    while (s.renders.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    const [renewing, waiting] = await Promise.all([renewal, s.get("/")]);
    expect(renewing.state).toBe("miss");
    expect(waiting.state).toBe("stale");
    expect(waiting.body).toContain("rendering 1");
    expect((await s.get("/")).body).toContain("rendering 2");
    // Too old to serve even while renewing: wait for the new one.
    s.clock.now += 60_000;
    const late = await Promise.all([s.get("/"), s.get("/"), s.get("/")]);
    expect(late.map((r) => r.body.includes("rendering 3"))).toEqual([true, true, true]);
    expect(s.renders).toHaveLength(3);
  });

  it("renders once for a crowd arriving together", async () => {
    const s = await serve();
    s.slow(100);
    const crowd = await Promise.all(Array.from({ length: 20 }, () => s.get("/category/motors")));
    expect(s.renders).toHaveLength(1);
    expect(new Set(crowd.map((r) => r.body)).size).toBe(1);
    expect(crowd.filter((r) => r.state === "miss")).toHaveLength(1);
  });

  it("serves those waiting as soon as the page is written, not once its client has read it", async () => {
    const s = await serve();
    // 6 MB of pages already rendered (served from the cache), then one to render.
    await s.get("/filler?kb=3072");
    const page = "/page?kb=192";
    await s.stalledReader(["/filler?kb=3072", "/filler?kb=3072", page]);
    while (!s.renders.includes(page)) await new Promise((resolve) => setTimeout(resolve, 10));
    const started = performance.now();
    const waiting = await s.get(page);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(waiting.state).toBe("hit");
    expect(waiting.body.length).toBe(192 * 1024);
    expect(s.renders.filter((path) => path === page)).toHaveLength(1);
  });

  it("keeps at most 1 MB a connection has not read, and then makes nobody wait long", async () => {
    const s = await serve({ maxWaitMs: 300 });
    await s.get("/filler?kb=3072");
    const page = "/page?kb=2048";
    await s.stalledReader(["/filler?kb=3072", "/filler?kb=3072", page]);
    while (!s.renders.includes(page)) await new Promise((resolve) => setTimeout(resolve, 10));
    const started = performance.now();
    const visitor = await s.get(page);
    expect(performance.now() - started).toBeLessThan(2_000);
    // The stalled client's rendering waits for it to read; the visitor's own did not.
    expect(visitor.state).toBe("miss");
    expect(visitor.body.length).toBe(2048 * 1024);
  });

  it("makes a visitor wait for another's rendering at most maxWaitMs, then render", async () => {
    const s = await serve({ maxWaitMs: 100 });
    s.slow(600);
    const first = s.get("/category/motors");
    while (s.renders.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    s.slow(0);
    const started = performance.now();
    const second = await s.get("/category/motors");
    expect(performance.now() - started).toBeLessThan(500);
    expect(second.state).toBe("miss");
    expect(second.body).toContain("rendering 2");
    expect((await first).body).toContain("rendering 1");
  });

  it("lets a crowd render for itself when the first answer may not be shared", async () => {
    const s = await serve();
    s.slow(50);
    const crowd = await Promise.all(Array.from({ length: 3 }, () => s.get("/missing")));
    expect(crowd.map((r) => r.res.status)).toEqual([404, 404, 404]);
    expect(s.renders).toHaveLength(3);
  });

  it("is emptied by a member's change that succeeded, not by a visitor's nor a refused one", async () => {
    const s = await serve();
    await s.get("/");
    await s.post("/logout", "visitor");
    await s.post("/edit-listing/1", "visitor");
    await s.post("/refused");
    expect((await s.get("/")).state).toBe("hit");
    await s.post("/moderation");
    expect((await s.get("/")).state).toBe("miss");
  });

  it("forgets only what a member's change can have altered", async () => {
    const s = await serve();
    const pages = ["/", "/search?q=kia", "/listing/A1", "/listing/b2.data", "/about"];
    const states = async () => {
      const result: Record<string, string | null> = {};
      for (const page of pages) result[page] = (await s.get(page)).state;
      return result;
    };
    await states();
    // Their own things: nothing a visitor sees.
    for (const path of ["/settings", "/favorites", "/api/favorites", "/messages/c1", "/logout"]) {
      await s.post(path);
    }
    expect(Object.values(await states())).toEqual(["hit", "hit", "hit", "hit", "hit"]);
    // One listing (its data address, as React Router sends the form): its page and the lists.
    await s.post("/listing/a1.data");
    expect(await states()).toEqual({
      "/": "miss",
      "/search?q=kia": "miss",
      "/listing/A1": "miss",
      "/listing/b2.data": "hit",
      "/about": "miss",
    });
    // A new listing: the lists only.
    await s.post("/post-ad");
    expect(await states()).toEqual({
      "/": "miss",
      "/search?q=kia": "miss",
      "/listing/A1": "hit",
      "/listing/b2.data": "hit",
      "/about": "miss",
    });
    // A profile (the seller's name is on their listings' pages): everything.
    await s.post("/profile");
    expect(Object.values(await states())).toEqual(["miss", "miss", "miss", "miss", "miss"]);
  });

  it("drops a rendering that began before a change", async () => {
    const s = await serve();
    s.slow(150);
    const during = s.get("/");
    await new Promise((resolve) => setTimeout(resolve, 50));
    await s.post("/my-listings");
    await during;
    s.slow(0);
    expect((await s.get("/")).state).toBe("miss");
  });

  it("keeps within its size, oldest out first", async () => {
    const s = await serve({ maxEntries: 2 });
    await s.get("/a");
    await s.get("/b");
    await s.get("/c");
    expect(s.cache.stats().entries).toBe(2);
    expect((await s.get("/a")).state).toBe("miss");
    expect((await s.get("/c")).state).toBe("hit");
  });

  it("says whether it rendered a page only when asked to", async () => {
    const s = await serve({ showState: false });
    await s.get("/");
    const again = await s.get("/");
    expect(again.state).toBe(null);
    expect(again.body).toContain("rendering 1");
  });

  it("is off with a time to live of 0", async () => {
    const s = await serve({ ttlMs: 0 });
    await s.get("/");
    expect((await s.get("/")).state).toBe(null);
    expect(s.renders).toHaveLength(2);
  });
});
