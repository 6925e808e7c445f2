import PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/test-database";
import { outcomesThatWait, pgBossDatabase } from "./pg-boss-database.server";

// Runs on PGlite by default and on PostgreSQL when TEST_DATABASE_URL is set (CI does both).

const SCHEMA = "pgboss";

/** The error node-postgres gives while PostgreSQL restarts. */
function connectionRefused() {
  return Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
}

/**
 * The real database, unreachable for every statement that writes a job's outcome while `away`
 * says so: what a PostgreSQL restart does to the statements pg-boss sends without awaiting them.
 */
function withOutage(db: PgBoss.Db) {
  const state = { away: 0, refused: 0 };
  // completeJobs, and failJobsById (not the maintenance's fail by timeout, which has no ids).
  const outcome =
    /^\s*(with results as \(\s*update|with deleted_jobs as \(\s*delete from \S+\s+where name = \$1 and id in)/i;
  const wrapped: PgBoss.Db = {
    async executeSql(text, values) {
      if (state.away > 0 && outcome.test(text)) {
        state.away--;
        state.refused++;
        throw connectionRefused();
      }
      return db.executeSql(text, values);
    },
  };
  return { db: wrapped, state };
}

function recordingLogger() {
  const entries: { level: string; message: string }[] = [];
  return {
    entries,
    warn: (_fields: Record<string, unknown>, message: string) =>
      entries.push({ level: "warn", message }),
    error: (_fields: Record<string, unknown>, message: string) =>
      entries.push({ level: "error", message }),
  };
}

describe("a job's outcome while the database is away", () => {
  let database: TestDatabase;
  const bosses: PgBoss[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const boss of bosses) await boss.stop({ graceful: false, close: false, wait: true });
    await database.destroy();
  });

  /**
   * A queue on the real database behind outcomesThatWait (with `delaysMs`), whose handler runs
   * `handler`; then one job sent while the next `away` outcome writes are refused.
   */
  async function jobDuringOutage(
    queue: string,
    options: {
      delaysMs: number[];
      away: number;
      handler?: (runs: number) => void;
      retryLimit?: number;
    },
  ) {
    const outage = withOutage(pgBossDatabase(database));
    const logger = recordingLogger();
    const db = outcomesThatWait(outage.db, SCHEMA, logger, options.delaysMs);
    const boss = new PgBoss({ db, schema: SCHEMA, pollingIntervalSeconds: 0.5 });
    boss.on("error", () => {});
    bosses.push(boss);
    await boss.start();
    if (options.retryLimit === undefined) await boss.createQueue(queue);
    else
      await boss.createQueue(queue, { name: queue, retryLimit: options.retryLimit, retryDelay: 0 });
    const seen = { runs: 0 };
    await boss.work(queue, async () => {
      seen.runs++;
      options.handler?.(seen.runs);
    });
    outage.state.away = options.away;
    const id = await boss.send(queue, {});
    if (!id) throw new Error("not sent");
    return { outage, logger, boss, seen, id };
  }

  async function stateOf(boss: PgBoss, queue: string, id: string) {
    return (await boss.getJobById(queue, id))?.state;
  }

  it("records a completed job once the database is back, without ending the process", async () => {
    const { outage, logger, boss, seen, id } = await jobDuringOutage("outage-complete", {
      delaysMs: [50, 50, 50, 50],
      away: 3,
    });
    // Without outcomesThatWait the first refusal is an unhandled rejection, which fails this file.
    await expect
      .poll(() => stateOf(boss, "outage-complete", id), { timeout: 10_000 })
      .toBe("completed");
    expect(outage.state.refused).toBe(3);
    expect(seen.runs).toBe(1);
    expect(logger.entries).toEqual([
      { level: "warn", message: expect.stringContaining("trying again") },
    ]);
  });

  it("records a failed attempt once the database is back, so the job is retried as its policy says", async () => {
    const { outage, boss, seen, id } = await jobDuringOutage("outage-fail", {
      delaysMs: [50, 50],
      away: 2,
      retryLimit: 1,
      handler: (runs) => {
        if (runs === 1) throw new Error("the first try fails");
      },
    });
    await expect
      .poll(() => stateOf(boss, "outage-fail", id), { timeout: 10_000 })
      .toBe("completed");
    expect(outage.state.refused).toBe(2);
    expect(seen.runs).toBe(2);
  });

  it("gives up after its last try: logs the outcome as lost and leaves the job to expire", async () => {
    const { outage, logger, boss, id } = await jobDuringOutage("outage-lost", {
      delaysMs: [20, 20],
      away: 100,
    });
    await expect
      .poll(() => logger.entries.map((entry) => entry.level), { timeout: 10_000 })
      .toEqual(["warn", "error"]);
    expect(outage.state.refused).toBe(3);
    outage.state.away = 0;
    expect(await stateOf(boss, "outage-lost", id)).toBe("active");
  });

  it("leaves every other statement's failure to pg-boss", async () => {
    const logger = recordingLogger();
    const failing: PgBoss.Db = {
      async executeSql() {
        throw connectionRefused();
      },
    };
    await expect(
      outcomesThatWait(failing, SCHEMA, logger, [10]).executeSql("select 1", []),
    ).rejects.toThrow("ECONNREFUSED");
    expect(logger.entries).toEqual([]);
  });
});
