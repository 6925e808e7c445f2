import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/test-database";
import { type DatabaseHandle, openPglite, openPostgres, selectRows } from "../db/client.server";
import {
  createJobQueue,
  type JobLogger,
  type JobQueue,
  type QueuePolicy,
} from "./job-queue.server";

// Runs on PGlite by default and on PostgreSQL when TEST_DATABASE_URL is set (CI does both).

type Entry = { level: "info" | "warn" | "error"; fields: Record<string, unknown>; message: string };

function recordingLogger() {
  const entries: Entry[] = [];
  const logger: JobLogger = {
    info: (fields, message) => entries.push({ level: "info", fields, message }),
    warn: (fields, message) => entries.push({ level: "warn", fields, message }),
    error: (fields, message) => entries.push({ level: "error", fields, message }),
  };
  return { logger, entries };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function queueOn<Jobs extends Record<string, object>>(
  database: DatabaseHandle,
  queues: { [Name in keyof Jobs & string]: QueuePolicy },
  logger: JobLogger = recordingLogger().logger,
): JobQueue<Jobs> {
  return createJobQueue<Jobs>({ database, logger, queues, pollIntervalSeconds: 0.5 });
}

async function jobState(database: DatabaseHandle, id: string) {
  const rows = await selectRows<{ state: string; retry_count: number }>(
    database.db,
    sql`select state::text as state, retry_count from pgboss.job where id = ${id}::uuid`,
  );
  return rows[0];
}

/** A second handle on the same database, as another process (or the same one restarted) opens it. */
function reopen(database: TestDatabase) {
  return database.kind === "pglite"
    ? openPglite(path.join(database.location.dataDir ?? "", "db"))
    : openPostgres(database.location.databaseUrl ?? "", 4);
}

describe("the job queue", () => {
  let database: TestDatabase;
  const queues: JobQueue<Record<string, object>>[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const queue of queues) await queue.stop({ timeoutMs: 1000 });
    await database.destroy();
  });

  function track<Q extends JobQueue<Record<string, object>>>(queue: Q) {
    queues.push(queue);
    return queue;
  }

  it("runs a job that was sent, with its data", async () => {
    type Jobs = { greet: { name: string } };
    const jobs = track(queueOn<Jobs>(database, { greet: {} }));
    await jobs.start();
    const seen: { data: { name: string }; attempt: number; maxAttempts: number }[] = [];
    await jobs.work("greet", async (job) => {
      seen.push({ data: job.data, attempt: job.attempt, maxAttempts: job.maxAttempts });
    });
    const sent = await jobs.send("greet", { name: "Rana" });
    expect(sent.created).toBe(true);
    await expect
      .poll(() => seen, { timeout: 10_000 })
      .toEqual([{ data: { name: "Rana" }, attempt: 1, maxAttempts: 6 }]);
    await expect.poll(async () => (await jobState(database, sent.id))?.state).toBe("completed");
  });

  it("retries a failing job with back-off, logs each failure, then succeeds", async () => {
    type Jobs = { flaky: { n: number } };
    const { logger, entries } = recordingLogger();
    const jobs = track(
      queueOn<Jobs>(database, { flaky: { retryLimit: 3, retryDelay: 1 } }, logger),
    );
    await jobs.start();
    const attempts: { attempt: number; at: number }[] = [];
    await jobs.work("flaky", async (job) => {
      attempts.push({ attempt: job.attempt, at: Date.now() });
      if (job.attempt < 3) throw new Error("SMTP refused");
    });
    const { id } = await jobs.send("flaky", { n: 1 });
    await expect
      .poll(async () => (await jobState(database, id))?.state, { timeout: 15_000 })
      .toBe("completed");
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
    // Back-off: the first retry waits 1–2 s, the second 2–4 s.
    const [first, second, third] = attempts.map((a) => a.at);
    expect(second! - first!).toBeGreaterThanOrEqual(1000);
    expect(third! - second!).toBeGreaterThanOrEqual(2000);
    const failures = entries.filter((e) => e.fields.job === "flaky");
    expect(failures.map((e) => [e.level, e.fields.attempt, e.message])).toEqual([
      ["warn", 1, "job failed; it will be retried"],
      ["warn", 2, "job failed; it will be retried"],
    ]);
  }, 30_000);

  it("gives up after the last retry and reports it as failed", async () => {
    type Jobs = { doomed: object };
    const { logger, entries } = recordingLogger();
    const jobs = track(queueOn<Jobs>(database, { doomed: { retryLimit: 0 } }, logger));
    await jobs.start();
    await jobs.work("doomed", async () => {
      throw new Error("always");
    });
    const { id } = await jobs.send("doomed", {});
    await expect
      .poll(async () => (await jobState(database, id))?.state, { timeout: 10_000 })
      .toBe("failed");
    expect(entries.filter((e) => e.level === "error").map((e) => e.message)).toEqual([
      "job failed on its last attempt; it will not be retried",
    ]);
    const depth = await jobs.depth();
    expect(depth.byQueue.doomed).toEqual({ queued: 0, active: 0, failed: 1 });
  });

  it("queues one job for a key sent twice, before and after it ran", async () => {
    type Jobs = { notify: { conversation: string } };
    const jobs = track(queueOn<Jobs>(database, { notify: {} }));
    await jobs.start();
    const first = await jobs.send("notify", { conversation: "c1" }, { key: "c1:m7" });
    const again = await jobs.send("notify", { conversation: "c1" }, { key: "c1:m7" });
    const other = await jobs.send("notify", { conversation: "c1" }, { key: "c1:m8" });
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false });
    expect(other.created).toBe(true);
    expect((await jobs.depth()).byQueue.notify?.queued).toBe(2);

    const runs: string[] = [];
    await jobs.work("notify", async (job) => {
      runs.push(job.key ?? "");
    });
    await expect.poll(() => runs.length, { timeout: 10_000 }).toBe(2);
    await expect.poll(async () => (await jobState(database, first.id))?.state).toBe("completed");
    expect(await jobs.send("notify", { conversation: "c1" }, { key: "c1:m7" })).toEqual({
      id: first.id,
      created: false,
    });
    await sleep(1500);
    expect(runs.sort()).toEqual(["c1:m7", "c1:m8"]);
  });

  it("queues many jobs at once: a key already queued once, a start in the future kept", async () => {
    type Jobs = { alert: { search: string } };
    const jobs = track(queueOn<Jobs>(database, { alert: {} }));
    await jobs.start();
    const single = await jobs.send("alert", { search: "s1" }, { key: "s1:slot" });
    const later = new Date(Date.now() + 60 * 60 * 1000);
    await jobs.sendMany("alert", [
      { data: { search: "s1" }, key: "s1:slot" },
      { data: { search: "s2" }, key: "s2:slot" },
      { data: { search: "s3" }, key: "s3:slot", startAfter: later },
      { data: { search: "s4" } },
    ]);
    // Again, as a job that ran twice: nothing new for the keyed ones.
    await jobs.sendMany("alert", [{ data: { search: "s2" }, key: "s2:slot" }]);
    await jobs.sendMany("alert", []);
    expect((await jobs.depth()).byQueue.alert?.queued).toBe(4);

    const runs: string[] = [];
    await jobs.work("alert", async (job) => {
      runs.push(job.data.search);
    });
    await expect.poll(() => runs.length, { timeout: 10_000 }).toBe(3);
    await expect.poll(async () => (await jobState(database, single.id))?.state).toBe("completed");
    await sleep(1500);
    expect(runs.sort()).toEqual(["s1", "s2", "s4"]);
    const [waiting] = await selectRows<{ start_after: Date | string }>(
      database.db,
      sql`select start_after from pgboss.job where name = 'alert' and data->>'search' = 's3'`,
    );
    expect(Math.abs(new Date(waiting?.start_after ?? 0).getTime() - later.getTime())).toBeLessThan(
      1000,
    );
    await expect(
      (jobs as unknown as JobQueue<{ unknown: object }>).sendMany("unknown", [{ data: {} }]),
    ).rejects.toThrow();
  });

  it("runs queued jobs back to back, not one per poll interval", async () => {
    type Jobs = { batch: { n: number } };
    const jobs = track(
      createJobQueue<Jobs>({
        database,
        logger: recordingLogger().logger,
        queues: { batch: {} },
        pollIntervalSeconds: 2,
      }),
    );
    await jobs.start();
    for (let n = 0; n < 20; n++) await jobs.send("batch", { n });
    const started = Date.now();
    let done = 0;
    await jobs.work("batch", async () => {
      done++;
    });
    // One job per 2 s poll would take 40 s.
    await expect.poll(() => done, { timeout: 10_000 }).toBe(20);
    expect(Date.now() - started).toBeLessThan(8000);
  });

  it("holds a job until its start time", async () => {
    type Jobs = { later: object };
    const jobs = track(queueOn<Jobs>(database, { later: {} }));
    await jobs.start();
    let ranAt = 0;
    await jobs.work("later", async () => {
      ranAt = Date.now();
    });
    const sentAt = Date.now();
    await jobs.send("later", {}, { startAfter: new Date(sentAt + 2000) });
    expect((await jobs.depth()).byQueue.later?.queued).toBe(1);
    await expect.poll(() => ranAt, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(ranAt - sentAt).toBeGreaterThanOrEqual(1900);
  });

  it("waits in stop() for a running job to finish", async () => {
    type Jobs = { slow: object };
    const jobs = queueOn<Jobs>(database, { slow: {} });
    await jobs.start();
    let state: "idle" | "running" | "done" = "idle";
    await jobs.work("slow", async () => {
      state = "running";
      await sleep(1500);
      state = "done";
    });
    const { id } = await jobs.send("slow", {});
    await expect.poll(() => state, { timeout: 10_000 }).toBe("running");
    const stopping = jobs.stop();
    await sleep(200);
    expect(state).toBe("running");
    await stopping;
    expect(state).toBe("done");
    expect((await jobState(database, id))?.state).toBe("completed");
  });

  it("runs scheduled jobs (cron)", async () => {
    type Jobs = { tick: { every: string } };
    const jobs = track(
      createJobQueue<Jobs>({
        database,
        logger: recordingLogger().logger,
        queues: { tick: {} },
        pollIntervalSeconds: 0.5,
        scheduleCheckSeconds: 1,
      }),
    );
    await jobs.start();
    const ticks: { every: string }[] = [];
    await jobs.work("tick", async (job) => {
      ticks.push(job.data);
    });
    await jobs.schedule("tick", "* * * * *", {
      data: { every: "minute" },
      timeZone: "Asia/Damascus",
    });
    await expect.poll(() => ticks, { timeout: 15_000 }).toEqual([{ every: "minute" }]);
    await jobs.unschedule("tick");
  }, 30_000);

  it("refuses a job name it was not told about", async () => {
    const jobs = track(queueOn<{ known: object }>(database, { known: {} }));
    await jobs.start();
    await expect(
      (jobs as unknown as JobQueue<{ unknown: object }>).send("unknown", {}),
    ).rejects.toThrow(/unknown job "unknown"/);
  });
});

