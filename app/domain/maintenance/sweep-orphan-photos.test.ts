import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { listings, users } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { sweepOrphanPhotos } from "./sweep-orphan-photos.server";

let database: TestDatabase;
let db: Database;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-sweep-"));
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await db.insert(users).values({ id: "owner", name: "Owner", email: "owner@example.com" });
});
afterAll(async () => {
  await database?.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function folder(id: string, ageMs: number) {
  const dir = path.join(dataDir, "media", "listings", id);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "photo-320.webp"), "x");
  const when = new Date(Date.now() - ageMs);
  fs.utimesSync(dir, when, when);
  return dir;
}

describe("sweepOrphanPhotos", () => {
  it("deletes old folders without a listing, and nothing else", async () => {
    const kept = randomUUID();
    await db.insert(listings).values({
      id: kept,
      userId: "owner",
      title: "Walnut table",
      description: "Solid walnut.",
      price: 1000,
      categoryId: 5,
      location: "homs",
    });
    const listed = folder(kept, 3 * 3_600_000);
    const orphan = folder(randomUUID(), 3 * 3_600_000);
    const inProgress = folder(randomUUID(), 60_000);
    const stranger = path.join(dataDir, "media", "listings", "not-a-listing");
    fs.mkdirSync(stranger, { recursive: true });

    expect(await sweepOrphanPhotos(db, dataDir)).toEqual({ folders: 1 });
    expect(fs.existsSync(orphan)).toBe(false);
    expect(fs.existsSync(listed)).toBe(true);
    expect(fs.existsSync(inProgress)).toBe(true);
    expect(fs.existsSync(stranger)).toBe(true);
    expect(await sweepOrphanPhotos(db, dataDir)).toEqual({ folders: 0 });
  });

  it("is quiet when there is no media folder yet", async () => {
    expect(await sweepOrphanPhotos(db, path.join(dataDir, "nothing-here"))).toEqual({ folders: 0 });
  });
});
