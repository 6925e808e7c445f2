import path from "node:path";
import { restoreEmbedded } from "../../app/db/backup.server";
import { describeBackup, withEmbeddedDataDir } from "./backup-args";
import { runCli } from "./cli-database";

// `npm run db:restore -- <backup folder>`: restores a db:backup into DATA_DIR, which must not
// hold a database yet, and checks that every listing, member and photo came back.

const NAME = "db:restore";

async function main() {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0]!.startsWith("-")) {
    process.stderr.write(
      `${NAME}: usage: npm run db:restore -- <backup folder>, e.g. data/backups/souqna-2026-11-25T10-00-00Z\n`,
    );
    process.exit(2);
  }
  await withEmbeddedDataDir(NAME, async (dataDir) => {
    const from = path.resolve(args[0]!);
    const { manifest } = await restoreEmbedded({ from, dataDir });
    process.stdout.write(`Restored ${describeBackup(manifest)} into ${dataDir}\n`);
  });
}

runCli(NAME, main);
