import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { Logger, SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { countQuery } from "./query-stats.server";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Checks the connection; resolves with the round-trip time in milliseconds. */
  ping(): Promise<number>;
  /** Runs fn while holding a database-wide lock, so instances that start together take turns. */
  exclusive<T>(lockId: number, fn: () => Promise<T>): Promise<T>;
  /**
   * PGlite only: hears NOTIFY on `channel` in this process (PostgreSQL instances listen on a
   * dedicated connection of their own, message-hub.server.ts). Resolves with the unsubscribe.
   */
  listen?(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** PostgreSQL only: the pool's connections right now, for the metrics (server/metrics.ts). */
  poolStats?(): PoolStats;
  close(): Promise<void>;
}

export interface PoolStats {
  /** Connections open, in use or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection because all `max` are in use. */
  waiting: number;
  max: number;
}

const queryCounter: Logger = { logQuery: () => countQuery() };

export class DatabaseUnavailableError extends Error {
  override name = "DatabaseUnavailableError";
}

export async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  // pg_trgm for search typos (the migrations create the extension).
  const client = new PGlite(dataDir, { extensions: { pg_trgm } });
  await client.waitReady;
  const db = drizzlePglite({ client, schema, logger: queryCounter }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    async ping() {
      const started = performance.now();
      await client.query("select 1");
      return performance.now() - started;
    },
    // One process owns a PGlite data dir (see server/data-dir-lock.ts), so there is no one to wait for.
    exclusive: (_lockId, fn) => fn(),
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    close: () => client.close(),
  };
}

export async function openPostgres(url: string, poolSize = 10): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  // A broken idle connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  // Nor may one in use: when PostgreSQL restarts it ends every connection with an error message,
  // and a client checked out between two statements (inside a transaction) has no query to hand
  // it to, so it emits "error" — which, unheard, would end the process. The statement in flight
  // fails instead, the request answers 503, and the pool drops the client when it comes back.
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });

  try {
    await pool.query("select 1");
  } catch (error) {
    await pool.end().catch(() => {});
    const where = describeUrl(url);
    const reason = error instanceof Error ? error.message || error.name : String(error);
    throw new DatabaseUnavailableError(`Cannot connect to PostgreSQL at ${where}: ${reason}`);
  }
  const db = drizzlePg({ client: pool, schema, logger: queryCounter }) as unknown as Database;
  return {
    db,
    kind: "postgres",
    async ping() {
      const started = performance.now();
      await pool.query("select 1");
      return performance.now() - started;
    },
    async exclusive(lockId, fn) {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [lockId]);
        return await fn();
      } finally {
        await client.query("select pg_advisory_unlock($1)", [lockId]).catch(() => {});
        client.release();
      }
    },
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: poolSize,
    }),
    close: () => pool.end(),
  };
}

/** host:port/database without the password, for messages. */
export function describeUrl(url: string) {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return "(unparsable DATABASE_URL)";
  }
}

export function openDatabase(options: { databaseUrl?: string; dataDir: string }) {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPglite(path.join(options.dataDir, "db"));
}

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. */
export async function selectRows<T>(db: Pick<Database, "execute">, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
