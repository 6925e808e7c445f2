import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, isNull } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { listingImages, listings, users } from "~/db/schema";
import { createListing } from "~/domain/listings/create-listing.server";
import type { ListingFormInput } from "~/domain/listings/listings-schemas";
import { stagePhoto } from "~/domain/listings/staged-photos.server";
import { fingerprintFromColumns, photoPrints, samePhoto } from "~/media/photo-fingerprint.server";
import { createLocalStorage, type MediaDriver } from "~/media/storage.server";
import { generatedPhoto } from "../../../tests/factories/photos";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { fingerprintStoredPhotos } from "./fingerprint-photos.server";
import { findPhotoMatches } from "./photo-matches.server";

/*
 * Finding a photo again through the database (decision 039): the fingerprint written with each
 * listing photo (sent with the post, or staged ahead), the band indexes, and the full comparison,
 * in the scopes the duplicate and stolen-photo checks ask for.
 */
let database: TestDatabase;
let db: Database;
let dataDir: string;
let storage: MediaDriver;

const RANIA = { id: "rania", emailVerified: true };
const SAMER = { id: "samer", emailVerified: true };
const car: ListingFormInput = {
  title: "Kia Rio 2015",
  description: "One owner, papers ready.",
  price: "95,000,000",
  categoryId: "5",
  location: "hama",
  details: { type: "sofas", condition: "good" },
};

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-prints-"));
  storage = createLocalStorage(dataDir);
  await db.insert(users).values([
    { id: RANIA.id, name: "Rania", email: "rania@example.com", emailVerified: true },
    { id: SAMER.id, name: "Samer", email: "samer@example.com", emailVerified: true },
  ]);
});

