import type { NextFunction, Request, Response } from "express";
import { isbot } from "isbot";
import { languageCookieName } from "../app/i18n/config";
import { dataSaverCookieName } from "../app/utils/data-saver";
import type { RouteMatch } from "./route-pattern";

/**
 * A micro-cache of the pages visitors without an account see (decision 012): for a second, a
 * visitor gets the page rendered for the same address and language instead of a new rendering.
 * One rendering then serves a crowd — on a busy listing, the home page, a shared search — which is
 * what lets one machine answer hundreds of visitors a second.
 *
 * - Only GET requests for pages and their data (`.data`) without cookies other than the language
 *   and data saver ones: a session or a flash message means a page of one's own, never cached nor
 *   served from here. The language and data saver are part of the key.
 * - Only 200 answers of HTML or route data that set no cookie but the language, and not marked
 *   private or no-store.
 * - One rendering at a time per address: others asking meanwhile wait for it (or, if an older copy
 *   exists, get that one at once). They are served as soon as the rendering has written its last
 *   byte, not when its own client has read it: a client that never reads must not hold anyone
 *   else. And nobody waits longer than `maxWaitMs`: past it, they render the page themselves.
 * - A change a member made through this process empties what it can have changed (changeOf
 *   below), so whoever changed something sees it at once; other processes catch up within the
 *   second. A visitor's write, a refused one, or one to a member's own things empties nothing.
 * - The stored page keeps its Content-Security-Policy: its scripts carry that rendering's nonce.
 */
export interface PageCacheOptions {
  /** How long a rendering is served as new; 0 turns the cache off. */
  ttlMs: number;
  /** How long an expired copy may still be served while a new rendering is on its way. */
  staleMs?: number;
  /** How long a visitor waits for someone else's rendering of the page before making their own. */
  maxWaitMs?: number;
  maxEntries?: number;
  maxBytes?: number;
  /** Work every visit needs even when served from here (counting a listing's view). */
  onServe?: (req: Request) => Promise<void>;
  /**
   * Whether a write came from a signed-in member (a session that exists, not just a cookie of
   * that name): only their changes empty the cache.
   */
  isMember: (req: Request) => Promise<boolean>;
  /**
   * Say on each page whether it was rendered (`X-Page-Cache: miss | hit | stale`), for tests and
   * benchmarks. Off in production: it tells an attacker which addresses make the server work.
   */
  showState?: boolean;
  now?: () => number;
}

interface Entry {
  status: number;
  headers: [string, number | string | string[]][];
  body: Buffer;
  storedAt: number;
  /** The listing whose page this is (lower case), or null for every other page. */
  listingId: string | null;
}

/** A rendering on its way: whoever waits for the page waits for `done`. */
interface Rendering {
  listingId: string | null;
  /** A change since it began may have reached its data: served to nobody but its own client. */
  dropped: boolean;
  done: Promise<Entry | null>;
}

/**
 * What a change can have altered in the pages visitors see: everything, the lists (every page
 * that is not one listing's: home, categories, search, sellers, static pages), or one listing's
 * page and the lists.
 */
type Change = { scope: "all" } | { scope: "lists" } | { scope: "listing"; id: string };

/** Headers that belong to one response, not to the page. */
const PER_RESPONSE = new Set([
  "set-cookie",
  "x-request-id",
  "server-timing",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "date",
  "x-page-cache",
]);
const CACHEABLE_TYPE = /^(text\/html|text\/x-script)/;
const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Of pages that may serve others, what one connection may leave unread in memory (capture). */
const UNREAD_BYTES = 1024 * 1024;
/** Per connection (a stalled one is dropped by the server's write timeout, server/http-server.ts). */
const unreadBytes = new WeakMap<object, number>();

/**
 * What a member's successful write to a route can have changed for visitors, as the route
 * declares it (`handle.writes`, app/utils/route-handle.ts): nothing a visitor sees ("own": their
 * settings, favourites, conversations, saved searches, push subscriptions, staged photos,
 * signing in and out); one listing, the one its `:id` names (its owner's edits, status, renewal;
 * a report), or, without one, a new listing, which joins lists and changes no other listing's
 * page. Conservative where the route says nothing: a profile's name and photo (on the seller's
 * listings), a moderator's decision, the my-listings page (whose listing is in the form) empty
 * everything. Deleting one's account is a form of /settings: its listings leave the lists within
 * PAGE_CACHE_SECONDS, as after a change made on another instance.
 */
