import { Transform, type TransformCallback } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { ServerRouter } from "react-router";
import { registerCommonCatalogs } from "./i18n/common-catalog";
import arCommon from "./i18n/locales/ar/common";
import enCommon from "./i18n/locales/en/common";
import { NonceContext } from "./utils/nonce";
import { isUnavailable } from "./utils/unavailable.server";

export const streamTimeout = 5_000;

// The server renders both languages; the browser fetches only its page's (entry.client.tsx).
registerCommonCatalogs({ en: enCommon, ar: arCommon });

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const nonce = loadContext.cspNonce;
    // Crawlers and no-JavaScript visitors get the whole document at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        // Every part the server has drawn goes out in place. By default React moves a finished
        // Suspense boundary of more than 500 bytes out of the document (a hidden <div> and a
        // script after its end, which a browser without JavaScript never shows) once the bytes
        // sent reach this size: the parts fetched on demand (ui/on-demand.tsx: a member's menu,
        // the profile's tabs) would then vanish without JavaScript. Only what is still loading
        // (React Router's data) is streamed late.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = new Coalesce(nonce, loadContext.documentHead?.jsonLd);
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) loadContext.logger.error({ err: error }, "rendering failed");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

/**
 * React writes a page as dozens of small chunks (about 2 KB each), and every chunk used to travel
 * alone through the web stream, the compression stream (a zlib call and a thread-pool round trip
 * each) and the socket. This joins what React writes in one go: a chunk leaves when React says it
 * has written a batch (`flush`, which React calls after each one), at 64 KB, or at the end — so a
 * streamed page still streams, in a few large pieces instead of many small ones.
 */
class Coalesce extends Transform {
  private parts: Buffer[] = [];
  private size = 0;
  private modules: "head" | "held" | "converted" | "placed" = "head";
  private hrefs: string[] = [];

  constructor(
    private readonly nonce: string | undefined,
    /** A page's schema.org description (AppContext.documentHead), for the end of the head. */
    private readonly jsonLd: string | undefined,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.parts.push(chunk);
    this.size += chunk.length;
    if (this.size >= 64 * 1024) this.flush();
    done();
  }

  override _flush(done: TransformCallback) {
    this.flush(true);
    done();
  }

  flush(last = false) {
    if (this.size === 0 && !last) return;
    let batch: Buffer = Buffer.concat(this.parts, this.size);
    if (this.modules !== "placed") batch = this.modulesAfterPaint(batch, last);
    if (batch.length > 0) this.push(batch);
    this.parts = [];
    this.size = 0;
  }

  /**
   * The page's JavaScript is fetched once the page has painted. React Router's <Scripts> writes a
   * modulepreload link per module into the head and a module script at the end of the body; a
   * browser asks for all of them at once, ahead of the stylesheet's fonts and the first picture —
   * on a slow connection 150 KB of JavaScript then shares the line with what the visitor waits to
   * see (the page works without it). Here the links leave the head, the module script is kept
   * inert (another type), and a small script at the end of the body, after the first paint, adds
   * the links back (all at once: no waterfall of imports) and runs the module script.
   */
  private modulesAfterPaint(batch: Buffer, last: boolean): Buffer {
    let text = batch.toString("utf8");
    if (this.modules === "head") {
      const end = text.indexOf("</head>");
      if (end === -1) return batch;
      const head = text.slice(0, end).replace(MODULEPRELOAD, (_link, href: string) => {
        this.hrefs.push(href);
        return "";
      });
      const structured = this.jsonLd
        ? `<script type="application/ld+json">${this.jsonLd}</script>`
        : "";
      text = head + structured + text.slice(end);
      this.modules = "held";
    }
    if (this.modules === "held" && text.includes(MODULE_SCRIPT)) {
      text = text.replace(MODULE_SCRIPT, INERT_MODULE_SCRIPT);
      this.modules = "converted";
    }
    if (this.modules === "converted" || last) {
      let at = text.lastIndexOf("</body>");
      if (at === -1 && last) at = text.length;
      if (at !== -1) {
        text = text.slice(0, at) + this.loader() + text.slice(at);
        this.modules = "placed";
      }
    }
    return Buffer.from(text, "utf8");
  }

  /** The last element of the body, where React's hydration does not look. */
  private loader() {
    const nonce = this.nonce ? ` nonce="${this.nonce}"` : "";
    return `<script${nonce}>${AFTER_PAINT}(${JSON.stringify(this.hrefs)})</script>`;
  }
}

const MODULEPRELOAD = /<link rel="modulepreload"[^>]*?href="([^"]+)"[^>]*>/g;
const MODULE_SCRIPT = 'type="module" async="">';
const INERT_MODULE_SCRIPT = 'type="souqna/module">';
// Once the document is parsed (p) and has had its first contentful paint (q) — at the latest two
// seconds after parsing, as a hidden tab does not paint — and only once (s): the modules' links
// (h), then React Router's module script, re-created with the page's nonce (n). Written short:
// it is in every page's HTML.
const AFTER_PAINT = `(function (h) {
  var d = document, n = d.currentScript.nonce, p = 0, q = 0, s = 0;
  function go() {
    if (s || !p || !q) return;
    s = 1;
    h.forEach(function (u) {
      var l = d.createElement("link");
      l.rel = "modulepreload";
      l.href = u;
      d.head.appendChild(l);
    });
    var o = d.querySelector('script[type="souqna/module"]'), x = d.createElement("script");
    x.type = "module";
    x.nonce = n;
    x.textContent = o.textContent;
    o.replaceWith(x);
  }
  function paint() { q = 1; go(); }
  function parse() { p = 1; setTimeout(paint, 2e3); go(); }
  try {
    new PerformanceObserver(function (l) {
      l.getEntries().forEach(function (e) {
        if (e.name == "first-contentful-paint") setTimeout(paint);
      });
    }).observe({ type: "paint", buffered: true });
  } catch (e) {
    q = 1;
  }
  d.readyState == "loading" ? d.addEventListener("DOMContentLoaded", parse) : parse();
})`
  .replace(/\n\s*/g, "")
  .replace(/ ?([=(){},;:?|!]) ?/g, "$1");

/**
 * Every error a loader or action throws (other than a Response) reaches the log once, through
 * pino with the request id, never as a stack trace on stdout. Aborted requests (the visitor
 * navigated away) are not errors.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const app = context as Partial<AppLoadContext> | undefined;
  const logger = app?.logger;
  if (app?.outage && isUnavailable(error)) {
    // Not a bug: the database or the disk is away. The answer becomes a 503 (server/app.ts).
    app.outage.unavailable = true;
    logger?.error({ err: error }, "database or media disk unavailable");
  } else if (logger) logger.error({ err: error }, "unhandled error");
  else process.stderr.write(`unhandled error: ${(error as Error)?.message ?? String(error)}\n`);
};
