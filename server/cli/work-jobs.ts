import { runMigrations } from "../../app/db/migrate.server";
import { startAppJobs } from "../jobs/app-jobs";
import { createLogger } from "../logger";
import { runCli, withCliDatabase } from "./cli-database";

// `npm run jobs`: a worker of the job queue alone, no HTTP (docs/decisions/019-job-queue.md), for
// web instances started with JOBS=off. It runs until SIGTERM/SIGINT, then lets the running jobs
// finish (or fails them, to be retried) before it closes the database. On the embedded database
// it holds the data dir's lock, so it runs instead of the server, never beside it.

const NAME = "jobs";
/** Longer than a server's: nothing else is waiting on this process's shutdown. */
const STOP_TIMEOUT_MS = 25_000;

async function main() {
  if (process.argv.length > 2) {
    process.stderr.write(`${NAME}: takes no arguments; configure it like the server (env)\n`);
    process.exit(2);
  }
  await withCliDatabase(async ({ env, database, where }) => {
    const logger = createLogger(env.LOG_LEVEL, { process: NAME });
    // A worker started before any server still finds the tables its jobs use.
    await runMigrations(database);
    const stopped = new Promise<string>((resolve) => {
      process.once("SIGTERM", () => resolve("SIGTERM"));
      process.once("SIGINT", () => resolve("SIGINT"));
    });
    const { queue } = await startAppJobs({ database, env, logger, work: true });
    logger.info({ database: where }, "working jobs; stop with SIGTERM or Ctrl-C");
    const signal = await stopped;
    logger.info({ signal }, "stopping: waiting for running jobs");
    await queue.stop({ timeoutMs: STOP_TIMEOUT_MS });
  });
  process.exit(0);
}

runCli(NAME, main);
