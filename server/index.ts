import cluster from "node:cluster";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import { type DatabaseHandle, openDatabase, openPostgres } from "../app/db/client.server";
import { runMigrations } from "../app/db/migrate.server";
import { syncReferenceData } from "../app/db/reference-data/sync.server";
import { seedDemoIfEmpty } from "../app/db/seed/seed-demo.server";
import { createAuth } from "../app/domain/accounts/auth.server";
import { startMaintenance } from "../app/domain/maintenance/maintenance.server";
import {
  createLocalHub,
  createPostgresHub,
  type MessageHub,
} from "../app/domain/messaging/message-hub.server";
import { startRateUpdates } from "../app/domain/money/rate-updater.server";
import { rekeySavedSearches } from "../app/domain/saved-searches/rekey-saved-searches.server";
import { reindexSearch } from "../app/domain/search/reindex.server";
import { flushImpressions } from "../app/domain/statistics/count-stats.server";
import type { JobSender } from "../app/jobs/job-types";
import type { Mailer } from "../app/mail/mailer.server";
import { createMediaStorage } from "../app/media/media-storage.server";
import type { SmsSender } from "../app/sms/sms-sender";
import { type Env, readEnv, resolveWorkers } from "../app/utils/env.server";
import { resolveSessionSecret } from "../app/utils/session-secret.server";
import { createLinkSigner } from "../app/utils/signed-link.server";
import { createApp, staticAssets } from "./app";
import { isExpectedStartupError } from "./cli/cli-database";
import { acquireDataDirLock, prepareDataDir, StartupError } from "./data-dir";
import { createHttpServer } from "./http-server";
import { createAppJobQueue, startAppJobs } from "./jobs/app-jobs";
import { type AppJobQueue, jobSender } from "./jobs/queue";
import { type AppLogger, createLogger } from "./logger";
import { answerWorkerScrapes } from "./metrics";

const SHUTDOWN_GRACE_MS = 4000;
/** The primary waits a little longer than its workers' own grace before it kills them. */
const PRIMARY_GRACE_MS = SHUTDOWN_GRACE_MS + 500;
/**
 * How long stopping waits for running jobs (a mail: the SMTP timeouts are 10 s). A job still
 * running then is failed and retried (docs/decisions/019-job-queue.md), within the grace above.
 */
const JOBS_STOP_MS = 2500;
/** A worker that dies after start-up is replaced, after this pause (no tight crash loop). */
const RESPAWN_DELAY_MS = 1000;

type Role = "single" | "worker";
/** What a worker tells the primary (process.send) once it accepts connections. */
interface ListeningMessage {
  kind: "souqna:listening";
  port: number;
}

async function main() {
  const dev = process.argv.includes("--dev");
  if (!dev && import.meta.url.endsWith(".ts")) {
    // Only the bundle can serve the built app (the server build's modules are its own).
    throw new StartupError("this is the server's source: run `npm start`, or `npm run dev`");
  }
  const env = readEnv();
  if (cluster.isWorker) {
    const logger = createLogger(env.LOG_LEVEL, { worker: cluster.worker?.id });
    return serve({ env, logger, dev, role: "worker" });
  }
  const logger = createLogger(env.LOG_LEVEL);
  const { workers, ignored } = dev ? { workers: 1 } : resolveWorkers(env);
  if (ignored) {
    logger.warn(
      { WEB_CONCURRENCY: ignored },
      "WEB_CONCURRENCY ignored: the embedded database belongs to one process (set DATABASE_URL for workers)",
    );
  }
  if (workers > 1) return runPrimary({ env, logger, workers });
  return serve({ env, logger, dev, role: "single" });
}

/**
 * What happens once per deployment, before any request: migrations (instances take turns on an
 * advisory lock), reference data, the search text, the saved searches' keys, the demo listings. With workers, the primary
 * does it before it forks them.
 */
async function prepareDeployment(database: DatabaseHandle, env: Env, logger: AppLogger) {
  await runMigrations(database);
  await syncReferenceData(database.db);
  const reindexed = await reindexSearch(database);
  if (reindexed > 0) logger.info({ listings: reindexed }, "rewrote the search text of listings");
  const rekeyed = await rekeySavedSearches(database);
  if (rekeyed > 0) logger.info({ savedSearches: rekeyed }, "filed saved searches for matching");
  if (env.SEED_DEMO) {
    const seeded = await seedDemoIfEmpty({ db: database.db, dataDir: env.DATA_DIR, logger });
    if (seeded > 0) logger.info({ listings: seeded }, "added demo listings to the empty database");
  }
}

