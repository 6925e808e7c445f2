import type { BackupManifest } from "../../app/db/backup.server";
import type { Env } from "../../app/utils/env.server";

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