afterAll(async () => {
  await database?.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function printsOf(bytes: Buffer) {
  const prints = await photoPrints(bytes);
  if (!prints) throw new Error("blank");
  return prints;
}

describe("finding a listing's photo again", () => {
  it("finds a posted photo's altered copies, as its owner's repeat or as another member's photo", async () => {
    const original = await generatedPhoto(21);
    const staged = await generatedPhoto(22);
    const { id } = await createListing({
      db,
      storage,
      member: RANIA,
      input: car,
      images: [new Uint8Array(original)],
      stagedPhotos: [
        (
          await stagePhoto({
            db,
            storage,
            member: RANIA,
            uploadId: crypto.randomUUID(),
            bytes: new Uint8Array(staged),
          })
        ).id,
      ],
    });
    const rows = await db.select().from(listingImages).where(eq(listingImages.listingId, id));
    expect(rows).toHaveLength(2);
    expect(
      rows.every((row) => row.photoHash !== null && /^[0-9a-f]{96}$/.test(row.photoColours ?? "")),
    ).toBe(true);

    const { width = 0, height = 0 } = await sharp(original).metadata();
    const cropped = await sharp(original)
      .extract({
        left: Math.round(width * 0.05),
        top: 0,
        width: width - Math.round(width * 0.05),
        height,
      })
      .resize(Math.round(width * 0.6))
      .jpeg({ quality: 60 })
      .toBuffer();
    const brighter = await sharp(staged).modulate({ brightness: 1.1 }).toBuffer();
    const other = await generatedPhoto(23);
    const checked = [await printsOf(other), await printsOf(cropped), await printsOf(brighter)];

    // For Rania they repeat her own ad; for Samer they are another member's photos.
    const asOwn = await findPhotoMatches(db, checked, RANIA.id);
    expect(asOwn.map((m) => [m.listingId, m.photo, m.ownerId, m.mine]).sort()).toEqual([
      [id, 1, RANIA.id, true],
      [id, 2, RANIA.id, true],
    ]);
    const asOther = await findPhotoMatches(db, checked, SAMER.id);
    expect(asOther.map((m) => [m.photo, m.mine]).sort()).toEqual([
      [1, false],
      [2, false],
    ]);
    // Not the listing being edited, and nothing for photos without a fingerprint.
    expect(await findPhotoMatches(db, checked, RANIA.id, id)).toEqual([]);
    expect(await findPhotoMatches(db, [null, undefined], RANIA.id)).toEqual([]);
  });

  it("looks among removed listings for 180 days, and not among sold or hidden ones", async () => {
    const photo = await generatedPhoto(31);
    const { id } = await createListing({
      db,
      storage,
      member: RANIA,
      input: { ...car, title: "Hyundai Accent" },
      images: [new Uint8Array(photo)],
    });
    const checked = [await printsOf(await sharp(photo).resize(300).toBuffer())];
    const found = async () =>
      (await findPhotoMatches(db, checked, SAMER.id)).map((m) => m.listingId);

    await db.update(listings).set({ status: "sold" }).where(eq(listings.id, id));
    expect(await found()).toEqual([]);
    await db
      .update(listings)
      .set({ status: "removed", updatedAt: new Date(Date.now() - 179 * 86_400_000) })
      .where(eq(listings.id, id));
    expect(await found()).toEqual([id]);
    // For its owner a removed listing is no ad to repeat: posting it again is allowed.
    expect(await findPhotoMatches(db, checked, RANIA.id)).toEqual([]);
    await db
      .update(listings)
      .set({ updatedAt: new Date(Date.now() - 181 * 86_400_000) })
      .where(eq(listings.id, id));
    expect(await found()).toEqual([]);
  });

  it("never matches a blank photo: it has no fingerprint", async () => {
    const plain = await sharp({
      create: { width: 600, height: 400, channels: 3, background: "#2a6" },
    })
      .jpeg()
      .toBuffer();
    const { id } = await createListing({
      db,
      storage,
      member: RANIA,
      input: { ...car, title: "Plain" },
      images: [new Uint8Array(plain)],
    });
    const blank = await db.select().from(listingImages).where(isNull(listingImages.photoHash));
    expect(blank.map((row) => row.listingId)).toEqual([id]);
  });
});

describe("fingerprinting the photos from before fingerprints", () => {
  it("works through them in runs that can stop anywhere, and marks an unreadable one as done", async () => {
    const photos = [await generatedPhoto(41), await generatedPhoto(42), await generatedPhoto(43)];
    const { id } = await createListing({
      db,
      storage,
      member: SAMER,
      input: { ...car, title: "Old photos" },
      images: photos.map((photo) => new Uint8Array(photo)),
    });
    const rows = await db.select().from(listingImages).where(eq(listingImages.listingId, id));
    const before = new Map(rows.map((row) => [row.id, row.photoHash]));
    // As they were before this decision, and one whose files are gone.
    await db.update(listingImages).set({ photoHash: null, photoColours: null });
    const gone = rows[2]!;
    await storage.delete(gone.variants.map((v) => v.key));
    const left = async () =>
      (await db.select().from(listingImages).where(isNull(listingImages.photoColours))).length;
    const all = await left();
    expect(all).toBeGreaterThanOrEqual(3);

    const first = await fingerprintStoredPhotos({ db, storage, max: 2 });
    expect(first).toMatchObject({ done: 2, left: true });
    expect(await left()).toBe(all - 2);
    const rest = await fingerprintStoredPhotos({ db, storage });
    expect(rest.left).toBe(false);
    expect(rest.failed).toBe(1);
    expect(await left()).toBe(0);

    const after = await db.select().from(listingImages).where(eq(listingImages.listingId, id));
    for (const row of after) {
      if (row.id === gone.id) {
        expect(row).toMatchObject({ photoHash: null, photoColours: "" });
        continue;
      }
      // Read back from the 640-pixel file, the same photo as fingerprinted at upload.
      const stored = fingerprintFromColumns(row);
      const original = photos[rows.findIndex((r) => r.id === row.id)]!;
      expect(stored && samePhoto(stored, (await printsOf(original)).probes)).toBe(true);
      expect(typeof before.get(row.id)).toBe("bigint");
    }
    // Found again as any fingerprinted photo is.
    const again = await findPhotoMatches(db, [await printsOf(photos[0]!)], SAMER.id);
    expect(again.map((m) => m.listingId)).toEqual([id]);
  });
});