/** Hourly housekeeping and exchange rates: one process per instance runs them, never each worker. */
function startHousekeeping(database: DatabaseHandle, env: Env, logger: AppLogger, jobs: JobSender) {
  // Only with EXCHANGE_RATE_URL set; runs in the background, never delays start-up.
  const rates = startRateUpdates({ db: database.db, env, logger });
  const maintenance = startMaintenance({
    db: database.db,
    dataDir: env.DATA_DIR,
    storage: createMediaStorage(env),
    logger,
    // Listings' expiry reminders: mail with a link signed with the session secret's derived key.
    expiry: {
      jobs,
      signer: createLinkSigner(resolveSessionSecret(env)),
      publicUrl: env.PUBLIC_URL,
    },
  });
  return () => {
    rates.stop();
    maintenance.stop();
  };
}

/**
 * The primary of a PostgreSQL instance with several workers (WEB_CONCURRENCY): it prepares the
 * database, runs the housekeeping and the jobs (unless JOBS=off), forks the workers (each with its
 * own pool and LISTEN connection; they share the port through node:cluster; they only send jobs)
 * and replaces one that dies. It serves no request itself. SIGTERM/SIGINT are passed on to the
 * workers, which finish what they serve, while the primary's running jobs finish.
 */
async function runPrimary({
  env,
  logger,
  workers,
}: {
  env: Env;
  logger: AppLogger;
  workers: number;
}) {
  const started = performance.now();
  const databaseUrl = env.DATABASE_URL as string;
  prepareDataDir(env.DATA_DIR);
  // Generated once here (without SESSION_SECRET) rather than raced for by the workers.
  resolveSessionSecret(env);
  // Housekeeping, the scrapes' answers and two mail jobs at a time.
  const database = await openPostgres(databaseUrl, 4);

  let closing = false;
  let announced = false;
  let stopHousekeeping = () => {};
  let jobs: AppJobQueue | undefined;
  const listening = new Set<number>();
  const live = () => Object.values(cluster.workers ?? {}).filter((w) => w && !w.isDead());
  let allExited: () => void = () => {};

  const shutdown = async (signal: string, code = 0) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      logger.error("shutdown took too long; exiting");
      for (const worker of live()) worker?.process.kill("SIGKILL");
      process.exit(1);
    }, PRIMARY_GRACE_MS);
    force.unref();
    await Promise.all([
      new Promise<void>((resolve) => {
        allExited = resolve;
        const running = live();
        if (running.length === 0) return resolve();
        for (const worker of running) worker?.process.kill("SIGTERM");
      }),
      // Running jobs finish (or are failed, hence retried) while the workers finish their requests.
      jobs
        ?.stop({ timeoutMs: JOBS_STOP_MS })
        .catch((error) => logger.error({ err: error }, "stopping the job queue failed")),
    ]);
    stopHousekeeping();
    await database
      .close()
      .catch((error) => logger.error({ err: error }, "closing the database failed"));
    logger.info("stopped");
    process.exit(code);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  try {
    await prepareDeployment(database, env, logger);
    // Made here, before the workers fork, so their sends find the queues (even with JOBS=off).
    jobs = (await startAppJobs({ database, env, logger, work: env.JOBS === "on" })).queue;
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
  if (closing) return;
  stopHousekeeping = startHousekeeping(database, env, logger, jobSender(jobs));
  // A scrape reaches any one worker; it answers with all of theirs, gathered here.
  answerWorkerScrapes(logger);
  logger.info({ mail: describeMail(env) }, "outgoing mail");
  logger.info({ sms: describeSms(env) }, "outgoing text messages");

  const fork = () => {
    const worker = cluster.fork();
    worker.on("message", (message: ListeningMessage) => {
      if (message?.kind !== "souqna:listening") return;
      listening.add(worker.id);
      if (announced || listening.size < workers) return;
      announced = true;
      logger.info(
        {
          port: message.port,
          database: "postgres",
          workers,
          startupMs: Math.round(performance.now() - started),
        },
        `Souqna is running at http://localhost:${message.port}`,
      );
      sayWhoSeesDetails(env, logger);
    });
  };
  cluster.on("exit", (worker, code, signal) => {
    const served = listening.delete(worker.id);
    if (closing) {
      if (live().length === 0) allExited();
      return;
    }
    if (!announced && !served) {
      // A worker that cannot start (port taken, database refused) will not do better on a retry.
      logger.error({ worker: worker.id, code, signal }, "a worker failed to start; stopping");
      void shutdown("worker failed", code || 1);
      return;
    }
    logger.error({ worker: worker.id, code, signal }, "a worker stopped; starting another");
    setTimeout(() => {
      if (!closing) fork();
    }, RESPAWN_DELAY_MS).unref();
  });
  for (let i = 0; i < workers; i++) fork();
}

