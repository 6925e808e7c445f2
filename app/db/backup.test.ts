import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { BackupError, backupEmbedded, restoreEmbedded } from "./backup.server";
import { openPglite, selectRows } from "./client.server";
import { runMigrations } from "./migrate.server";
import { syncReferenceData } from "./reference-data/sync.server";
import { seedDemo } from "./seed/seed-demo.server";

/*
 * A backup restored into a fresh data directory holds the same listings and the same photo
 * files, byte for byte; a damaged or half-written backup is refused, and so is a restore over a
 * live database. Real PGlite, real files.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-backup-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

async function listingsIn(dataDir: string) {
  const handle = await openPglite(path.join(dataDir, "db"));
  try {
    return await selectRows<{ id: number; title: string; keys: string[] }>(
      handle.db,
      sql`select l.id, l.title, array(
            select v->>'key' from listing_images i, jsonb_array_elements(i.variants) v
            where i.listing_id = l.id order by 1) as keys
          from listings l order by l.id`,
    );
  } finally {
    await handle.close();
  }
}

describe("backups of the embedded database", () => {
  const source = path.join(root, "source");
  const target = path.join(root, "target");
  let backupPath = "";

  it("backs up a database with listings and photos, and restores it elsewhere", async () => {
    // The suite's migrated PGlite template when there is one (PostgreSQL runs migrate here).
    const config = inject("testDatabase");
    if (config.kind === "pglite")
      fs.cpSync(config.template, path.join(source, "db"), { recursive: true });
    const handle = await openPglite(path.join(source, "db"));
    if (config.kind !== "pglite") {
      await runMigrations(handle);
      await syncReferenceData(handle.db);
    }
    await seedDemo({ db: handle.db, dataDir: source, count: 6, now: new Date("2026-11-01") });
    await handle.close();

    const { path: written, manifest } = await backupEmbedded({
      dataDir: source,
      now: new Date("2026-11-25T10:00:00Z"),
    });
    backupPath = written;
    expect(path.basename(written)).toBe("souqna-2026-11-25T10-00-00Z");
    expect(manifest.listings).toBe(6);
    expect(manifest.images).toBeGreaterThan(0);
    expect(manifest.mediaFiles).toBeGreaterThan(0);
    expect(fs.existsSync(`${written}.partial`)).toBe(false);

    const { restored } = await restoreEmbedded({ from: written, dataDir: target });
    expect(restored.listings).toBe(6);

    const before = await listingsIn(source);
    const after = await listingsIn(target);
    expect(after).toEqual(before);
    const keys = after.flatMap((row) => row.keys);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      const original = fs.readFileSync(path.join(source, "media", key));
      expect(fs.readFileSync(path.join(target, "media", key)).equals(original), key).toBe(true);
    }
  }, 180_000);

  it("never restores over a database", async () => {
    await expect(restoreEmbedded({ from: backupPath, dataDir: target })).rejects.toThrow(
      /already holds a database/,
    );
  });

  it("refuses a folder that is not a complete backup", async () => {
    const broken = path.join(root, "broken");
    fs.mkdirSync(broken, { recursive: true });
    await expect(restoreEmbedded({ from: broken, dataDir: path.join(root, "x") })).rejects.toThrow(
      BackupError,
    );
    fs.writeFileSync(path.join(broken, "manifest.json"), JSON.stringify({ format: 1 }));
    await expect(restoreEmbedded({ from: broken, dataDir: path.join(root, "x") })).rejects.toThrow(
      /not a complete Souqna backup/,
    );
  });

  it("says so when there is nothing to back up", async () => {
    await expect(backupEmbedded({ dataDir: path.join(root, "empty") })).rejects.toThrow(
      /no embedded database/,
    );
  });
});
