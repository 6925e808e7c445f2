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
          const body = new Coalesce();
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
  private modules: "head" | "held" | "placed" = "head";
  private held = "";

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
    if (this.size === 0 && !(last && this.held)) return;
    let batch: Buffer = Buffer.concat(this.parts, this.size);
    if (this.modules !== "placed") batch = this.moveModulesDown(batch, last);
    this.push(batch);
    this.parts = [];
    this.size = 0;
  }

  /**
   * The page's modules are fetched after what the page shows: React Router's <Scripts> writes a
   * modulepreload link for each into the head, where a browser asks for them ahead of the first
   * picture and the fonts — on a slow connection 150 KB of JavaScript then shares the line with
   * them, and the page paints later (it works without JavaScript). The links are taken out of the
   * head as it passes and written just before React Router's first script at the end of the body,
   * still all at once (no waterfall of imports) and at low priority.
   */
  private moveModulesDown(batch: Buffer, last: boolean): Buffer {
    let text = batch.toString("utf8");
    if (this.modules === "head") {
      const end = text.indexOf("</head>");
      if (end === -1) return batch;
      const head = text.slice(0, end).replace(MODULEPRELOAD, (link) => {
        this.held += link.replace('rel="modulepreload"', 'rel="modulepreload" fetchpriority="low"');
        return "";
      });
      text = head + text.slice(end);
      this.modules = "held";
    }
    const bodyStart = Math.max(text.indexOf("</head>"), 0);
    const script = FIRST_SCRIPT.exec(text.slice(bodyStart));
    let at = script ? bodyStart + script.index : text.indexOf("</body>", bodyStart);
    if (at === -1 && last) at = text.length;
    if (at !== -1) {
      text = text.slice(0, at) + this.held + text.slice(at);
      this.held = "";
      this.modules = "placed";
    }
    return Buffer.from(text, "utf8");
  }
}

const MODULEPRELOAD = /<link rel="modulepreload"[^>]*>/g;
/** React Router's first script (scroll restoration, then its context); not a page's JSON-LD. */
const FIRST_SCRIPT = /<script(?![^>]*application\/ld\+json)/;

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
