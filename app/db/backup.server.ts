import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/*
 * Backups of the embedded database (PGlite) and its photos, for an install on one machine. A
 * backup is a folder `$DATA_DIR/backups/souqna-<time>/` holding `db.tar.gz` (PGlite's dump of its
 * data directory), `media/` (a copy of the photos) and `manifest.json` (what it holds, so a
 * restore can prove it got everything). It is written under a `.partial` name and renamed when
 * complete, so a cut power never leaves a backup that looks whole. PostgreSQL and object storage
 * have their own tools (pg_dump, the bucket's versioning): see the README.
 *
 * Both run with the data directory locked (the CLI takes the lock): PGlite is one process's.
 */

export interface BackupManifest {
  format: 1;
  createdAt: string;
  listings: number;
  images: number;
  members: number;
  mediaFiles: number;
}

export class BackupError extends Error {
  override name = "BackupError";
}

async function openEmbedded(dbDir: string, loadDataDir?: Blob) {
  const client = new PGlite(dbDir, { extensions: { pg_trgm }, loadDataDir });
  await client.waitReady;
  return client;
}

async function countRows(client: PGlite) {
  const count = async (table: string) => {
    const result = await client.query<{ n: number }>(`select count(*)::int as n from ${table}`);
    return result.rows[0]?.n ?? 0;
  };
  return {
    listings: await count("listings"),
    images: await count("listing_images"),
    members: await count("users"),
  };
}

function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile()).length;
}

/** `souqna-2026-11-25T10-04-05Z`: sorts by time, safe in every file system. */
function backupName(now: Date) {
  return `souqna-${now
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "-")}`;
}

/** Writes a backup of `$DATA_DIR/db` and `$DATA_DIR/media`; returns its folder and manifest. */
export async function backupEmbedded({
  dataDir,
  now = new Date(),
}: {
  dataDir: string;
  now?: Date;
}) {
  const dbDir = path.join(dataDir, "db");
  if (!fs.existsSync(path.join(dbDir, "PG_VERSION"))) {
    throw new BackupError(`no embedded database in ${dbDir} to back up`);
  }
  const backups = path.join(dataDir, "backups");
  const final = path.join(backups, backupName(now));
  const partial = `${final}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true });

  const client = await openEmbedded(dbDir);
  let counts: Awaited<ReturnType<typeof countRows>>;
  try {
    counts = await countRows(client);
    const dump = await client.dumpDataDir("gzip");
    fs.writeFileSync(path.join(partial, "db.tar.gz"), Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
  const media = path.join(dataDir, "media");
  if (fs.existsSync(media)) fs.cpSync(media, path.join(partial, "media"), { recursive: true });

  const manifest: BackupManifest = {
    format: 1,
    createdAt: now.toISOString(),
    ...counts,
    mediaFiles: countFiles(path.join(partial, "media")),
  };
  fs.writeFileSync(path.join(partial, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  fs.renameSync(partial, final);
  return { path: final, manifest };
}

function readManifest(from: string): BackupManifest {
  const file = path.join(from, "manifest.json");
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(file, "utf8")) as BackupManifest;
  } catch {
    throw new BackupError(`${from} is not a Souqna backup (no readable manifest.json)`);
  }
  if (manifest.format !== 1 || !fs.existsSync(path.join(from, "db.tar.gz"))) {
    throw new BackupError(`${from} is not a complete Souqna backup`);
  }
  return manifest;
}

/**
 * Restores a backup into a data directory that holds no database yet (never over a live one:
 * move it away first), then checks the counts against the manifest.
 */
export async function restoreEmbedded({ from, dataDir }: { from: string; dataDir: string }) {
  const manifest = readManifest(from);
  const dbDir = path.join(dataDir, "db");
  if (fs.existsSync(dbDir) && fs.readdirSync(dbDir).length > 0) {
    throw new BackupError(
      `${dataDir} already holds a database; restore into an empty DATA_DIR, or move ${dbDir} away first`,
    );
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const dump = new Blob([fs.readFileSync(path.join(from, "db.tar.gz"))]);
  const client = await openEmbedded(dbDir, dump);
  let counts: Awaited<ReturnType<typeof countRows>>;
  try {
    counts = await countRows(client);
  } finally {
    await client.close();
  }
  const media = path.join(from, "media");
  if (fs.existsSync(media)) fs.cpSync(media, path.join(dataDir, "media"), { recursive: true });
  const mediaFiles = countFiles(path.join(dataDir, "media"));
  const restored = { ...counts, mediaFiles };
  for (const key of ["listings", "images", "members"] as const) {
    if (restored[key] !== manifest[key]) {
      throw new BackupError(
        `restored ${restored[key]} ${key} but the backup recorded ${manifest[key]}; the backup may be damaged`,
      );
    }
  }
  if (mediaFiles < manifest.mediaFiles) {
    throw new BackupError(
      `restored ${mediaFiles} photo files but the backup recorded ${manifest.mediaFiles}`,
    );
  }
  return { manifest, restored };
}
