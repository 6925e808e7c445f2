import { runMigrations } from "../../app/db/migrate.server";
import { syncReferenceData } from "../../app/db/reference-data/sync.server";
import { seedDemo } from "../../app/db/seed/seed-demo.server";
import { runCli, withCliDatabase } from "./cli-database";

// `npm run seed:demo -- --count N`: adds N demo listings (and their members) to the configured
// database, migrating it first so it also works on a brand-new DATA_DIR.

const NAME = "seed:demo";
const DEFAULT_COUNT = 60;
const MAX_COUNT = 1_000_000;
const USAGE = `usage: npm run seed:demo -- [--count N]  (N from 1 to ${MAX_COUNT}, default ${DEFAULT_COUNT})`;

class UsageError extends Error {
  override name = "UsageError";
}

function parseSeedArgs(args: readonly string[]): { count: number } | { help: true } {
  let raw: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--help" || arg === "-h") return { help: true };
    if (arg === "--count") {
      raw = args[++i];
      if (raw === undefined) throw new UsageError("--count needs a number, e.g. --count 1000");
    } else if (arg.startsWith("--count=")) {
      raw = arg.slice("--count=".length);
    } else if (/^\d+$/.test(arg)) {
      // What is left when npm swallows "--count" because the "--" separator was forgotten.
      throw new UsageError(`unexpected "${arg}"; write: npm run seed:demo -- --count ${arg}`);
    } else {
      throw new UsageError(`unknown argument "${arg}"; ${USAGE}`);
    }
  }
  if (raw === undefined) return { count: DEFAULT_COUNT };
  const count = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(count) || count < 1 || count > MAX_COUNT) {
    throw new UsageError(`--count must be a whole number from 1 to ${MAX_COUNT} (got "${raw}")`);
  }
  return { count };
}

async function main() {
  let parsed: ReturnType<typeof parseSeedArgs>;
  try {
    parsed = parseSeedArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${NAME}: ${error.message}\n`);
    process.exit(2);
  }
  if ("help" in parsed) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const { count } = parsed;

  await withCliDatabase(async ({ env, database, where, releaseLock }) => {
    process.once("SIGINT", () => {
      releaseLock();
      process.stderr.write(`${NAME}: interrupted; listings added so far are kept\n`);
      process.exit(130);
    });
    process.stdout.write(`Seeding ${count} demo listings into ${where}…\n`);
    await runMigrations(database);
    await syncReferenceData(database.db);
    const result = await seedDemo({
      db: database.db,
      dataDir: env.DATA_DIR,
      count,
      logger: {
        info(obj) {
          const { listings, total, ms } = obj as {
            listings?: number;
            total?: number;
            ms?: number;
          };
          if (listings === undefined || listings === total) return;
          process.stdout.write(`  ${listings} of ${total} (${((ms ?? 0) / 1000).toFixed(1)} s)\n`);
        },
      },
    });
    process.stdout.write(
      `Added ${result.listings} demo listings and ${result.members} members in ${(result.ms / 1000).toFixed(1)} s\n`,
    );
  });
}

runCli(NAME, main);
