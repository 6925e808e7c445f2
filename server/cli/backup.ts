import { backupEmbedded } from "../../app/db/backup.server";
import { readEnv } from "../../app/utils/env.server";
import { acquireDataDirLock, prepareDataDir } from "../data-dir";
import { describeBackup, embeddedOnly } from "./backup-args";
import { runCli } from "./cli-database";

// `npm run db:backup`: a backup of the embedded database and its photos in $DATA_DIR/backups.
// Stop the server first (it owns the data directory); PostgreSQL uses pg_dump (README).

const NAME = "db:backup";

async function main() {
  if (process.argv.length > 2) {
    process.stderr.write(`${NAME}: takes no arguments; it backs up DATA_DIR\n`);
    process.exit(2);
  }
  const env = readEnv();
  embeddedOnly(NAME, env);
  prepareDataDir(env.DATA_DIR);
  const release = acquireDataDirLock(env.DATA_DIR);
  try {
    const started = performance.now();
    const { path, manifest } = await backupEmbedded({ dataDir: env.DATA_DIR });
    process.stdout.write(
      `Backed up ${describeBackup(manifest)} to ${path} in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
    );
  } finally {
    release();
  }
}

runCli(NAME, main);
