import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import type PgBoss from "pg-boss";
import plans from "pg-boss/src/plans.js";
import type { DatabaseHandle } from "~/db/client.server";

/**
 * pg-boss's database adapter (`{ executeSql(text, values) }`) over the connection the app
 * already has, so the queue lives in the same database: PGlite's one connection, or the pool.
 *
 * pg-boss sends two kinds of statement. Parameterised ones (fetch, send, complete, fail) are one
 * statement each and go through `query`. Those without parameters may be scripts: creating or
 * migrating its schema is `BEGIN; …; COMMIT` in one string, which needs the simple protocol
 * (PGlite's `exec`). On PGlite that script runs inside `transaction()`, which holds PGlite's lock
 * for the whole script and rolls back if a statement fails, so a failed script can never leave the
 * app's only connection inside an aborted transaction. (The inner BEGIN/COMMIT only warn.) On
 * PostgreSQL, `pool.query` drops a connection whose statement failed, so the pool needs nothing.
 */
export function pgBossDatabase(database: DatabaseHandle): PgBoss.Db {
  // drizzle keeps the client it was given; client.server.ts builds both handles that way.
  const client = (database.db as unknown as { $client?: unknown }).$client;
  if (!client) throw new Error("the database handle has no client for the job queue");

  if (database.kind === "pglite") {
    const pglite = client as PGlite;
    return {
      async executeSql(text, values) {
        if (values?.length) return pglite.query(text, values);
        const results = await pglite.transaction((tx) => tx.exec(text));
        return results.at(-1) ?? { rows: [] };
      },
    };
  }
  const pool = client as pg.Pool;
  return { executeSql: (text, values) => pool.query(text, values) };
}

/** Waits between tries of a job's outcome while the database is away: about 75 s in all. */
export const OUTCOME_RETRY_DELAYS_MS = [
  250, 500, 1000, 2000, 4000, 8000, 15_000, 15_000, 15_000, 15_000,
];

/**
 * pg-boss 10 writes a job's outcome (completed, or failed) without awaiting the write
 * (`manager.js` `watch()`; pg-boss issue #577). When the database is away at that moment (a
 * PostgreSQL restart, a fail-over) the write's rejection is unhandled and Node ends the process:
 * the fault benchmark saw both instances exit during a 3 s restart. This adapter keeps those two
 * statements from ever rejecting: it tries again, on the delays above, until the database answers,
 * so a job that ran is recorded once. If it never answers, the outcome is logged as lost and the
 * job stays active until it expires, when pg-boss runs it again (our jobs are idempotent). Every
 * other statement is pg-boss's to handle, and fails as it did.
 */
export function outcomesThatWait(
  db: PgBoss.Db,
  schema: string,
  logger: {
    warn(fields: Record<string, unknown>, message: string): void;
    error(fields: Record<string, unknown>, message: string): void;
  },
  delaysMs: readonly number[] = OUTCOME_RETRY_DELAYS_MS,
): PgBoss.Db {
  const outcomes = new Map([
    [plans.completeJobs(schema), "completed"],
    [plans.failJobsById(schema), "failed"],
  ]);
  return {
    async executeSql(text, values) {
      const outcome = outcomes.get(text);
      if (!outcome) return db.executeSql(text, values);
      const jobs = values?.[1];
      for (let attempt = 0; ; attempt++) {
        try {
          return await db.executeSql(text, values);
        } catch (error) {
          const delay = delaysMs[attempt];
          if (delay === undefined) {
            logger.error(
              { err: error, outcome, jobs },
              "job outcome not recorded: the database did not answer; the job runs again once it expires",
            );
            // What pg-boss reads from the reply (`rows[0].count`), saying nothing was changed.
            return { rows: [{ count: 0 }] };
          }
          if (attempt === 0)
            logger.warn(
              { err: error, outcome, jobs },
              "job outcome not recorded yet; trying again",
            );
          await new Promise((resolve) => setTimeout(resolve, delay));
        }
      }
    },
  };
}
