import { backupEmbedded } from "../../app/db/backup.server";
import { describeBackup, withEmbeddedDataDir } from "./backup-args";
import { runCli } from "./cli-database";

// `npm run db:backup`: a backup of the embedded database and its photos in $DATA_DIR/backups.
// Stop the server first (it owns the data directory); PostgreSQL uses pg_dump (README).

const NAME = "db:backup";

async function main() {
  if (process.argv.length > 2) {
    process.stderr.write(`${NAME}: takes no arguments; it backs up DATA_DIR\n`);
    process.exit(2);
  }
  await withEmbeddedDataDir(NAME, async (dataDir) => {
    const started = performance.now();
    const { path, manifest } = await backupEmbedded({ dataDir });
    process.stdout.write(
      `Backed up ${describeBackup(manifest)} to ${path} in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
    );
  });
}

runCli(NAME, main);
