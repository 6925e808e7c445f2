import { BackupError } from "../../app/db/backup.server";
import {
  type DatabaseHandle,
  DatabaseUnavailableError,
  describeUrl,
  openDatabase,
} from "../../app/db/client.server";
import { ConfigError, type Env, readEnv } from "../../app/utils/env.server";
import { acquireDataDirLock, prepareDataDir, StartupError } from "../data-dir";

export interface CliDatabase {
  env: Env;
  database: DatabaseHandle;
  /** "PostgreSQL at host:5432/db" or "PGlite in /path", for messages. */
  where: string;
  releaseLock: () => void;
}

/**
 * Opens the configured database for a command-line tool, holding the data-dir lock on PGlite
 * (a running server owns those files; writing beside it would corrupt them), and closes it after.
 */
export async function withCliDatabase<T>(fn: (cli: CliDatabase) => Promise<T>): Promise<T> {
  const env = readEnv();
  prepareDataDir(env.DATA_DIR);
  const releaseLock = env.DATABASE_URL ? () => {} : acquireDataDirLock(env.DATA_DIR);
  try {
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
    try {
      const where = env.DATABASE_URL
        ? `PostgreSQL at ${describeUrl(env.DATABASE_URL)}`
        : `PGlite in ${env.DATA_DIR}`;
      return await fn({ env, database, where, releaseLock });
    } finally {
      await database.close();
    }
  } finally {
    releaseLock();
  }
}

/** Errors a person can act on, printed as one line; anything else keeps its stack. */
export function isExpectedStartupError(error: unknown): error is Error {
  return (
    error instanceof ConfigError ||
    error instanceof StartupError ||
    error instanceof BackupError ||
    error instanceof DatabaseUnavailableError
  );
}

/** Runs a command's main(), ending with one line `name: message` and exit code 1 on failure. */
export function runCli(name: string, main: () => Promise<void>) {
  main().catch((error: unknown) => {
    const message = isExpectedStartupError(error)
      ? error.message
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
    process.stderr.write(`${name}: ${message}\n`);
    process.exit(1);
  });
}
