import { createHash } from "node:crypto";
import PgBoss from "pg-boss";
import type { DatabaseHandle } from "~/db/client.server";
import { outcomesThatWait, pgBossDatabase } from "./pg-boss-database.server";

/** pg-boss's tables live in their own schema, created by pg-boss at start (not our migrations). */
export const JOB_SCHEMA = "pgboss";

/** Taken while the queue installs its schema and queues, so instances that start together take turns. */
const JOB_SETUP_LOCK_ID = 7_310_2028;

/** The subset of a pino logger the queue writes to. */
export interface JobLogger {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

/**
 * How a kind of job is retried and how long one attempt may run: pg-boss's own queue options,
 * where our defaults are retryLimit 5, retryDelay 30 s (with retryBackoff, the default, retry n
 * waits between delay·2^(n−1) and delay·2^n seconds, with jitter) and expireInSeconds 15 minutes
 * (an attempt still running then is failed, and retried). A job runs at most retryLimit + 1 times.
 */
export type QueuePolicy = Pick<
  PgBoss.RetryOptions & PgBoss.ExpirationOptions,
  "retryLimit" | "retryDelay" | "retryBackoff" | "expireInSeconds"
>;

export interface SendOptions extends QueuePolicy {
  /**
   * Makes the send idempotent: a second send of the same name and key while the first job is
   * queued, running, waiting for a retry, or finished less than `keepFinishedForSeconds` ago
   * queues nothing and answers `{ created: false }` with the first job's id.
   */
  key?: string;
  /** Not before this time (a Date) or this many seconds from now. */
  startAfter?: Date | number;
}

export interface Job<Data> {
  id: string;
  name: string;
  data: Data;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
  /** The attempts this job may have in all (retryLimit + 1). */
  maxAttempts: number;
  key: string | null;
}

export type JobHandler<Data> = (job: Job<Data>) => Promise<void>;

export interface QueueDepth {
  /** Waiting to run: new, or failed and waiting for a retry (includes jobs set to start later). */
  queued: number;
  active: number;
  /** Failed for good (no retries left) and not yet archived: about the last `keepFinishedForSeconds`. */
  failed: number;
  /** Seconds the oldest job that is due has waited; 0 when none is due. A growing value means no worker. */
  oldestDueSeconds: number;
  byQueue: Record<string, { queued: number; active: number; failed: number }>;
}

/** One job of a sendMany: its data, and send()'s key and start. */
export interface ManyJob<Data> {
  data: Data;
  key?: string;
  startAfter?: Date;
}

/** Jobs per statement of sendMany: pg-boss sends them as one JSON parameter. */
const JOBS_PER_INSERT = 1000;

export interface JobQueueOptions<Jobs extends Record<string, object>> {
  database: DatabaseHandle;
  logger: JobLogger;
  /** Every kind of job, with its retry policy. send() and work() take only these names. */
  queues: { [Name in keyof Jobs & string]: QueuePolicy };
  /** Seconds an idle worker waits before it asks for jobs again (default 2, at least 0.5). */
  pollIntervalSeconds?: number;
  /** How long finished jobs stay in the job table before pg-boss archives them (default 12 h). */
  keepFinishedForSeconds?: number;
  /** Seconds between checks of the cron schedules (default 30; 1–45). */
  scheduleCheckSeconds?: number;
}

export interface JobQueue<Jobs extends Record<string, object>> {
  /** Installs pg-boss's schema if needed, declares the queues, starts maintenance and the scheduler. */
  start(): Promise<void>;
  /**
   * Stops asking for jobs and waits for the running ones to finish (up to timeoutMs, default
   * 30 s). A job still running then is marked failed, so it is retried (here after a restart, or
   * at once on another instance). Call before closing the database, e.g. on SIGTERM.
   */
  stop(options?: { timeoutMs?: number }): Promise<void>;
  /** Queues a job; it is in the database when this resolves, so it survives a restart. */
  send<Name extends keyof Jobs & string>(
    name: Name,
    data: Jobs[Name],
    options?: SendOptions,
  ): Promise<{ id: string; created: boolean }>;
  /**
   * Queues many jobs of one kind in one statement (a thousand at a time): what send() does for
   * each, keys included (a job whose key is already queued is skipped), without a round trip each.
   */
  sendMany<Name extends keyof Jobs & string>(
    name: Name,
    jobs: readonly ManyJob<Jobs[Name]>[],
  ): Promise<void>;
  /**
   * Runs `handler` for jobs of `name` on this instance, one at a time per unit of `concurrency`
   * (default 1). Resolving completes the job; throwing fails this attempt and schedules a retry
   * per the queue's policy (logged as a warning; the last failure as an error). Jobs run at least
   * once: a crash mid-job runs it again, so a handler must be safe to repeat.
   */
  work<Name extends keyof Jobs & string>(
    name: Name,
    handler: JobHandler<Jobs[Name]>,
    options?: { concurrency?: number },
  ): Promise<void>;
  /**
   * Sends `data` to `name` on a cron schedule (5 fields, minute precision), e.g. "0 8 * * *" with
   * timeZone "Asia/Damascus" for 8:00 in Syria. One job per tick however many instances run;
   * calling again replaces the schedule.
   */
  schedule<Name extends keyof Jobs & string>(
    name: Name,
    cron: string,
    options?: { data?: Jobs[Name]; timeZone?: string },
  ): Promise<void>;
  unschedule(name: keyof Jobs & string): Promise<void>;
  /** Counts for /healthz and the metrics. */
  depth(): Promise<QueueDepth>;
}

/**
 * A durable job queue in the app's own database (pg-boss 10; docs/decisions/019-job-queue.md),
 * on the embedded PGlite and on PostgreSQL alike.
 *
 * ```ts
 * type Jobs = { "mail-send": { to: string; template: string } };
 * const jobs = createJobQueue<Jobs>({ database, logger, queues: { "mail-send": { retryLimit: 8 } } });
 * await jobs.start();                       // after the migrations, before listening
 * await jobs.work("mail-send", async (job) => sendMail(job.data));   // where jobs should run
 * await jobs.send("mail-send", { to, template }, { key: `confirm:${userId}` });
 * process.on("SIGTERM", async () => { await jobs.stop(); await database.close(); });
 * ```
 *
 * Any instance may send; only those that call work() run jobs, and each job runs on one of them
 * (`FOR UPDATE SKIP LOCKED`). Data must be JSON: it is stored as jsonb.
 */
export function createJobQueue<Jobs extends Record<string, object>>(
  options: JobQueueOptions<Jobs>,
): JobQueue<Jobs> {
  const { database, logger, queues } = options;
  const db = outcomesThatWait(pgBossDatabase(database), JOB_SCHEMA, logger);
  const boss = new PgBoss({
    db,
    schema: JOB_SCHEMA,
    pollingIntervalSeconds: options.pollIntervalSeconds ?? 2,
    archiveCompletedAfterSeconds: options.keepFinishedForSeconds ?? 12 * 60 * 60,
    cronMonitorIntervalSeconds: options.scheduleCheckSeconds ?? 30,
    cronWorkerIntervalSeconds: Math.min(options.scheduleCheckSeconds ?? 5, 5),
  });
  boss.on("error", (error) => logger.error({ err: error }, "job queue error"));

  // The last jobs whose handler returned: pg-boss marks them completed without waiting, so stop()
  // checks that those writes landed before the caller closes the database.
  const finished: { name: string; id: string }[] = [];
  let started = false;

  function policyOf(name: string): QueuePolicy {
    const policy = queues[name as keyof Jobs & string];
    if (!policy) throw new Error(`unknown job "${name}": declare it in createJobQueue({ queues })`);
    return policy;
  }

  async function declareQueues() {
    for (const [name, policy] of Object.entries(queues) as [string, QueuePolicy][]) {
      const wanted = {
        name,
        retryLimit: policy.retryLimit ?? 5,
        retryDelay: policy.retryDelay ?? 30,
        retryBackoff: policy.retryBackoff ?? true,
        expireInSeconds: policy.expireInSeconds ?? 15 * 60,
      };
      const existing = await boss.getQueue(name);
      if (!existing) await boss.createQueue(name, wanted);
      else if (
        existing.retryLimit !== wanted.retryLimit ||
        existing.retryDelay !== wanted.retryDelay ||
        existing.retryBackoff !== wanted.retryBackoff ||
        existing.expireInSeconds !== wanted.expireInSeconds
      )
        await boss.updateQueue(name, wanted);
    }
  }

  async function run<Name extends keyof Jobs & string>(
    name: Name,
    handler: JobHandler<Jobs[Name]>,
    job: PgBoss.JobWithMetadata<Jobs[Name]>,
  ) {
    const attempt = job.retryCount + 1;
    const maxAttempts = job.retryLimit + 1;
    try {
      await handler({
        id: job.id,
        name,
        data: job.data,
        attempt,
        maxAttempts,
        key: job.singletonKey,
      });
    } catch (error) {
      const fields = { err: error, job: name, jobId: job.id, attempt, maxAttempts };
      if (attempt < maxAttempts) logger.warn(fields, "job failed; it will be retried");
      else logger.error(fields, "job failed on its last attempt; it will not be retried");
      throw error;
    }
    finished.push({ name, id: job.id });
    if (finished.length > 256) finished.shift();
  }

  async function completionsLanded(timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    while (finished.length > 0 && Date.now() < deadline) {
      const ids = finished.map((f) => f.id);
      const { rows } = await db.executeSql(
        `select count(*)::int as active from ${JOB_SCHEMA}.job where id = any($1::uuid[]) and state = 'active'`,
        [ids],
      );
      if (rows[0].active === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    finished.length = 0;
  }

  return {
    async start() {
      if (started) return;
      // pg-boss installs its schema under an advisory lock, but two instances creating the same
      // queue at once deadlock (measured); one lock around both makes the second find them made.
      await database.exclusive(JOB_SETUP_LOCK_ID, async () => {
        await boss.start();
        await declareQueues();
      });
      started = true;
      logger.info({ queues: Object.keys(queues), database: database.kind }, "job queue started");
    },

    async stop({ timeoutMs = 30_000 } = {}) {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
      await completionsLanded(5_000);
      logger.info({}, "job queue stopped");
    },

    async send(name, data, sendOptions = {}) {
      policyOf(name);
      const { key, startAfter } = sendOptions;
      const id = key ? keyedJobId(name, key) : undefined;
      // The queue carries its policy; a send names only what it overrides. pg-boss rejects a
      // present-but-undefined option, hence withoutUndefined.
      const created = await boss.send(
        name,
        data,
        withoutUndefined({
          id,
          singletonKey: key,
          startAfter,
          retryLimit: sendOptions.retryLimit,
          retryDelay: sendOptions.retryDelay,
          retryBackoff: sendOptions.retryBackoff,
          expireInSeconds: sendOptions.expireInSeconds,
        }),
      );
      if (created) return { id: created, created: true };
      if (id) return { id, created: false };
      throw new Error(`job "${name}" was not queued`);
    },

    async sendMany(name, jobs) {
      policyOf(name);
      for (let start = 0; start < jobs.length; start += JOBS_PER_INSERT) {
        await boss.insert(
          jobs.slice(start, start + JOBS_PER_INSERT).map(({ data, key, startAfter }) =>
            withoutUndefined({
              name,
              data,
              id: key ? keyedJobId(name, key) : undefined,
              singletonKey: key,
              startAfter: startAfter?.toISOString(),
            }),
          ),
        );
      }
    },

    async work(name, handler, workOptions = {}) {
      policyOf(name);
      const concurrency = Math.max(1, workOptions.concurrency ?? 1);
      for (let i = 0; i < concurrency; i++) {
        let workerId: string | undefined;
        workerId = await boss.work<Jobs[typeof name]>(
          name,
          { batchSize: 1, includeMetadata: true },
          async (batch) => {
            try {
              for (const job of batch) await run(name, handler, job);
            } finally {
              // pg-boss 10 sleeps a poll interval after every fetch, even one that found a job:
              // one job per interval per worker (2 jobs/s at 0.5 s, measured). A worker that just
              // ran one asks again at once; only an empty fetch makes it sleep.
              if (workerId) boss.notifyWorker(workerId);
            }
          },
        );
      }
    },

    async schedule(name, cron, scheduleOptions = {}) {
      policyOf(name);
      await boss.schedule(name, cron, scheduleOptions.data ?? {}, {
        tz: scheduleOptions.timeZone ?? "UTC",
      });
    },

    async unschedule(name) {
      await boss.unschedule(name);
    },

    async depth() {
      const { rows } = await db.executeSql(
        `select name, state::text as state, count(*)::int as count,
           coalesce(extract(epoch from now() - min(start_after) filter (where start_after <= now())), 0)::float8 as waited
         from ${JOB_SCHEMA}.job
         where state in ('created', 'retry', 'active', 'failed') and name not like '\\_\\_pgboss%'
         group by name, state`,
        [],
      );
      const depth: QueueDepth = {
        queued: 0,
        active: 0,
        failed: 0,
        oldestDueSeconds: 0,
        byQueue: {},
      };
      for (const name of Object.keys(queues))
        depth.byQueue[name] = { queued: 0, active: 0, failed: 0 };
      for (const row of rows as { name: string; state: string; count: number; waited: number }[]) {
        const counts = depth.byQueue[row.name] ?? { queued: 0, active: 0, failed: 0 };
        depth.byQueue[row.name] = counts;
        if (row.state === "active") counts.active += row.count;
        else if (row.state === "failed") counts.failed += row.count;
        else {
          counts.queued += row.count;
          depth.oldestDueSeconds = Math.max(depth.oldestDueSeconds, Math.round(row.waited));
        }
      }
      for (const counts of Object.values(depth.byQueue)) {
        depth.queued += counts.queued;
        depth.active += counts.active;
        depth.failed += counts.failed;
      }
      return depth;
    },
  };
}

/**
 * The job id for a dedupe key: a UUID derived from the queue name and the key, so the job table's
 * primary key refuses a second job with the same key (pg-boss inserts with ON CONFLICT DO NOTHING).
 */
export function keyedJobId(name: string, key: string) {
  const hex = createHash("sha256").update(`${name}\u0000${key}`).digest("hex").slice(0, 32);
  // Version 8 ("custom") and the RFC 9562 variant, so it reads as a well-formed UUID.
  const variant = ((Number.parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