/**
 * One process that serves requests: the only one on PGlite (and on PostgreSQL with
 * WEB_CONCURRENCY=1), which also prepares the database and runs the housekeeping; or a worker of
 * runPrimary, which only opens its own pool and LISTEN connection and serves.
 */
async function serve({
  env,
  logger,
  dev,
  role,
}: {
  env: Env;
  logger: AppLogger;
  dev: boolean;
  role: Role;
}) {
  const started = performance.now();
  const single = role === "single";

  if (single) prepareDataDir(env.DATA_DIR);
  const releaseLock = env.DATABASE_URL ? () => {} : acquireDataDirLock(env.DATA_DIR);

  let database: DatabaseHandle;
  try {
    database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  } catch (error) {
    releaseLock();
    throw error;
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      logger.error("shutdown took too long; exiting");
      releaseLock();
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // Open event streams are told to go (their browsers reconnect elsewhere) instead of cut.
    await messaging?.close().catch(() => {});
    await Promise.all([
      new Promise<void>((resolve) => {
        if (!server) return resolve();
        server.close(() => resolve());
        server.closeIdleConnections();
        // Long-lived connections (event streams) would hold the close open; end them.
        setTimeout(() => server?.closeAllConnections(), 1000).unref();
      }),
      // Meanwhile no new job starts and running ones finish (or are failed, hence retried); the
      // requests still being answered can still queue theirs.
      jobs
        ?.stop({ timeoutMs: JOBS_STOP_MS })
        .catch((error) => logger.error({ err: error }, "stopping the job queue failed")),
    ]);
    stopHousekeeping();
    // The listings' appearances this process counted since its last write (count-stats).
    await flushImpressions(database.db).catch((error) =>
      logger.error({ err: error }, "writing the last listing appearances failed"),
    );
    await database
      .close()
      .catch((error) => logger.error({ err: error }, "closing the database failed"));
    releaseLock();
    logger.info("stopped");
    process.exit(0);
  };
  let server: import("node:http").Server | undefined;
  let stopHousekeeping = () => {};
  let jobs: AppJobQueue | undefined;
  let messaging: MessageHub | undefined;
  // `on`, not `once`: a second signal (the terminal's SIGINT reaches a worker as well as its
  // primary, which passes on its own) must not kill the process halfway through its shutdown.
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  let mailer: Mailer | undefined;
  let sms: SmsSender | undefined;
  if (single) {
    await prepareDeployment(database, env, logger);
    if (env.JOBS === "off" && !env.DATABASE_URL) {
      logger.warn(
        { JOBS: "off" },
        "JOBS=off on the embedded database: no other process can work its jobs, so mail waits until a server starts without it",
      );
    }
    ({
      queue: jobs,
      mailer,
      sms,
    } = await startAppJobs({
      database,
      env,
      logger,
      work: env.JOBS === "on",
    }));
  } else {
    // A worker of runPrimary only sends: pg-boss sends without start(), into the queues the
    // primary made; the primary works them.
    jobs = createAppJobQueue({ database, logger, settings: env });
  }
  if (closing) return;

  let build: ServerBuild | (() => Promise<ServerBuild>);
  let assets: import("express").RequestHandler;
  if (dev) {
    const vite = await import("vite").then((v) =>
      v.createServer({ server: { middlewareMode: true }, appType: "custom" }),
    );
    assets = vite.middlewares;
    build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  } else {
    // Resolved by the server build, which bundles this file with the app (decision 018): the
    // routes import the very modules this process has already loaded.
    build = (await import("virtual:react-router/server-build")) as ServerBuild;
    assets = staticAssets(clientBuildDir());
  }

  if (single) {
    logger.info({ mail: describeMail(env) }, "outgoing mail");
    logger.info({ sms: describeSms(env) }, "outgoing text messages");
  }
  const sender = jobSender(jobs);
  const auth = createAuth({
    db: database.db,
    env,
    secret: resolveSessionSecret(env),
    jobs: sender,
    logger,
  });
  // Two instances (or workers) on one PostgreSQL database hear each other's messages through
  // LISTEN/NOTIFY, each on a connection of its own.
  messaging = env.DATABASE_URL
    ? createPostgresHub({ db: database.db, url: env.DATABASE_URL, logger })
    : createLocalHub(logger, database);
  const app = createApp({
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
  });
  if (single) stopHousekeeping = startHousekeeping(database, env, logger, sender);
  // Slow clients are held to the limits of server/http-server.ts (a stalled one is dropped).
  server = createHttpServer(app);
  server.listen(env.PORT, env.HOST, () => {
    const address = server?.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    const startupMs = Math.round(performance.now() - started);
    if (role === "worker") {
      logger.info({ port, pid: process.pid, startupMs }, "worker is listening");
      process.send?.({ kind: "souqna:listening", port } satisfies ListeningMessage);
      return;
    }
    logger.info(
      { port, database: database.kind, startupMs },
      `Souqna is running at http://localhost:${port}`,
    );
    sayWhoSeesDetails(env, logger);
  });
  server.on("error", (error: NodeJS.ErrnoException) => {
    const message =
      error.code === "EADDRINUSE"
        ? `Port ${env.PORT} is already in use; stop the other program or set PORT`
        : `Cannot listen on ${env.HOST}:${env.PORT}: ${error.message}`;
    process.stderr.write(`souqna: ${message}\n`);
    void database.close().finally(() => {
      releaseLock();
      process.exit(1);
    });
  });
}

