import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import helmet from "helmet";
import { isbot } from "isbot";
import onHeaders from "on-headers";
import type { AppLoadContext, ServerBuild } from "react-router";
import type { AppContext } from "../app/context";
import type { DatabaseHandle } from "../app/db/client.server";
import { queryStatsStorage } from "../app/db/query-stats.server";
import { getMember, hasSessionCookie } from "../app/domain/accounts/session.server";
import { recordView, viewerKeyOf } from "../app/domain/listings/record-view.server";
import type { MessageHub } from "../app/domain/messaging/message-hub.server";
import { languageCookieName, supportedLanguages } from "../app/i18n/config";
import { negotiateLanguage, readCookie } from "../app/i18n/negotiate";
import type { Mailer } from "../app/mail/mailer.server";
import { createMediaStorage } from "../app/media/media-storage.server";
import type { MediaDriver } from "../app/media/storage.server";
import type { SmsSender } from "../app/sms/sms-sender";
import { wantsDataSaver } from "../app/utils/data-saver";
import type { Env } from "../app/utils/env.server";
import { createFlash } from "../app/utils/flash.server";
import { resolveSessionSecret } from "../app/utils/session-secret.server";
import { createLinkSigner } from "../app/utils/signed-link.server";
import { checkHealth, databaseAnswers } from "./health";
import { type AppJobQueue, jobSender } from "./jobs/queue";
import type { AppLogger } from "./logger";
import { isDirectLoopback } from "./loopback";
import { mediaFiles, staticHeaders } from "./media";
import { messageStream } from "./message-stream";
import { createMetrics, operatorAccess } from "./metrics";
import { offlinePage } from "./offline-page";
import { createPageCache } from "./page-cache";
import { requestLimits } from "./request-limits";
import { createRouteResolver } from "./route-pattern";
import { sameOriginOnly } from "./same-origin";

export interface AppOptions {
  env: Env;
  database: DatabaseHandle;
  auth: AppContext["auth"];
  /**
   * The job queue: routes get its send-only face (context.jobs); /healthz and /metrics its depth.
   * Whether this process also works jobs is decided in server/index.ts.
   */
  jobs: Pick<AppJobQueue, "send" | "sendMany" | "depth">;
  /** The mailer of this process when it works the mail jobs: /healthz reports how it fares. */
  mailer?: Mailer;
  /** The SMS sender of this process when it works the SMS jobs: /healthz reports it too. */
  sms?: SmsSender;
  /** Live messages (message-hub.server.ts): in-process on PGlite, LISTEN/NOTIFY on PostgreSQL. */
  messaging: MessageHub;
  logger: AppLogger;
  /** The React Router build, or a loader for it (development re-imports it on every request). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Express middleware that serves the client assets (static files, or Vite in development). */
  assets: express.RequestHandler;
  dev?: boolean;
  /** Where photos live; by default the driver MEDIA_STORAGE names (local disk or a bucket). */
  storage?: MediaDriver;
}

declare global {
  namespace Express {
    interface Locals {
      requestId: string;
      cspNonce: string;
      lang: AppContext["lang"];
      dataSaver: boolean;
    }
  }
}

const ONE_YEAR = 365 * 24 * 60 * 60;
/** A listing's page or its data (client navigation); the id is checked by recordView. */
const REQUEST_ID = /^[\w-]{8,64}$/;
/** Query parameters that carry secrets (reset and confirmation links) never reach the logs. */
const SECRET_PARAMS = /^(token|code|key|secret|signature|sig|password|otp|callbackurl)$/i;
export function redactUrl(url: string) {
  const q = url.indexOf("?");
  if (q === -1) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const [name, value] of params) {
    // Any long opaque value is treated as a secret too, whatever its name.
    if (SECRET_PARAMS.test(name) || /^[\w.~+/=-]{24,}$/.test(value)) params.set(name, "[redacted]");
  }
  return `${url.slice(0, q)}?${params.toString()}`;
}

/** Pages that belong to one member, or carry a secret in their address. */
/**
 * A page made for one member, or carrying a secret in its address: its route says so
 * (`handle.personal`, app/utils/route-handle.ts), or the request carries a session.
 */
function isPersonal(req: Request, res: Response) {
  if (req.path.startsWith("/assets/") || req.path.startsWith("/media/")) return false;
  return res.locals.route.handle.personal === true || hasSessionCookie(req.headers.cookie);
}

