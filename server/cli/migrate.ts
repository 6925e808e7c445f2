import { sql } from "drizzle-orm";
import { type Database, selectRows } from "../../app/db/client.server";
import { runMigrations } from "../../app/db/migrate.server";
import { carMakes, carModelRows } from "../../app/db/reference-data/car-makes";
import { categories } from "../../app/db/reference-data/categories";
import { cities, governorates } from "../../app/db/reference-data/regions";
import { syncReferenceData } from "../../app/db/reference-data/sync.server";
import { runCli, withCliDatabase } from "./cli-database";

// `npm run db:migrate`: the start-up steps that change the schema and the reference data, on
// their own, e.g. before rolling out new app instances against a shared PostgreSQL.

const NAME = "db:migrate";

/** Migrations recorded by drizzle's migrator; 0 before the first run. */
async function appliedMigrations(db: Database) {
  const [table] = await selectRows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!table?.present) return 0;
  const [row] = await selectRows<{ total: number | string }>(
    db,
    sql`select count(*) as total from drizzle.__drizzle_migrations`,
  );
  return Number(row?.total ?? 0);
}

function plural(n: number, word: string) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

async function main() {
  if (process.argv.length > 2) {
    process.stderr.write(
      `${NAME}: takes no arguments; configure it with DATABASE_URL or DATA_DIR\n`,
    );
    process.exit(2);
  }
  const started = performance.now();
  await withCliDatabase(async ({ database, where }) => {
    const before = await appliedMigrations(database.db);
    await runMigrations(database);
    const after = await appliedMigrations(database.db);
    await syncReferenceData(database.db);
    const subcategories = categories.reduce((n, c) => n + c.subcategories.length, 0);
    const applied =
      after > before
        ? `applied ${plural(after - before, "migration")} (${after} in total)`
        : `schema already up to date (${plural(after, "migration")})`;
    const lines = [
      `${where}: ${applied}.`,
      `Reference data synced: ${categories.length} categories with ${subcategories} subcategories, ` +
        `${cities.length} cities in ${governorates.length} governorates, ` +
        `${carMakes.length} car makes with ${carModelRows.length} models.`,
      `Done in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    ];
    process.stdout.write(`${lines.join("\n")}\n`);
  });
}

runCli(NAME, main);
