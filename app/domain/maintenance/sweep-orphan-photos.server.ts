import fs from "node:fs/promises";
import path from "node:path";
import { inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { listings } from "~/db/schema";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const HOUR = 60 * 60 * 1000;

/**
 * Deletes photo folders (`$DATA_DIR/media/listings/<id>`) whose listing does not exist and that
 * are older than `minAgeMs`. A post writes its photos before its listing row and deletes them when
 * the row cannot be saved; only a process killed in between leaves such a folder. The age keeps a
 * post in progress (photos written, row not yet committed) safe.
 */
export async function sweepOrphanPhotos(
  db: Database,
  dataDir: string,
  { now = Date.now(), minAgeMs = HOUR } = {},
): Promise<{ folders: number }> {
  const root = path.join(dataDir, "media", "listings");
  const names = await fs.readdir(root).catch(() => [] as string[]);
  const old: string[] = [];
  for (const name of names) {
    if (!UUID.test(name)) continue;
    const stat = await fs.stat(path.join(root, name)).catch(() => null);
    if (stat?.isDirectory() && now - stat.mtimeMs >= minAgeMs) old.push(name);
  }
  let folders = 0;
  for (let i = 0; i < old.length; i += 500) {
    const batch = old.slice(i, i + 500);
    const found = new Set(
      (await db.select({ id: listings.id }).from(listings).where(inArray(listings.id, batch))).map(
        (row) => row.id,
      ),
    );
    for (const id of batch) {
      if (found.has(id)) continue;
      await fs.rm(path.join(root, id), { recursive: true, force: true });
      folders += 1;
    }
  }
  return { folders };
}