/** An operator who has not set METRICS_TOKEN wonders where the metrics went. */
function sayWhoSeesDetails(env: Env, logger: AppLogger) {
  if (env.NODE_ENV !== "production" || env.METRICS_TOKEN) return;
  logger.info("METRICS_TOKEN is unset: /metrics answers nobody, /healthz only ok or fail");
}

/**
 * The browser's files, beside this server's own: build/server/index.js is this file, bundled,
 * so build/client is one folder up from it wherever the build was copied.
 */
function clientBuildDir() {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client");
}

/** Where mail goes, for the operator: the SMTP host (never its credentials) or the outbox. */
function describeMail(env: Env) {
  if (env.SMTP_URL) {
    try {
      const url = new URL(env.SMTP_URL);
      return `SMTP ${url.hostname}:${url.port || (url.protocol === "smtps:" ? 465 : 587)}`;
    } catch {
      return "SMTP (unparsable SMTP_URL)";
    }
  }
  const outbox = path.join(env.DATA_DIR, "mail");
  if (env.NODE_ENV !== "production") return `files in ${outbox}, readable at /dev/mail`;
  return env.DEV_MAIL
    ? `files in ${outbox}, readable at /dev/mail from this machine only (DEV_MAIL=true)`
    : `files in ${outbox} (set SMTP_URL to send real mail)`;
}

/** Where text messages go: the gateway's protocol and host (never credentials) or the outbox. */
function describeSms(env: Env) {
  if (env.SMS_URL) {
    const url = new URL(env.SMS_URL);
    const protocol = url.protocol === "smpp:" ? "SMPP" : "HTTP gateway";
    return `${protocol} ${url.port ? `${url.hostname}:${url.port}` : url.hostname}`;
  }
  const outbox = path.join(env.DATA_DIR, "sms");
  if (env.NODE_ENV !== "production") return `files in ${outbox}, readable at /dev/mail`;
  return env.DEV_MAIL
    ? `files in ${outbox}, readable at /dev/mail from this machine only (DEV_MAIL=true)`
    : `files in ${outbox} (set SMS_URL to send real text messages)`;
}

main().catch((error: unknown) => {
  if (isExpectedStartupError(error)) {
    process.stderr.write(`souqna: ${error.message}\n`);
  } else {
    process.stderr.write(
      `souqna: start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
