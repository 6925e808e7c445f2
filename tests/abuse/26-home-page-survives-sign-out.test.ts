import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { signUpOverHttp } from "../setup/http-members";
import { serverForFile } from "./server";

/*
 * Finding 5: the service worker kept the home page (and `/_root.data`, which carry the member's
 * name and e-mail) in `souqna-pages`, which a sign-out did not clear; the next person on that
 * phone, offline or on a connection slower than 4 s, was shown the previous member's page. The
 * worker now forgets every saved page and photo as a sign-out goes by (and unsubscribes the
 * browser from the member's pushes), and keeps no page fetched for the member that arrives after.
 *
 * The built worker, as the server serves it at /sw.js, runs here in a bare script context with
 * in-memory caches and a network the test answers (the browser journey is
 * tests/e2e/shell/shared-phone.spec.ts).
 */
const s = serverForFile({ TRUST_PROXY: "1", SIGN_UPS_PER_IP_PER_HOUR: "100" });

/** Cache Storage in memory: enough of it for Workbox's strategies. */
class MemoryCache {
  entries = new Map<string, { request: Request; response: Response }>();
  async match(request: Request | string) {
    const url = typeof request === "string" ? request : request.url;
    return this.entries.get(url)?.response.clone();
  }
  async put(request: Request | string, response: Response) {
    const req = typeof request === "string" ? new Request(request) : request;
    this.entries.set(req.url, { request: req, response: response.clone() });
  }
  async delete(request: Request | string) {
    return this.entries.delete(typeof request === "string" ? request : request.url);
  }
  async keys() {
    return [...this.entries.values()].map((entry) => entry.request);
  }
}

class MemoryCaches {
  stores = new Map<string, MemoryCache>();
  async open(name: string) {
    let cache = this.stores.get(name);
    if (!cache) {
      cache = new MemoryCache();
      this.stores.set(name, cache);
    }
    return cache;
  }
  async has(name: string) {
    return this.stores.has(name);
  }
  async delete(name: string) {
    return this.stores.delete(name);
  }
  async keys() {
    return [...this.stores.keys()];
  }
  async match(request: Request | string, options?: { cacheName?: string }) {
    const names = options?.cacheName ? [options.cacheName] : [...this.stores.keys()];
    for (const name of names) {
      const found = await this.stores.get(name)?.match(request);
      if (found) return found;
    }
    return undefined;
  }
}

class FetchEvent {
  type: string;
  request: Request;
  pending: Promise<unknown>[] = [];
  responded: Promise<Response> | undefined;
  constructor(type: string, init: { request: Request }) {
    this.type = type;
    this.request = init.request;
  }
  waitUntil(promise: Promise<unknown>) {
    this.pending.push(promise);
  }
  respondWith(promise: Promise<Response>) {
    this.responded = promise;
  }
}

/** The worker served at /sw.js, running with memory caches and `network` as its fetch. */
async function startWorker(network: (request: Request) => Promise<Response>) {
  const code = await (await fetch(`${s.url}/sw.js`)).text();
  const listeners = new Map<string, ((event: unknown) => void)[]>();
  const caches = new MemoryCaches();
  const location = new URL(`${s.url}/sw.js`);
  const push = { unsubscribed: 0 };
  const pushManager = {
    getSubscription: async () => ({
      unsubscribe: async () => {
        push.unsubscribed += 1;
        return true;
      },
    }),
  };
  const scope: Record<string, unknown> = {
    location,
    caches,
    fetch: network,
    navigator: { language: "en" },
    registration: {
      active: {},
      sync: { register: async () => {} },
      pushManager,
      scope: `${s.url}/`,
    },
    clients: { claim: async () => {}, matchAll: async () => [] },
    skipWaiting: async () => {},
    addEventListener: (type: string, listener: (event: unknown) => void) => {
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    },
    FetchEvent,
    URL,
    URLSearchParams,
    Request,
    Response,
    Headers,
    Blob,
    FormData,
    TextEncoder,
    TextDecoder,
    AbortController,
    DOMException,
    setTimeout,
    clearTimeout,
    queueMicrotask,
    structuredClone,
    console,
  };
  scope.self = scope;
  vm.runInNewContext(code, scope, { filename: "sw.js" });
  return {
    caches,
    push,
    /** Dispatches a fetch as the browser would; resolves once everything it started is done. */
    async dispatch(request: Request) {
      const event = new FetchEvent("fetch", { request });
      for (const listener of listeners.get("fetch") ?? []) listener(event);
      // Not answered by the worker: the browser sends it itself.
      const response = event.responded
        ? await event.responded.catch(() => undefined)
        : await network(request).catch(() => undefined);
      // Work started while others finished (a page saved after its data) is waited for too.
      for (let settled = 0; settled < event.pending.length; ) {
        const batch = event.pending.slice(settled);
        settled = event.pending.length;
        await Promise.allSettled(batch);
      }
      return response;
    },
  };
}

