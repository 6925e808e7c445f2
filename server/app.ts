import crypto from "node:crypto";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import helmet from "helmet";
import type { AppLoadContext, ServerBuild } from "react-router";
import type { AppContext } from "../app/context";
import type { DatabaseHandle } from "../app/db/client.server";
import { queryStatsStorage } from "../app/db/query-stats.server";
import type { MessageHub } from "../app/domain/messaging/message-hub.server";
import { languageCookieName } from "../app/i18n/config";
import { serverT } from "../app/i18n/i18n.server";
import { negotiateLanguage, readCookie } from "../app/i18n/negotiate";
import type { Env } from "../app/utils/env.server";
import type { AppLogger } from "./logger";
import { messageStream } from "./message-stream";
import { sameOriginOnly } from "./same-origin";

export interface AppOptions {
  env: Env;
  database: DatabaseHandle;
  auth: AppContext["auth"];
  mailer: AppContext["mailer"];
  /** Live messages (message-hub.server.ts): in-process on PGlite, LISTEN/NOTIFY on PostgreSQL. */
  messaging: MessageHub;
  logger: AppLogger;
  /** The React Router build, or a loader for it (development re-imports it on every request). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Express middleware that serves the client assets (static files, or Vite in development). */
  assets: express.RequestHandler;
  dev?: boolean;
}

declare global {
  namespace Express {
    interface Locals {
      requestId: string;
      cspNonce: string;
      lang: AppContext["lang"];
    }
  }
}

const ONE_YEAR = 365 * 24 * 60 * 60;

export function createApp({
  env,
  database,
  auth,
  mailer,
  messaging,
  logger,
  build,
  assets,
  dev,
}: AppOptions) {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);

  app.use((req, res, next) => {
    const incoming = req.get("x-request-id");
    res.locals.requestId =
      incoming && /^[\w-]{1,64}$/.test(incoming) ? incoming : crypto.randomUUID();
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    res.setHeader("X-Request-Id", res.locals.requestId);
    const started = process.hrtime.bigint();
    const stats = { count: 0 };
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const entry = {
        reqId: res.locals.requestId,
        method: req.method,
        url: req.originalUrl,
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
        queries: stats.count,
      };
      if (res.statusCode >= 500) logger.error(entry, "request failed");
      else if (!req.path.startsWith("/assets/")) logger.info(entry, "request");
    });
    // Measured, not guessed: the SQL statements and server time of each response, for benchmarks
    // and browser dev tools (Server-Timing), set just before the headers leave.
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: Parameters<typeof writeHead>) {
      if (!this.headersSent) {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        this.setHeader(
          "Server-Timing",
          `db;desc="sql queries";dur=${stats.count}, app;dur=${ms.toFixed(1)}`,
        );
      }
      return writeHead.apply(this, args);
    } as typeof writeHead;
    queryStatsStorage.run(stats, () => next());
  });

  app.use(
    helmet({
      contentSecurityPolicy: dev
        ? false
        : {
            directives: {
              "default-src": ["'self'"],
              "script-src": [
                "'self'",
                (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`,
              ],
              "style-src": ["'self'", "'unsafe-inline'"],
              "img-src": ["'self'", "data:", "blob:"],
              "connect-src": ["'self'"],
              "form-action": ["'self'", "mailto:"],
              "frame-ancestors": ["'none'"],
              "upgrade-insecure-requests": env.PUBLIC_URL.startsWith("https:") ? [] : null,
            },
          },
      // A page served over plain http (the quick start) must not pin itself to https.
      strictTransportSecurity: env.PUBLIC_URL.startsWith("https:"),
      crossOriginEmbedderPolicy: false,
      // Not helmet's "no-referrer": with it Chromium sends `Origin: null` on a plain form POST,
      // and the CSRF check could not tell our own forms (without JavaScript) from a foreign page.
      // "same-origin" still sends nothing to other sites.
      referrerPolicy: { policy: "same-origin" },
    }),
  );
  app.use(
    compression({
      // An event stream must reach the browser event by event, not when a zlib buffer fills.
      filter: (req, res) =>
        !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") &&
        compression.filter(req, res),
    }),
  );

  app.get("/healthz", async (_req, res) => {
    try {
      const latencyMs = await database.ping();
      res.json({
        status: "ok",
        database: {
          kind: database.kind,
          status: "up",
          latencyMs: Math.round(latencyMs * 100) / 100,
        },
      });
    } catch (error) {
      logger.error({ err: error }, "health check failed");
      res.status(503).json({ status: "error", database: { kind: database.kind, status: "down" } });
    }
  });

  app.use(
    "/media",
    express.static(path.join(env.DATA_DIR, "media"), {
      immutable: true,
      maxAge: ONE_YEAR * 1000,
      index: false,
      dotfiles: "deny",
      fallthrough: false,
    }),
  );

  app.use(assets);

  app.use((req, res, next) => {
    const { lang, explicit } = negotiateLanguage({
      query: typeof req.query.lang === "string" ? req.query.lang : undefined,
      cookie: readCookie(req.get("cookie"), languageCookieName),
      acceptLanguage: req.get("accept-language"),
    });
    res.locals.lang = lang;
    if (explicit) {
      res.cookie(languageCookieName, lang, {
        path: "/",
        maxAge: ONE_YEAR * 1000,
        sameSite: "lax",
        secure: env.PUBLIC_URL.startsWith("https:"),
      });
    }
    res.vary("Cookie");
    res.vary("Accept-Language");
    next();
  });

  app.use(sameOriginOnly(env.PUBLIC_URL));
  // Forms and uploads are read whole before they are checked; a body of unknown length could be
  // endless. Browsers always send Content-Length for forms and XMLHttpRequest uploads.
  app.use((req, res, next) => {
    if (req.headers["transfer-encoding"] && !req.headers["content-length"]) {
      res
        .status(411)
        .type("text/plain")
        .send(serverT(res.locals.lang ?? "en")("error.lengthRequired"));
      return;
    }
    next();
  });

  app.get("/api/messages/stream", messageStream({ db: database.db, auth, hub: messaging, logger }));

  app.all(
    "/{*splat}",
    createRequestHandler({
      build,
      mode: dev ? "development" : "production",
      getLoadContext: (req, res): AppLoadContext => ({
        db: database.db,
        auth,
        mailer,
        env,
        lang: res.locals.lang,
        requestId: res.locals.requestId,
        clientIp: req.ip ?? req.socket.remoteAddress ?? "",
        cspNonce: res.locals.cspNonce,
        messaging,
      }),
    }),
  );

  app.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    const status = (error as { status?: number }).status ?? 500;
    // Client mistakes reported by middleware (a missing media file, a malformed path) are not ours.
    if (status >= 400 && status < 500) {
      res
        .status(status)
        .type("text/plain")
        .send(status === 404 ? "Not found" : "Bad request");
      return;
    }
    logger.error({ err: error, reqId: res.locals.requestId }, "unhandled error");
    if (res.headersSent) return next(error);
    res.status(500).type("text/plain").send("Something went wrong. Please try again.");
  });

  return app;
}

export function staticAssets(clientDir: string): express.RequestHandler {
  const router = express.Router();
  // File names under /assets carry a content hash, so they never change.
  router.use(
    "/assets",
    express.static(path.join(clientDir, "assets"), {
      immutable: true,
      maxAge: ONE_YEAR * 1000,
      index: false,
    }),
  );
  router.use(express.static(clientDir, { maxAge: 60 * 60 * 1000, index: false }));
  return router;
}
