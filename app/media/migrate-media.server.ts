import fs from "node:fs/promises";
import path from "node:path";
import { isValidMediaKey, type MediaStorage } from "./storage.server";

export interface MigrationProgress {
  /** Files looked at so far, of `total`. */
  done: number;
  total: number;
  copied: number;
  /** Already in the target with the same size: an earlier run copied them. */
  skipped: number;
  failed: number;
}

export interface MigrationResult extends MigrationProgress {
  failures: { key: string; error: string }[];
  /** Files under the media folder that no key of ours names (left where they are). */
  ignored: string[];
}

export interface MigrateMediaOptions {
  /** `$DATA_DIR`: the local driver's files are under `$DATA_DIR/media`. */
  dataDir: string;
  /** The target: what `stat` says is there is not copied again. */
  to: Pick<MediaStorage, "put"> & { stat(key: string): Promise<{ size: number } | null> };
  /** Uploads at once: a bucket answers each in tens of milliseconds, so a few run side by side. */
  concurrency?: number;
  onProgress?: (progress: MigrationProgress) => void;
}

/**
 * Copies every local media file to another driver (a bucket). Idempotent and resumable: a key the
 * target already holds with the same size is skipped, so a run that stopped half-way (or a second
 * run after new uploads) copies only what is missing. A file that fails is reported and the rest
 * go on; the local files are never changed.
 */
export async function migrateMedia({
  dataDir,
  to,
  concurrency = 8,
  onProgress,
}: MigrateMediaOptions): Promise<MigrationResult> {
  const root = path.resolve(dataDir, "media");
  const { keys, ignored } = await listLocalKeys(root);
  const result: MigrationResult = {
    done: 0,
    total: keys.length,
    copied: 0,
    skipped: 0,
    failed: 0,
    failures: [],
    ignored,
  };

  async function copy(key: string) {
    try {
      const file = path.join(root, key);
      const { size } = await fs.stat(file);
      const there = await to.stat(key);
      if (there && there.size === size) {
        result.skipped++;
      } else {
        await to.put(key, await fs.readFile(file));
        result.copied++;
      }
    } catch (error) {
      result.failed++;
      result.failures.push({ key, error: (error as Error).message });
    }
    result.done++;
    const { done, total, copied, skipped, failed } = result;
    onProgress?.({ done, total, copied, skipped, failed });
  }

  let next = 0;
  const workers = Array.from(
    { length: Math.max(1, Math.min(concurrency, keys.length)) },
    async () => {
      while (next < keys.length) await copy(keys[next++]!);
    },
  );
  await Promise.all(workers);
  return result;
}

/** Keys of the files under `root`, sorted; dotfiles (unfinished writes) are not files of ours. */
async function listLocalKeys(root: string) {
  let entries: string[];
  try {
    entries = (await fs.readdir(root, { recursive: true })) as string[];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { keys: [], ignored: [] };
    throw error;
  }
  const keys: string[] = [];
  const ignored: string[] = [];
  for (const entry of entries.sort()) {
    const key = entry.split(path.sep).join("/");
    if (path.basename(key).startsWith(".")) continue;
    const stats = await fs.lstat(path.join(root, entry));
    if (!stats.isFile()) continue;
    if (isValidMediaKey(key)) keys.push(key);
    else ignored.push(key);
  }
  return { keys, ignored };
}
