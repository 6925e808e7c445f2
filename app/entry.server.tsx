import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { ServerRouter } from "react-router";
import { registerCommonCatalogs } from "./i18n/common-catalog";
import arCommon from "./i18n/locales/ar/common";
import enCommon from "./i18n/locales/en/common";
import { Coalesce } from "./utils/defer-scripts.server";
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
          const body = new Coalesce(nonce);
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