export function changeOf({ handle, params }: Pick<RouteMatch, "handle" | "params">): Change | null {
  if (handle.writes === "own") return null;
  if (handle.writes === "listing" || handle.listingPage) {
    return params.id ? { scope: "listing", id: params.id.toLowerCase() } : { scope: "lists" };
  }
  return { scope: "all" };
}

/** The listing a page shows, if it is a listing's page: emptied when that listing changes. */
function listingOf({ handle, params }: RouteMatch) {
  return handle.listingPage ? (params.id?.toLowerCase() ?? null) : null;
}

function alters(change: Change, listingId: string | null) {
  if (change.scope === "all" || listingId === null) return true;
  return change.scope === "listing" && change.id === listingId;
}

export function createPageCache({
  ttlMs,
  staleMs = 10_000,
  maxWaitMs = 2_000,
  maxEntries = 2_000,
  maxBytes = 64 * 1024 * 1024,
  onServe,
  isMember,
  showState = false,
  now = Date.now,
}: PageCacheOptions) {
  const entries = new Map<string, Entry>();
  /** The latest rendering of each address that is on its way. */
  const rendering = new Map<string, Rendering>();
  /** Every rendering on its way, older ones that a waiter gave up on too. */
  const inFlight = new Set<Rendering>();
  let bytes = 0;

  function forget(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.body.length;
  }

  function store(key: string, entry: Entry) {
    forget(key);
    if (entry.body.length > maxBytes / 8) return;
    entries.set(key, entry);
    bytes += entry.body.length;
    // Oldest first out (a Map keeps insertion order).
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      forget(oldest);
    }
  }

  /** Forgets what `change` can have altered, and keeps renderings begun before it from being stored. */
  function invalidate(change: Change) {
    for (const [key, entry] of entries) if (alters(change, entry.listingId)) forget(key);
    for (const pending of inFlight) if (alters(change, pending.listingId)) pending.dropped = true;
  }

  function keyOf(req: Request, res: Response): string | null {
    // Only pages, and of those none that is never the same for two people (the route says so).
    const route = res.locals.route;
    if (req.method !== "GET" || !route.page || route.handle.personal) return null;
    if (req.headers.authorization) return null;
    const cookie = req.headers.cookie;
    if (cookie) {
      for (const part of cookie.split(";")) {
        const name = part.slice(0, part.indexOf("=")).trim();
        if (name && name !== languageCookieName && name !== dataSaverCookieName) return null;
      }
    }
    // Crawlers get the whole page at once rather than streamed: a rendering of their own.
    const bot = isbot(req.get("user-agent") ?? "") ? "bot" : "person";
    // Data saver pages hold smaller pictures (Save-Data or its setting's cookie).
    const saver = res.locals.dataSaver ? "saver" : "full";
    return `${res.locals.lang}|${bot}|${saver}|${req.originalUrl}`;
  }

  function tell(res: Response, state: "miss" | "hit" | "stale") {
    if (showState) res.setHeader("X-Page-Cache", state);
  }

  async function serve(req: Request, res: Response, entry: Entry, state: "hit" | "stale") {
    if (onServe) await onServe(req);
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    tell(res, state);
    res.status(entry.status).end(entry.body);
  }

  /** Renders the page for this request, and stores it if it may serve others. */
  function render(key: string, res: Response) {
    let settle: (entry: Entry | null) => void = () => {};
    const pending: Rendering = {
      listingId: listingOf(res.locals.route),
      dropped: false,
      done: new Promise<Entry | null>((resolve) => {
        settle = resolve;
      }),
    };
    rendering.set(key, pending);
    inFlight.add(pending);
    capture(res, pending.listingId, (entry) => {
      inFlight.delete(pending);
      if (rendering.get(key) === pending) rendering.delete(key);
      const shared = entry && !pending.dropped ? entry : null;
      if (shared) store(key, shared);
      else if (!entry) forget(key);
      settle(shared);
    });
    tell(res, "miss");
  }

  /**
   * Records what this response sends. `done` is called once: with the page as soon as its last
   * byte is written (its client may take as long as it likes to read it), or with null when the
   * page may not be shared or the response ended without it.
   */
  function capture(res: Response, listingId: string | null, done: (entry: Entry | null) => void) {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (entry: Entry | null) => {
      if (settled) return;
      settled = true;
      done(entry);
    };
    const write = res.write;
    const end = res.end;
    const take = (chunk: unknown, encoding: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function") return;
      const buffer =
        typeof chunk === "string"
          ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
          : Buffer.from(chunk as Uint8Array);
      size += buffer.length;
      if (size <= maxBytes / 8) chunks.push(buffer);
    };
    res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
      const before = size;
      take(chunk, rest[0]);
      const accepted = (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
      if (accepted || size > maxBytes / 8) return accepted;
      // React Router waits for a slow client to drain what it was sent before it writes more.
      // A page that may serve others is written to its end whatever its client's pace: what
      // that client has not read stays in memory, up to UNREAD_BYTES a connection (a client
      // asking for many pages at once and reading none would otherwise hold them all).
      const unread = (unreadBytes.get(res.req.socket) ?? 0) + size - before;
      if (unread > UNREAD_BYTES) return false;
      unreadBytes.set(res.req.socket, unread);
      return true;
    } as Response["write"];
    res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
      take(chunk, rest[0]);
      // Called first: it settles the status and headers that decide whether the page is shared.
      const result = (end as (...args: unknown[]) => Response).call(this, chunk, ...rest);
      finish(entryOf(res, chunks, size, listingId));
      return result;
    } as Response["end"];
    res.on("close", () => finish(null));
  }

  function entryOf(
    res: Response,
    chunks: Buffer[],
    size: number,
    listingId: string | null,
  ): Entry | null {
    if (res.statusCode !== 200 || size > maxBytes / 8) return null;
    if (!CACHEABLE_TYPE.test(String(res.getHeader("Content-Type") ?? ""))) return null;
    if (/private|no-store/i.test(String(res.getHeader("Cache-Control") ?? ""))) return null;
    const cookies = res.getHeader("Set-Cookie");
    const list = Array.isArray(cookies) ? cookies : cookies ? [String(cookies)] : [];
    if (list.some((cookie) => !cookie.startsWith(`${languageCookieName}=`))) return null;
    const headers = Object.entries(res.getHeaders()).flatMap(([name, value]) =>
      value === undefined || PER_RESPONSE.has(name) ? [] : [[name, value] as Entry["headers"][0]],
    );
    return { status: 200, headers, body: Buffer.concat(chunks), storedAt: now(), listingId };
  }

  /** Waits for `pending` at most maxWaitMs; null when it took longer or cannot be shared. */
  function waitFor(pending: Rendering) {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), maxWaitMs);
    });
    return Promise.race([pending.done, timeout]).finally(() => clearTimeout(timer));
  }

  /**
   * A write empties the cache only when it succeeded and a member made it: anyone can send a
   * POST (a visitor's /logout, a form refused), and one every few milliseconds would otherwise
   * make every visitor's page a new rendering. The member is looked up while the write runs
   * (the route's own lookup of the same cookies joins it).
   */
  function watchWrite(req: Request, res: Response) {
    const change = changeOf(res.locals.route);
    if (!change) return;
    const member = isMember(req).catch(() => false);
    res.once("finish", () => {
      if (res.statusCode >= 400) return;
      void member.then((yes) => {
        if (yes) invalidate(change);
      });
    });
  }

  async function middleware(req: Request, res: Response, next: NextFunction) {
    if (WRITES.has(req.method)) {
      watchWrite(req, res);
      return next();
    }
    const key = ttlMs > 0 ? keyOf(req, res) : null;
    if (!key) return next();
    try {
      const entry = entries.get(key);
      const age = entry ? now() - entry.storedAt : Number.POSITIVE_INFINITY;
      if (entry && age <= ttlMs) return await serve(req, res, entry, "hit");
      const pending = rendering.get(key);
      if (pending) {
        if (entry && age <= ttlMs + staleMs) return await serve(req, res, entry, "stale");
        const fresh = await waitFor(pending);
        if (fresh) return await serve(req, res, fresh, "hit");
        // Not shareable, or too slow: this visitor's own rendering, which later visitors of
        // the page wait for instead of the one that is late.
      }
      render(key, res);
      next();
    } catch (error) {
      next(error);
    }
  }

  return {
    middleware,
    /** Empties the whole cache. */
    clear: () => invalidate({ scope: "all" }),
    /** For tests and /healthz: what the cache holds. */
    stats: () => ({ entries: entries.size, bytes }),
  };
}
