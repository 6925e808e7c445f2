// `npm run media:migrate -- --to s3`: copies the photos under $DATA_DIR/media to the bucket the
// S3_* variables name (decision 016). Run it before switching MEDIA_STORAGE to s3, and once more
// right after the switch for photos uploaded in between: each run copies only what the bucket
// lacks (same key, same size is skipped), so it is safe to stop and run again. Local files are
// never changed or deleted.
import { parseArgs } from "node:util";
import { createS3StorageFromEnv } from "../../app/media/media-storage.server";
import { type MigrationProgress, migrateMedia } from "../../app/media/migrate-media.server";
import { ConfigError, readEnv } from "../../app/utils/env.server";

const NAME = "media:migrate";
const USAGE = `usage: npm run media:migrate -- --to s3 [--concurrency N]`;
/** A progress line at most this often, and after the last file. */
const PROGRESS_EVERY_MS = 1000;

function fail(message: string, code = 2): never {
  process.stderr.write(`${NAME}: ${message}\n`);
  process.exit(code);
}

async function main() {
  let values: { to?: string; concurrency?: string };
  try {
    ({ values } = parseArgs({
      options: { to: { type: "string" }, concurrency: { type: "string" } },
      strict: true,
    }));
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`);
  }
  if (values.to !== "s3") fail(`--to s3 is the only target\n${USAGE}`);
  const concurrency = Number(values.concurrency ?? 8);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) {
    fail(`--concurrency must be a whole number from 1 to 64\n${USAGE}`);
  }

  let env: ReturnType<typeof readEnv>;
  try {
    // The bucket's variables are checked as the server would check them with MEDIA_STORAGE=s3.
    env = readEnv({ ...process.env, MEDIA_STORAGE: "s3" });
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const target = createS3StorageFromEnv(env);
  const where = `${env.S3_ENDPOINT ?? `s3.${env.S3_REGION}.amazonaws.com`}, bucket ${env.S3_BUCKET}`;
  process.stdout.write(`Copying ${env.DATA_DIR}/media to ${where}\n`);

  const started = performance.now();
  let lastLine = 0;
  const line = (p: MigrationProgress) =>
    `[${p.done}/${p.total}] copied ${p.copied}, already there ${p.skipped}, failed ${p.failed}`;
  const result = await migrateMedia({
    dataDir: env.DATA_DIR,
    to: target,
    concurrency,
    onProgress(progress) {
      const now = performance.now();
      if (progress.done === progress.total || now - lastLine >= PROGRESS_EVERY_MS) {
        lastLine = now;
        process.stdout.write(`${line(progress)}\n`);
      }
    },
  }).finally(() => target.close());

  if (result.total === 0) process.stdout.write("No photos to copy.\n");
  for (const key of result.ignored) {
    process.stdout.write(`left alone (not a media key of ours): ${key}\n`);
  }
  for (const { key, error } of result.failures) process.stderr.write(`failed: ${key}: ${error}\n`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (result.failed > 0) {
    fail(`${result.failed} of ${result.total} files failed; run it again to retry them`, 1);
  }
  process.stdout.write(
    `Done in ${seconds} s: ${result.copied} copied, ${result.skipped} already in the bucket.\n`,
  );
}

main().catch((error: unknown) => {
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error), 1);
});