describe("the job queue across a restart", () => {
  it("runs after a restart the jobs queued before it, on the same database", async () => {
    const database = await createTestDatabase();
    type Jobs = { deliver: { n: number } };
    const before = queueOn<Jobs>(database, { deliver: {} });
    await before.start();
    for (let n = 1; n <= 3; n++) await before.send("deliver", { n });
    await before.send("deliver", { n: 4 }, { startAfter: 1 });
    await before.stop();

    let reopened: DatabaseHandle;
    if (database.kind === "pglite") {
      // One process owns a PGlite data dir: the restart closes it and opens it again.
      await database.close();
      reopened = await reopen(database);
    } else {
      reopened = await reopen(database);
    }
    const after = queueOn<Jobs>(reopened, { deliver: {} });
    try {
      await after.start();
      expect((await after.depth()).byQueue.deliver?.queued).toBe(4);
      const seen: number[] = [];
      await after.work("deliver", async (job) => {
        seen.push(job.data.n);
      });
      await expect.poll(() => seen.sort(), { timeout: 10_000 }).toEqual([1, 2, 3, 4]);
    } finally {
      await after.stop();
      await reopened.close();
      if (database.kind === "pglite")
        fs.rmSync(database.location.dataDir ?? "", { recursive: true });
      else await database.destroy();
    }
  }, 30_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("two instances on one PostgreSQL", () => {
  it("start together and run each of 50 jobs exactly once between them", async () => {
    const database = await createTestDatabase();
    const [a, b] = await Promise.all([reopen(database), reopen(database)]);
    type Jobs = { work: { n: number } };
    const queueA = queueOn<Jobs>(a, { work: {} });
    const queueB = queueOn<Jobs>(b, { work: {} });
    try {
      // Both install the schema and declare the queue at once, as two servers starting together.
      await Promise.all([queueA.start(), queueB.start()]);
      const handled: { id: string; by: string }[] = [];
      for (const [by, queue] of [
        ["a", queueA],
        ["b", queueB],
      ] as const) {
        await queue.work(
          "work",
          async (job) => {
            handled.push({ id: job.id, by });
            await sleep(30);
          },
          { concurrency: 2 },
        );
      }
      const sent = new Set<string>();
      for (let n = 0; n < 50; n++) sent.add((await queueA.send("work", { n })).id);
      await expect.poll(() => handled.length, { timeout: 20_000 }).toBe(50);
      await sleep(1500);
      expect(handled).toHaveLength(50);
      expect(new Set(handled.map((h) => h.id))).toEqual(sent);
      expect(handled.filter((h) => h.by === "a").length).toBeGreaterThan(0);
      expect(handled.filter((h) => h.by === "b").length).toBeGreaterThan(0);
    } finally {
      await Promise.all([queueA.stop(), queueB.stop()]);
      await Promise.all([a.close(), b.close()]);
      await database.destroy();
    }
  }, 60_000);
});
