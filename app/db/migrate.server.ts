import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { DatabaseHandle } from "./client.server";

export const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../drizzle",
);

// Any constant works; it only has to be the same for every instance of Souqna.
const MIGRATION_LOCK_ID = 7_310_2026;

/**
 * Applies the committed SQL migrations, the same files on PGlite and on PostgreSQL.
 */
export async function runMigrations(handle: DatabaseHandle) {
  await handle.exclusive(MIGRATION_LOCK_ID, async () => {
    // biome-ignore lint/suspicious/noExplicitAny: each migrator wants its driver-specific type
    const db = handle.db as any;
    if (handle.kind === "pglite") await migratePglite(db, { migrationsFolder });
    else await migratePg(db, { migrationsFolder });
  });
}
