import http from "node:http";
import type { Socket } from "node:net";

/**
 * How long the server waits on a client. Node's own defaults either wait forever (a response
 * nobody reads) or cut what is merely slow (a whole request, body included, within 5 minutes:
 * ten phone photos sent without JavaScript on a slow 3G line take longer). The rule instead: a
 * client may be slow, but not stalled.
 */
export interface ClientLimits {
  /** The request's headers, which fit in the first packets even on 2G. */
  headersMs: number;
  /**
   * No byte accepted by the client (a response it does not read) or sent by it (a body it does
   * not send) for this long while the server waits on it: the connection is dropped. A write
   * that moves, however slowly, is not a stall (node re-arms the timer when it sees progress).
   */
  stallMs: number;
  /** A body may take `bodyGraceMs` plus one second for every `bodyBytesPerSecond` it has sent. */
  bodyGraceMs: number;
  bodyBytesPerSecond: number;
}

/**
 * nginx's send_timeout and client_body_timeout (60 s), and Apache's mod_reqtimeout defaults for
 * headers (20 s) and bodies (20 s, then at least 500 bytes a second).
 */
export const CLIENT_LIMITS: ClientLimits = {
  headersMs: 20_000,
  stallMs: 60_000,
  bodyGraceMs: 20_000,
  bodyBytesPerSecond: 500,
};

const BODY_CHECK_MS = 1_000;

/**
 * The HTTP server for the app, with the limits above. Long-lived responses that are meant to be
 * quiet (the live-message stream) turn the stall timer off on their socket and send their own
 * heartbeat.
 */
export function createHttpServer(app: http.RequestListener, limits = CLIENT_LIMITS) {
  const server = http.createServer(
    {
      headersTimeout: limits.headersMs,
      // Node's whole-request deadline would cut slow uploads that are still moving; bodies are
      // held to a minimum pace below instead.
      requestTimeout: 0,
      connectionsCheckingInterval: Math.min(5_000, limits.headersMs / 4),
    },
    app,
  );
  server.timeout = limits.stallMs;
  server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    // Node destroys a timed-out socket only when nobody listens; this listener keeps a
    // connection whose server is still thinking (an action processing photos) and drops one
    // that waits on its client.
    res.on("timeout", (socket: Socket) => {
      if (!req.complete || socket.writableLength > 0) socket.destroy();
    });
    holdBodyToPace(req, limits);
  });
  return server;
}

/** Drops a connection whose body arrives slower than the limits allow (a slow-body attack). */
function holdBodyToPace(req: http.IncomingMessage, limits: ClientLimits) {
  const body = Number(req.headers["content-length"]) > 0 || req.headers["transfer-encoding"];
  if (req.complete || !body) return;
  const socket = req.socket;
  const started = performance.now();
  const before = socket.bytesRead;
  // Until the whole body is in, even after an answer sent without reading it (node then reads
  // the rest to reuse the connection).
  const timer = setInterval(() => {
    if (req.complete || socket.destroyed) return clearInterval(timer);
    const received = socket.bytesRead - before;
    const allowed = limits.bodyGraceMs + (received / limits.bodyBytesPerSecond) * 1000;
    if (performance.now() - started > allowed) {
      clearInterval(timer);
      socket.destroy();
    }
  }, BODY_CHECK_MS);
  timer.unref();
}
