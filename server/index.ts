import path from "node:path";
import type { ServerBuild } from "react-router";
import { isExpectedStartupError } from "../app/db/cli/cli-database";
import { type DatabaseHandle, openDatabase } from "../app/db/client.server";
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
import { reindexSearch } from "../app/domain/search/reindex.server";
import { createMailer } from "../app/mail/mailer.server";
import { readEnv } from "../app/utils/env.server";
import { resolveSessionSecret } from "../app/utils/session-secret.server";
import { createApp, staticAssets } from "./app";
import { acquireDataDirLock, prepareDataDir } from "./data-dir";
import { createLogger } from "./logger";

const SHUTDOWN_GRACE_MS = 4000;

async function main() {
  const dev = process.argv.includes("--dev");
  const env = readEnv();
  const logger = createLogger(env.LOG_LEVEL);
  const started = performance.now();

  prepareDataDir(env.DATA_DIR);
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
    await new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.close(() => resolve());
      server.closeIdleConnections();
      // Long-lived connections (event streams) would hold the close open; end them.
      setTimeout(() => server?.closeAllConnections(), 1000).unref();
    });
    stopRateUpdates();
    stopMaintenance();
    await database
      .close()
      .catch((error) => logger.error({ err: error }, "closing the database failed"));
    releaseLock();
    logger.info("stopped");
    process.exit(0);
  };
  let server: import("node:http").Server | undefined;
  let stopRateUpdates = () => {};
  let stopMaintenance = () => {};
  let messaging: MessageHub | undefined;
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));

  await runMigrations(database);
  await syncReferenceData(database.db);
  const reindexed = await reindexSearch(database);
  if (reindexed > 0) logger.info({ listings: reindexed }, "rewrote the search text of listings");
  if (env.SEED_DEMO) {
    const seeded = await seedDemoIfEmpty({ db: database.db, dataDir: env.DATA_DIR, logger });
    if (seeded > 0) logger.info({ listings: seeded }, "added demo listings to the empty database");
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
    const buildDir = path.resolve("build");
    build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
    assets = staticAssets(path.join(buildDir, "client"));
  }

  const mailer = createMailer(env);
  logger.info({ mail: describeMail(env) }, "outgoing mail");
  const auth = createAuth({
    db: database.db,
    env,
    secret: resolveSessionSecret(env),
    mailer,
    logger,
  });
  // Two instances on one PostgreSQL database hear each other's messages through LISTEN/NOTIFY.
  messaging = env.DATABASE_URL
    ? createPostgresHub({ db: database.db, url: env.DATABASE_URL, logger })
    : createLocalHub(logger, database);
  const app = createApp({ env, database, auth, mailer, messaging, logger, build, assets, dev });
  // Only with EXCHANGE_RATE_URL set; runs in the background, never delays start-up.
  stopRateUpdates = startRateUpdates({ db: database.db, env, logger }).stop;
  stopMaintenance = startMaintenance({ db: database.db, dataDir: env.DATA_DIR, logger }).stop;
  server = app.listen(env.PORT, env.HOST, () => {
    const address = server?.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    logger.info(
      { port, database: database.kind, startupMs: Math.round(performance.now() - started) },
      `Souqna is running at http://localhost:${port}`,
    );
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

/** Where mail goes, for the operator: the SMTP host (never its credentials) or the outbox. */
function describeMail(env: ReturnType<typeof readEnv>) {
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
