import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import type PgBoss from "pg-boss";
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
