import cluster from "node:cluster";
import crypto from "node:crypto";
import type { Request, RequestHandler, Response } from "express";
import onHeaders from "on-headers";
import {
  AggregatorRegistry,
  Counter,
  collectDefaultMetrics,
  Gauge,
  Histogram,
  Registry,
} from "prom-client";
import type { DatabaseHandle } from "../app/db/client.server";
import type { QueryStats } from "../app/db/query-stats.server";
import { type ReviewTimes, reviewTimes } from "../app/domain/screening/review-queue.server";
import type { QueueDepth } from "../app/jobs/job-queue.server";
import { mediaBytesWritten } from "../app/media/media-usage.server";
import type { Env } from "../app/utils/env.server";
import type { AppJobQueue } from "./jobs/queue";
import type { AppLogger } from "./logger";
import { isDirectLoopback } from "./loopback";
import { UNMATCHED } from "./route-pattern";

declare global {
  namespace Express {
    interface Locals {
      /** The request's SQL statement count (server/app.ts), read by the metrics when it ends. */
      queryStats?: QueryStats;
    }
  }
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** Seconds: a cached page takes a millisecond, a listing with photos posted over 3G several. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Statements per request: pages are budgeted at a handful (the query-budget tests). */
const SQL_BUCKETS = [0, 1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 64];
/** A worker asks its primary for the whole instance's metrics, and waits this long at most. */
const CLUSTER_SCRAPE_TIMEOUT_MS = 6000;

interface MetricsOptions {
  env: Pick<Env, "METRICS_TOKEN" | "NODE_ENV">;
  database: DatabaseHandle;
  /** The job queue, whose counts (in the database, the same from every process) are gauges. */
  jobs: Pick<AppJobQueue, "depth">;
  logger: AppLogger;
}

/**
 * What this process measures, in Prometheus's text format at GET /metrics (prom-client): requests
 * by route pattern, method and status class, SQL statements per request, the database pool, open
 * event streams, media bytes written, and Node's own process metrics. Every label has a bounded
 * set of values: a route is the pattern of the React Router route that answered
 * (`/listing/:id`), never the address asked for.
 */
export function createMetrics({ env, database, jobs, logger }: MetricsOptions) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Counter({
    name: "souqna_http_requests_total",
    help: "HTTP requests answered, by route pattern, method and status class",
    labelNames: ["route", "method", "status"] as const,
    registers,
  });
  const duration = new Histogram({
    name: "souqna_http_request_duration_seconds",
    help: "Time to answer an HTTP request (event streams excluded: they stay open for minutes)",
    labelNames: ["route", "method", "status"] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const sqlPerRequest = new Histogram({
    name: "souqna_http_request_sql_queries",
    help: "SQL statements run to answer one request (static files excluded)",
    labelNames: ["route", "method"] as const,
    buckets: SQL_BUCKETS,
    registers,
  });
  const streams = new Gauge({
    name: "souqna_event_streams_open",
    help: "Server-sent event streams (live messages) open on this process",
    registers,
  });
  new Counter({
    name: "souqna_media_written_bytes_total",
    help: "Bytes of photo files written to media storage by this process",
    registers,
    collect() {
      this.reset();
      this.inc(mediaBytesWritten());
    },
  });
  // PGlite is one connection in this process with no pool to watch: its figures are fixed at one
  // open connection of one, and idle/waiting are not reported.
  const pool = () => database.poolStats?.();
  new Gauge({
    name: "souqna_db_pool_open_connections",
    help: "Database connections open (in use or idle); 1 on the embedded database",
    registers,
    collect() {
      this.set(pool()?.total ?? 1);
    },
  });
  new Gauge({
    name: "souqna_db_pool_max_connections",
    help: "The most database connections the pool may open; 1 on the embedded database",
    registers,
    collect() {
      this.set(pool()?.max ?? 1);
    },
  });
  if (database.poolStats) {
    new Gauge({
      name: "souqna_db_pool_idle_connections",
      help: "Open database connections not in use",
      registers,
      collect() {
        this.set(pool()?.idle ?? 0);
      },
    });
    new Gauge({
      name: "souqna_db_pool_waiting_queries",
      help: "Queries waiting for a database connection (all are in use)",
      registers,
      collect() {
        this.set(pool()?.waiting ?? 0);
      },
    });
  }

  // One count of the queue per scrape, shared by its gauges. The counts are the database's, the
  // same whichever worker reads them, so a cluster's scrape keeps one worker's ("max"), not a sum.
  let depthRead: { at: number; depth: Promise<QueueDepth | undefined> } | undefined;
  const depth = () => {
    if (!depthRead || performance.now() - depthRead.at > 1000) {
      depthRead = {
        at: performance.now(),
        depth: jobs.depth().catch((error: unknown) => {
          logger.error({ err: error }, "metrics: the job queue cannot be read");
          return undefined;
        }),
      };
    }
    return depthRead.depth;
  };
  for (const [state, help] of [
    ["queued", "Jobs waiting to run (new, or waiting for a retry), by queue"],
    ["active", "Jobs running now on some process, by queue"],
    ["failed", "Jobs that failed for good (no retries left) in about the last 12 hours, by queue"],
  ] as const) {
    new Gauge({
      name: `souqna_jobs_${state}`,
      help,
      labelNames: ["queue"] as const,
      registers,
      aggregator: "max",
      async collect() {
        const counts = await depth();
        if (!counts) return;
        for (const [queue, byState] of Object.entries(counts.byQueue))
          this.set({ queue }, byState[state]);
      },
    });
  }
  new Gauge({
    name: "souqna_jobs_oldest_due_seconds",
    help: "Seconds the oldest job that is due has waited (0 when none): growing means no worker",
    registers,
    aggregator: "max",
    async collect() {
      const counts = await depth();
      if (counts) this.set(counts.oldestDueSeconds);
    },
  });

  // The review queue's clock (issue 30), read from the database once a second at most, like the
  // queue's depth: the same from every process, so a cluster keeps one worker's figure.
  let reviewRead: { at: number; times: Promise<ReviewTimes | undefined> } | undefined;
  const review = () => {
    if (!reviewRead || performance.now() - reviewRead.at > 1000) {
      reviewRead = {
        at: performance.now(),
        times: reviewTimes(database.db).catch((error: unknown) => {
          logger.error({ err: error }, "metrics: the review queue cannot be read");
          return undefined;
        }),
      };
    }
    return reviewRead.times;
  };
  new Gauge({
    name: "souqna_listing_review_seconds",
    help: "Time from posting to a moderator's decision on listings held before publishing, over the last 30 days, by quantile (0.5, 0.95)",
    labelNames: ["quantile"] as const,
    registers,
    aggregator: "max",
    async collect() {
      const times = await review();
      if (times?.median != null) this.set({ quantile: "0.5" }, times.median);
      if (times?.p95 != null) this.set({ quantile: "0.95" }, times.p95);
    },
  });
  new Gauge({
    name: "souqna_listings_waiting_review",
    help: "Listings held before publishing that wait for a moderator's decision",
    registers,
    aggregator: "max",
    async collect() {
      const times = await review();
      if (times) this.set(times.waiting);
    },
  });

  const routeOf = routeLabeller();

  const middleware: RequestHandler = (req, res, next) => {
    const started = process.hrtime.bigint();
    let stream = false;
    onHeaders(res, function (this: Response) {
      if (isEventStream(this)) {
        stream = true;
        streams.inc();
      }
    });
    res.once("close", () => {
      if (stream) streams.dec();
      const route = routeOf(req, res);
      const method = METHODS.has(req.method) ? req.method : "OTHER";
      // A visitor who left before any answer was sent: no status was given.
      const status = res.headersSent ? `${Math.floor(res.statusCode / 100)}xx` : "aborted";
      requests.inc({ route, method, status });
      if (!stream) {
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        duration.observe({ route, method, status }, seconds);
      }
      const queries = res.locals.queryStats?.count;
      if (queries !== undefined) sqlPerRequest.observe({ route, method }, queries);
    });
    next();
  };

  const endpoint: RequestHandler = async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("X-Content-Type-Options", "nosniff");
    const access = operatorAccess(req, env);
    if (access === "hidden") {
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    if (access === "unauthorized") {
      res.status(401).set("WWW-Authenticate", "Bearer").type("text/plain").send("Unauthorized");
      return;
    }
    try {
      const text = cluster.isWorker ? await scrapeInstance() : await registry.metrics();
      res.setHeader("Content-Type", registry.contentType);
      res.send(text);
    } catch (error) {
      logger.error({ err: error }, "metrics could not be collected");
      res.status(503).type("text/plain").send("Metrics are unavailable; try again");
    }
  };

  // A worker's own registry is what the primary's AggregatorRegistry asks it for.
  if (cluster.isWorker) {
    new AggregatorRegistry();
    AggregatorRegistry.setRegistries([registry]);
  }

  return { registry, middleware, endpoint };
}

/**
 * Who may read what is for the operator only (these metrics, the details of /healthz). With
 * METRICS_TOKEN set, whoever presents it, loopback included; others are refused. Without it, in
 * production nobody: a reverse proxy on the same machine connects over loopback too, and one that
 * adds no forwarding header makes every stranger look like this machine. In development, this
 * machine (loopback, without forwarding headers).
 */
export function operatorAccess(
  req: Request,
  env: Pick<Env, "METRICS_TOKEN" | "NODE_ENV">,
): "ok" | "hidden" | "unauthorized" {
  const token = env.METRICS_TOKEN;
  if (!token) return env.NODE_ENV !== "production" && isDirectLoopback(req) ? "ok" : "hidden";
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(req.get("authorization") ?? "")?.[1];
  if (!presented) return "unauthorized";
  // Digests have one length whatever was sent, so the comparison's time tells nothing about it.
  const digest = (value: string) => crypto.createHash("sha256").update(value).digest();
  return crypto.timingSafeEqual(digest(presented), digest(token)) ? "ok" : "unauthorized";
}

function isEventStream(res: Response) {
  return String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream");
}

/**
 * The route label of a finished request. Files served before the page middleware (photos under
 * /media, hashed assets, the favicon) never got a request id: they are `/media/*` or `static`.
 * Express's own routes (`/healthz`, the event stream) keep their path; everything else is the
 * React Router pattern, or `unmatched`.
 */
function routeLabeller() {
  return (req: Request, res: Response): string => {
    const pathname = (req.originalUrl.split("?")[0] ?? "/") || "/";
    if (pathname === "/metrics") return "/metrics";
    if (!res.locals.requestId) return pathname.startsWith("/media/") ? "/media/*" : "static";
    const expressRoute = req.route?.path;
    if (typeof expressRoute === "string" && !expressRoute.includes("*")) return expressRoute;
    // The route the server already read for this request (server/app.ts), not a second lookup.
    return res.locals.route?.pattern ?? UNMATCHED;
  };
}

const SCRAPE = "souqna:metrics-scrape";
const SCRAPED = "souqna:metrics-scraped";
interface ScrapeRequest {
  kind: typeof SCRAPE;
  id: number;
}
interface ScrapeReply {
  kind: typeof SCRAPED;
  id: number;
  text?: string;
  error?: string;
}

const pendingScrapes = new Map<number, (reply: ScrapeReply) => void>();
let nextScrape = 0;
let listeningForReplies = false;

/**
 * In a worker: the whole instance's metrics, summed over its workers by the primary. node:cluster
 * hands each connection to any worker, so a scraper could never choose whose figures it reads.
 */
function scrapeInstance(): Promise<string> {
  if (!listeningForReplies) {
    listeningForReplies = true;
    process.on("message", (message: ScrapeReply) => {
      if (message?.kind !== SCRAPED) return;
      pendingScrapes.get(message.id)?.(message);
    });
  }
  const id = nextScrape++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      pendingScrapes.delete(id);
      reject(new Error("the primary did not answer the metrics request"));
    }, CLUSTER_SCRAPE_TIMEOUT_MS);
    pendingScrapes.set(id, (reply) => {
      clearTimeout(timer);
      pendingScrapes.delete(id);
      if (reply.error !== undefined || reply.text === undefined) {
        reject(new Error(reply.error ?? "no metrics"));
      } else resolve(reply.text);
    });
    process.send?.({ kind: SCRAPE, id } satisfies ScrapeRequest);
  });
}

/**
 * In the primary of a cluster: answers a worker's scrape with every worker's metrics, aggregated
 * by prom-client (counters and histograms summed, gauges summed: connections and streams of the
 * whole instance).
 */
export function answerWorkerScrapes(logger: AppLogger) {
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, message: ScrapeRequest) => {
    if (message?.kind !== SCRAPE) return;
    const reply = (answer: Omit<ScrapeReply, "kind" | "id">) => {
      if (!worker.isConnected()) return;
      worker.send({ kind: SCRAPED, id: message.id, ...answer } satisfies ScrapeReply);
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (error: unknown) => {
        logger.warn({ err: error }, "metrics: a worker did not answer");
        reply({ error: error instanceof Error ? error.message : String(error) });
      },
    );
  });
}
