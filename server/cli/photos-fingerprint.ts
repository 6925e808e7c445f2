import { runMigrations } from "../../app/db/migrate.server";
import { fingerprintStoredPhotos } from "../../app/domain/screening/fingerprint-photos.server";
import { createMediaStorage } from "../../app/media/media-storage.server";
import { runCli, withCliDatabase } from "./cli-database";

// `npm run photos:fingerprint`: fingerprints every listing photo from before fingerprints
// (decision 039), so the duplicate and stolen-photo checks know them. The hourly housekeeping
// does the same a few thousand at a time; this does all of them now. Safe to stop (Ctrl-C) and
// run again, also while the server runs on PostgreSQL: what is left is what the table says is left.

const NAME = "photos:fingerprint";
/** A progress line at most this often. */
const PROGRESS_EVERY_MS = 2000;

async function main() {
  if (process.argv.length > 2) {
    process.stderr.write(`${NAME}: takes no arguments; usage: npm run photos:fingerprint\n`);
    process.exit(2);
  }
  await withCliDatabase(async ({ env, database, where, releaseLock }) => {
    process.once("SIGINT", () => {
      releaseLock();
      process.stderr.write(`${NAME}: interrupted; the photos done so far are kept\n`);
      process.exit(130);
    });
    process.stdout.write(`Fingerprinting listing photos in ${where}…\n`);
    await runMigrations(database);
    const storage = createMediaStorage(env);
    const started = performance.now();
    let lastLine = started;
    try {
      const result = await fingerprintStoredPhotos({
        db: database.db,
        storage,
        onProgress(progress) {
          const now = performance.now();
          if (now - lastLine < PROGRESS_EVERY_MS) return;
          lastLine = now;
          process.stdout.write(`  ${progress.done} done, ${progress.failed} unreadable\n`);
        },
      });
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(
        `Done in ${seconds} s: ${result.done} photos fingerprinted, ${result.failed} unreadable (missing or damaged files; marked, not retried).\n`,
      );
    } finally {
      storage.close();
    }
  });
}

runCli(NAME, main);