const page = (html: string) =>
  new Response(html, { status: 200, headers: { "content-type": "text/html; charset=utf-8" } });

describe("the service worker at a sign-out", () => {
  it("forgets the member's home page and every other page and photo it saved", async () => {
    const member = await signUpOverHttp(s.url, {
      name: "Rania Haddad",
      email: `rania-${Date.now()}@example.com`,
    });
    // What the worker keeps as the home page is the member's own: their name and e-mail.
    const home = await (await fetch(`${s.url}/`, { headers: { cookie: member.cookie } })).text();
    expect(home).toContain(member.email);
    expect(home).toContain("Rania Haddad");

    for (const [ending, body] of [
      ["/logout", ""],
      ["/logout.data", ""],
      ["/settings.data", "intent=signout-all"],
      ["/settings", "intent=delete&password=x&confirm=on"],
    ] as const) {
      const worker = await startWorker(async () => page("<html></html>"));
      const saved = {
        "souqna-pages": ["/", "/_root.data"],
        "souqna-listings": ["/listing/4b1c5c2e-3a51-4d5e-8f00-000000000001"],
        "souqna-personal": ["/messages", "/favorites"],
        "souqna-media": ["/media/avatars/rania.webp"],
        "souqna-assets": ["/assets/entry.client-abc.js"],
      };
      for (const [name, paths] of Object.entries(saved)) {
        const cache = await worker.caches.open(name);
        for (const path of paths) await cache.put(`${s.url}${path}`, page(home));
      }
      await worker.dispatch(
        new Request(`${s.url}${ending}`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body,
        }),
      );
      for (const name of ["souqna-pages", "souqna-listings", "souqna-personal", "souqna-media"]) {
        const left = await (await worker.caches.open(name)).keys();
        expect(
          left.map((request) => request.url),
          `${ending}: ${name}`,
        ).toEqual([]);
      }
      // The app's own code stays: the next person needs it, and it is nobody's.
      expect(await (await worker.caches.open("souqna-assets")).keys()).toHaveLength(1);
      // And the browser stops receiving the member's pushes.
      expect(worker.push.unsubscribed, ending).toBe(1);
    }

    // Any other form keeps what is saved.
    const worker = await startWorker(async () => page("<html></html>"));
    await (await worker.caches.open("souqna-pages")).put(`${s.url}/`, page(home));
    await worker.dispatch(
      new Request(`${s.url}/settings.data`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "intent=notifications",
      }),
    );
    expect(await (await worker.caches.open("souqna-pages")).keys()).toHaveLength(1);
    expect(worker.push.unsubscribed).toBe(0);
  });

  it("does not keep a page drawn for the member that arrives after the sign-out", async () => {
    const member = "<html><body>rania@example.com Rania Haddad</body></html>";
    let answer: () => void = () => {};
    const slow = new Promise<void>((resolve) => {
      answer = resolve;
    });
    let signedOut = false;
    // Asked while the member is signed in, a page is drawn for them, and the network is slow;
    // asked after the sign-out, it is drawn for nobody (here: not at all, so nothing is saved).
    const worker = await startWorker(async (request) => {
      if (new URL(request.url).pathname.startsWith("/logout")) {
        signedOut = true;
        return page("");
      }
      if (signedOut) return new Response("", { status: 503 });
      await slow;
      return page(member);
    });
    const home = worker.dispatch(new Request(`${s.url}/_root.data`));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await worker.dispatch(new Request(`${s.url}/logout`, { method: "POST", body: "" }));
    // The answer drawn for the member comes in after the sign-out.
    answer();
    await home;
    const kept = await Promise.all(
      [...worker.caches.stores.values()].flatMap((cache) =>
        [...cache.entries.values()].map((entry) => entry.response.clone().text()),
      ),
    );
    expect(kept.filter((html) => html.includes("rania@example.com"))).toEqual([]);
  });
});
