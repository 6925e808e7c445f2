import type { Request, RequestHandler, Response } from "express";
import type { Database } from "../app/db/client.server";
import type { Auth } from "../app/domain/accounts/auth.server";
import { getMember } from "../app/domain/accounts/session.server";
import { countUnread } from "../app/domain/messaging/count-unread.server";
import { getLiveMessage } from "../app/domain/messaging/get-live-message.server";
import type { HubSignal, MessageHub } from "../app/domain/messaging/message-hub.server";
import { serverT } from "../app/i18n/i18n.server";
import type { LiveData } from "../app/views/messaging/message-types";
import { toMessageView, unreadView } from "../app/views/messaging/message-view.server";
import type { AppLogger } from "./logger";

/** How long the browser waits before reconnecting on its own (it also backs off, see live-client). */
const RETRY_MS = 3000;
/**
 * A comment line this often keeps proxies from closing an idle stream and finds dead ones; each
 * beat also checks the session again, so an expired one ends the stream within this time.
 */
const HEARTBEAT_MS = 20_000;
/** Streams end after this long (± a minute) and reconnect: the session is checked again. */
const MAX_STREAM_MS = 10 * 60_000;
/** Open streams per member on one instance (tabs and devices); more are refused with 429. */
const MAX_STREAMS_PER_MEMBER = 12;

/**
 * GET /api/messages/stream: server-sent events for the signed-in member — new messages in their
 * conversations, read marks and their unread count. Events carry ids through the hub; each stream
 * reads the rows with its own member's permission, so a member only ever receives their own.
 */
export function messageStream({
  db,
  auth,
  hub,
  logger,
}: {
  db: Database;
  auth: Auth;
  hub: MessageHub;
  logger: AppLogger;
}): RequestHandler {
  const openStreams = new Map<string, number>();
  return async (req, res, next) => {
    try {
      await serve(req, res);
    } catch (error) {
      if (res.headersSent) {
        logger.error({ err: error, reqId: res.locals.requestId }, "message stream failed");
        res.end();
      } else next(error);
    }
  };

  async function serve(req: Request, res: Response) {
    const lang = res.locals.lang ?? "en";
    const member = await getMember({ auth, db, request: toFetchRequest(req) });
    if (!member) {
      res
        .status(401)
        .type("text/plain")
        .set("Cache-Control", "no-store")
        .send(serverT(lang)("errors.AUTH_REQUIRED"));
      return;
    }
    const memberId = member.id;
    const already = openStreams.get(memberId) ?? 0;
    if (already >= MAX_STREAMS_PER_MEMBER) {
      res
        .status(429)
        .set({ "Retry-After": "30", "Cache-Control": "no-store" })
        .type("text/plain")
        .send(serverT(lang)("errors.RATE_LIMITED", { count: 1, formatted: "1" }));
      return;
    }
    openStreams.set(memberId, already + 1);
    res.status(200);
    res.set({
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store, no-transform",
      Connection: "keep-alive",
      // Tells nginx and similar proxies not to buffer the stream.
      "X-Accel-Buffering": "no",
    });
    res.flushHeaders();
    req.socket.setNoDelay(true);
    req.socket.setTimeout(0);

    let open = true;
    const write = (chunk: string) => {
      if (open) res.write(chunk);
    };
    const send = (data: LiveData) => {
      const { type, ...rest } = data;
      write(`event: ${type}\ndata: ${JSON.stringify(rest)}\n\n`);
    };
    write(`retry: ${RETRY_MS}\n\n`);

    // Events are handled one after another, so they reach the browser in the order they happened.
    let queue = Promise.resolve();
    const handle = async (signal: HubSignal) => {
      if (!open) return;
      switch (signal.kind) {
        case "message": {
          const message = await getLiveMessage({ db, member, messageId: signal.messageId });
          if (!message) return;
          send({
            type: "message",
            conversationId: message.conversationId,
            message: toMessageView(lang, member.id, message),
          });
          send({ type: "unread", unread: unreadView(lang, message.unread) });
          return;
        }
        case "read": {
          const byMe = signal.readerId === member.id;
          send({ type: "read", conversationId: signal.conversationId, byMe });
          if (byMe) {
            send({ type: "unread", unread: unreadView(lang, await countUnread({ db, member })) });
          }
          return;
        }
        case "resync":
          write("event: resync\ndata: {}\n\n");
          return;
        case "shutdown":
          close(true);
          return;
        case "revoked":
          await closeIfSignedOut();
          return;
      }
    };
    // Ended sessions end their streams: the browser's reconnect then gets a 401 and stops.
    const sessionCookies = toFetchRequest(req);
    async function closeIfSignedOut() {
      const still = await getMember({ auth, db, request: new Request(sessionCookies) });
      if (still && still.id === memberId) return;
      write("event: signed-out\ndata: {}\n\n");
      close(false);
    }
    const stop = hub.subscribe(member.id, (signal) => {
      queue = queue
        .then(() => handle(signal))
        .catch((error: unknown) => {
          logger.warn(
            { err: error, reqId: res.locals.requestId },
            "a live message could not be sent",
          );
        });
    });

    const heartbeat = setInterval(() => {
      write(": ping\n\n");
      queue = queue.then(closeIfSignedOut).catch((error: unknown) => {
        logger.warn(
          { err: error, reqId: res.locals.requestId },
          "a stream's session could not be checked",
        );
      });
    }, HEARTBEAT_MS);
    const lifetime = setTimeout(() => close(true), MAX_STREAM_MS + Math.random() * 60_000);
    function close(sayBye: boolean) {
      if (!open) return;
      if (sayBye) write("event: bye\ndata: {}\n\n");
      open = false;
      const left = (openStreams.get(memberId) ?? 1) - 1;
      if (left > 0) openStreams.set(memberId, left);
      else openStreams.delete(memberId);
      stop();
      clearInterval(heartbeat);
      clearTimeout(lifetime);
      res.end();
    }
    req.on("close", () => close(false));
    res.on("error", () => close(false));

    // The figure the badge starts from (the page's own may be a few seconds old).
    send({ type: "unread", unread: unreadView(lang, await countUnread({ db, member })) });
  }
}

/** What getMember needs of a request: its cookies. */
function toFetchRequest(req: Request) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  return new Request(`http://localhost${req.originalUrl}`, { headers });
}
