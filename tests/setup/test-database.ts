import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { inject } from "vitest";
import { type DatabaseHandle, openPglite, openPostgres } from "../../app/db/client.server";
import { withDatabase } from "./global-setup";

export interface TestDatabase extends DatabaseHandle {
  /** A PGlite data dir or PostgreSQL URL for this copy (for spawning a server on it). */
  location: { dataDir?: string; databaseUrl?: string };
  destroy(): Promise<void>;
}

let counter = 0;

/**
 * A fresh, migrated database with the reference data, copied from the suite's template: a PGlite
 * data dir by default, a PostgreSQL database when TEST_DATABASE_URL is set. Call destroy() in
 * afterAll.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const config = inject("testDatabase");
  if (config.kind === "postgres") {
    const name = `souqna_t_${process.pid}_${Date.now()}_${counter++}`;
    const admin = await openPostgres(config.serverUrl, 1);
    await admin.db.execute(sql.raw(`create database "${name}" template "${config.template}"`));
    const databaseUrl = withDatabase(config.serverUrl, name);
    const handle = await openPostgres(databaseUrl, 4);
    return {
      ...handle,
      location: { databaseUrl },
      async destroy() {
        await handle.close();
        await admin.db.execute(sql.raw(`drop database if exists "${name}" with (force)`));
        await admin.close();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-test-"));
  const dataDir = path.join(dir, "db");
  fs.cpSync(config.template, dataDir, { recursive: true });
  const handle = await openPglite(dataDir);
  return {
    ...handle,
    location: { dataDir: dir },
    async destroy() {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
