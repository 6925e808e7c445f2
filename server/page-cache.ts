import type { NextFunction, Request, Response } from "express";
import { isbot } from "isbot";
import { languageCookieName } from "../app/i18n/config";
import { dataSaverCookieName } from "../app/utils/data-saver";

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
 *   exists, get that one at once).
 * - Any change made through this process (a POST that succeeded) empties the cache, so whoever
 *   changed something sees it at once; other processes catch up within the second.
 * - The stored page keeps its Content-Security-Policy: its scripts carry that rendering's nonce.
 */
export interface PageCacheOptions {
  /** How long a rendering is served as new; 0 turns the cache off. */
  ttlMs: number;
  /** How long an expired copy may still be served while a new rendering is on its way. */
  staleMs?: number;
  maxEntries?: number;
  maxBytes?: number;
  /** Work every visit needs even when served from here (counting a listing's view). */
  onServe?: (req: Request) => Promise<void>;
  now?: () => number;
}

interface Entry {
  status: number;
  headers: [string, number | string | string[]][];
  body: Buffer;
  storedAt: number;
  generation: number;
}

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
/** Paths that are never the same for two people, or are not pages. */
const NEVER = /^\/(api|healthz|dev)(\/|$)/;
const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function createPageCache({
  ttlMs,
  staleMs = 10_000,
  maxEntries = 2_000,
  maxBytes = 64 * 1024 * 1024,
  onServe,
  now = Date.now,
}: PageCacheOptions) {
  const entries = new Map<string, Entry>();
  const rendering = new Map<string, Promise<Entry | null>>();
  let bytes = 0;
  let generation = 0;

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

  function clear() {
    generation++;
    entries.clear();
    bytes = 0;
  }

  function keyOf(req: Request, res: Response): string | null {
    if (req.method !== "GET" || NEVER.test(req.path)) return null;
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

  function send(res: Response, entry: Entry, state: "hit" | "stale") {
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader("X-Page-Cache", state);
    res.status(entry.status).end(entry.body);
  }

  async function serve(req: Request, res: Response, entry: Entry, state: "hit" | "stale") {
    if (onServe) await onServe(req);
    send(res, entry, state);
  }

  /** Records what this response sends, and stores it if it may serve others. */
  function capture(key: string, res: Response, done: (entry: Entry | null) => void) {
    const started = generation;
    const chunks: Buffer[] = [];
    let size = 0;
    let finished = false;
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
      take(chunk, rest[0]);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as Response["write"];
    res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
      take(chunk, rest[0]);
      finished = true;
      return (end as (...args: unknown[]) => Response).call(this, chunk, ...rest);
    } as Response["end"];
    res.on("close", () => {
      const entry = finished && generation === started ? entryOf(res, chunks, size) : null;
      if (entry) store(key, entry);
      else forget(key);
      done(entry);
    });
  }

  function entryOf(res: Response, chunks: Buffer[], size: number): Entry | null {
    if (res.statusCode !== 200 || size > maxBytes / 8) return null;
    if (!CACHEABLE_TYPE.test(String(res.getHeader("Content-Type") ?? ""))) return null;
    if (/private|no-store/i.test(String(res.getHeader("Cache-Control") ?? ""))) return null;
    const cookies = res.getHeader("Set-Cookie");
    const list = Array.isArray(cookies) ? cookies : cookies ? [String(cookies)] : [];
    if (list.some((cookie) => !cookie.startsWith(`${languageCookieName}=`))) return null;
    const headers = Object.entries(res.getHeaders()).flatMap(([name, value]) =>
      value === undefined || PER_RESPONSE.has(name) ? [] : [[name, value] as Entry["headers"][0]],
    );
    return {
      status: 200,
      headers,
      body: Buffer.concat(chunks),
      storedAt: now(),
      generation,
    };
  }

  async function middleware(req: Request, res: Response, next: NextFunction) {
    if (WRITES.has(req.method)) {
      res.on("finish", () => {
        if (res.statusCode < 400) clear();
      });
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
        const fresh = await pending;
        if (fresh) return await serve(req, res, fresh, "hit");
        res.setHeader("X-Page-Cache", "miss");
        return next();
      }
      let done: (entry: Entry | null) => void = () => {};
      rendering.set(
        key,
        new Promise<Entry | null>((resolve) => {
          done = resolve;
        }),
      );
      capture(key, res, (stored) => {
        rendering.delete(key);
        done(stored);
      });
      res.setHeader("X-Page-Cache", "miss");
      next();
    } catch (error) {
      next(error);
    }
  }

  return {
    middleware,
    clear,
    /** For tests and /healthz: what the cache holds. */
    stats: () => ({ entries: entries.size, bytes }),
  };
}