/** Under https every cookie we set is Secure, whoever wrote it (flash, language, session). */
function secureCookies(res: Response) {
  const cookies = res.getHeader("Set-Cookie");
  if (!cookies) return;
  const list = Array.isArray(cookies) ? cookies : [String(cookies)];
  res.setHeader(
    "Set-Cookie",
    list.map((cookie) => (/;\s*secure(;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`)),
  );
}

export function createApp({
  env,
  database,
  auth,
  jobs,
  mailer,
  sms,
  messaging,
  logger,
  build,
  assets,
  dev,
  storage = createMediaStorage(env),
}: AppOptions) {
  const app = express();
  app.disable("x-powered-by");
  // Exactly the configured proxies (hops or addresses) may name the client: Express then reads
  // X-Forwarded-For from the right, so a client-written left-most entry is never believed.
  app.set("trust proxy", env.TRUST_PROXY);
  const production = env.NODE_ENV === "production";
  const secret = resolveSessionSecret(env);
  const links = createLinkSigner(secret);
  const flash = createFlash(secret);
  const sender = jobSender(jobs);
  const https = env.PUBLIC_URL.startsWith("https:");

  // First: every request is measured, files too; scrapes are not logged (server/metrics.ts).
  const metrics = createMetrics({ env, database, jobs, logger });
  app.use(metrics.middleware);
  app.get("/metrics", metrics.endpoint);

  app.use(
    compression({
      // An event stream must reach the browser event by event, not when a zlib buffer fills.
      filter: (req, res) =>
        !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") &&
        compression.filter(req, res),
    }),
  );
  // Files (hashed assets, photos) come first: they need their caching headers and nosniff, not
  // the page's request id, log line, CSP and the rest of its headers (about 1 KB on every file).
  app.use("/media", mediaFiles(storage, { dataDir: env.DATA_DIR, logger }));
  if (!dev) app.use(assets);

  // Which route answers, and what it declares about itself, before any middleware below decides
  // something about the request (personal, body limit, page cache, view count).
  const routeOf = createRouteResolver(build);
  app.use(async (req, res, next) => {
    res.locals.route = (await routeOf())(req.path);
    next();
  });

  app.use((req, res, next) => {
    // A request id from outside is kept only when a trusted proxy (which made it) sent the request.
    const incoming = req.get("x-request-id");
    const viaTrustedProxy = env.TRUST_PROXY !== false && req.ip !== req.socket.remoteAddress;
    res.locals.requestId =
      viaTrustedProxy && incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    res.setHeader("X-Request-Id", res.locals.requestId);
    const started = process.hrtime.bigint();
    const stats = { count: 0 };
    res.locals.queryStats = stats;
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const entry = {
        reqId: res.locals.requestId,
        method: req.method,
        url: redactUrl(req.originalUrl),
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
        queries: stats.count,
      };
      if (res.statusCode >= 500) logger.error(entry, "request failed");
      else if (!req.path.startsWith("/assets/")) logger.info(entry, "request");
    });
    // Measured, not guessed: the SQL statements and server time of each response, for benchmarks
    // and browser dev tools (Server-Timing). In production only this machine sees them: a query
    // count that differs for known and unknown e-mail addresses would tell strangers which exist.
    const timing = !production || isDirectLoopback(req);
    const personal = isPersonal(req, res);
    onHeaders(res, function (this: Response) {
      if (timing) {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        this.setHeader(
          "Server-Timing",
          `db;desc="sql queries";dur=${stats.count}, app;dur=${ms.toFixed(1)}`,
        );
      }
      // A page made for one member (or carrying a secret in its address) is never stored by
      // a shared cache or the browser's back-forward cache of a shared phone.
      if (personal && !String(this.getHeader("Cache-Control") ?? "").includes("no-store")) {
        this.setHeader("Cache-Control", "private, no-store");
      }
      if (https) secureCookies(this);
    });
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
              "img-src": [
                "'self'",
                "data:",
                "blob:",
                // Photos served by a CDN or the bucket itself (MEDIA_PUBLIC_URL).
                ...(env.MEDIA_PUBLIC_URL ? [new URL(env.MEDIA_PUBLIC_URL).origin] : []),
              ],
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

  // Load balancers get ok/fail, which the database alone decides (one ping: the full report
  // reads the queue and the disk, which strangers must not be able to make us do at will); the
  // operator (METRICS_TOKEN, server/metrics.ts) gets why.
  app.get("/healthz", async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (operatorAccess(req, env) !== "ok") {
      const ok = await databaseAnswers(database, logger);
      res.status(ok ? 200 : 503).json({ status: ok ? "ok" : "fail" });
      return;
    }
    const report = await checkHealth({
      env,
      database,
      messaging,
      jobs,
      mailer,
      sms,
      storage,
      logger,
    });
    res
      .status(report.ok ? 200 : 503)
      .json({ status: report.ok ? "ok" : "fail", ...report.details });
  });

  if (dev) app.use(assets);

  // The offline screen the service worker keeps (decision 024). Before the language is chosen:
  // its `?lang=` names the copy, and must not become the visitor's language (a cookie) when the
  // worker fetches both copies.
  app.get("/offline", offlinePage);

  app.use((req, res, next) => {
    const { lang, explicit } = negotiateLanguage({
      query: typeof req.query.lang === "string" ? req.query.lang : undefined,
      cookie: readCookie(req.get("cookie"), languageCookieName),
      // Only a header of a sane length is parsed (a 100 KB one is a scraper's, not a browser's).
      accepted:
        (req.get("accept-language")?.length ?? 0) <= 1000 &&
        req.acceptsLanguages(...supportedLanguages),
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
    // Data saver: smaller pictures and fewer of them (app/utils/data-saver.ts).
    res.locals.dataSaver = wantsDataSaver(req.get("save-data"), req.get("cookie"));
    res.vary("Save-Data");
    next();
  });

  app.use(sameOriginOnly(env.PUBLIC_URL));
  app.use(requestLimits());
  app.use(
    createPageCache({
      ttlMs: dev ? 0 : env.PAGE_CACHE_SECONDS * 1000,
      showState: env.PAGE_CACHE_HEADER ?? !production,
      // A visitor served from the cache has still viewed the listing.
      onServe: async (req) => {
        const route = req.res?.locals.route;
        const listingId = route?.handle.listingPage ? route.params.id : undefined;
        if (!listingId) return;
        const userAgent = req.get("user-agent") ?? null;
        await recordView({
          db: database.db,
          listingId,
          viewerKey: viewerKeyOf({
            ip: req.ip ?? req.socket.remoteAddress ?? "",
            userAgent,
            acceptLanguage: req.get("accept-language") ?? null,
          }),
          isOwner: false,
          isBot: isbot(userAgent ?? ""),
        }).catch((error: unknown) =>
          logger.error({ err: error, reqId: req.res?.locals.requestId }, "counting a view failed"),
        );
      },
      // Only a real session's writes empty the cache: a cookie with the session's name is not one.
      isMember: async (req) => {
        const cookie = req.headers.cookie ?? "";
        if (!hasSessionCookie(cookie)) return false;
        const request = new Request("http://localhost/", { headers: { cookie } });
        return (await getMember({ auth, db: database.db, request })) !== null;
      },
    }).middleware,
  );

  app.get("/api/messages/stream", messageStream({ db: database.db, auth, hub: messaging, logger }));

  // A request that failed because the database or the disk is away is told to come back soon: 503
  // with Retry-After (load balancers and browsers' retries understand it), not a 500.
  app.use((_req, res, next) => {
    const outage = { unavailable: false };
    res.locals.outage = outage;
    onHeaders(res, function (this: Response) {
      if (this.statusCode === 500 && outage.unavailable) {
        this.statusCode = 503;
        this.statusMessage = "Service Unavailable";
        this.setHeader("Retry-After", "10");
      }
    });
    next();
  });

  app.all(
    "/{*splat}",
    createRequestHandler({
      build,
      mode: dev ? "development" : "production",
      getLoadContext: (req, res): AppLoadContext => ({
        db: database.db,
        auth,
        jobs: sender,
        env,
        lang: res.locals.lang,
        dataSaver: res.locals.dataSaver,
        requestId: res.locals.requestId,
        clientIp: req.ip ?? req.socket.remoteAddress ?? "",
        cspNonce: res.locals.cspNonce,
        messaging,
        storage,
        links,
        flash,
        logger: logger.child({ reqId: res.locals.requestId }),
        outage: res.locals.outage,
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
      setHeaders: staticHeaders,
    }),
  );
  // The other files (favicon, app icons) are few and fixed per build: a page's address is looked
  // up in their list instead of asking the disk (a stat) on every page request.
  const files = new Set(listFiles(clientDir, "/").filter((file) => !file.startsWith("/assets/")));
  const serveFile = express.static(clientDir, {
    maxAge: 60 * 60 * 1000,
    index: false,
    setHeaders: (res, file) => {
      staticHeaders(res);
      // The service worker (decision 021): its scope is the site; revalidated on every check,
      // so a fixed worker reaches browsers at once rather than an hour later.
      if (path.basename(file) === "sw.js") res.setHeader("Cache-Control", "no-cache");
    },
  });
  router.use((req, res, next) => (files.has(req.path) ? serveFile(req, res, next) : next()));
  return router;
}

/** Every file under `dir`, as URL paths ("/favicon.svg"); none when the folder is missing. */
function listFiles(dir: string, prefix: string): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) =>
    entry.isDirectory()
      ? listFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`)
      : [`${prefix}${entry.name}`],
  );
}
