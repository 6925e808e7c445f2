import type { BackupManifest } from "../../app/db/backup.server";
import { type Env, readEnv } from "../../app/utils/env.server";
import { acquireDataDirLock, prepareDataDir } from "../data-dir";

/** The backup commands are for the embedded database; PostgreSQL has pg_dump. */
export function embeddedOnly(name: string, env: Env) {
  if (!env.DATABASE_URL) return;
  process.stderr.write(
    `${name}: DATABASE_URL is set; back up PostgreSQL with pg_dump and pg_restore (README, "Backups")\n`,
  );
  process.exit(2);
}

export function describeBackup(manifest: BackupManifest) {
  return `${manifest.listings} listings, ${manifest.images} photos (${manifest.mediaFiles} files) and ${manifest.members} members`;
}

/**
 * Runs a backup command on the embedded data directory, holding its lock (the server, which owns
 * it, must be stopped): refused when DATABASE_URL is set.
 */
export async function withEmbeddedDataDir<T>(name: string, fn: (dataDir: string) => Promise<T>) {
  const env = readEnv();
  embeddedOnly(name, env);
  prepareDataDir(env.DATA_DIR);
  const release = acquireDataDirLock(env.DATA_DIR);
  try {
    return await fn(env.DATA_DIR);
  } finally {
    release();
  }
}
