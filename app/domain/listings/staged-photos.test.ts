import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { listingImages, listings, stagedPhotos, users } from "~/db/schema";
import { createLocalStorage, type MediaStorage } from "~/media/storage.server";
import type { AppErrorCode } from "~/utils/app-error";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { createListing } from "./create-listing.server";
import type { ListingFormInput } from "./listings-schemas";
import {
  deleteExpiredStagedPhotos,
  MAX_STAGED_PHOTOS,
  STAGED_PHOTO_HOURS,
  stagePhoto,
} from "./staged-photos.server";
import { updateListing } from "./update-listing.server";

/*
 * Photos uploaded ahead of the post (decision 025), against the real image pipeline and disk:
 * one processing per upload id, only the uploader's photos in their post, none after 24 hours,
 * hostile files refused as the post form refuses them, a post sent twice makes one listing.
 */
let database: TestDatabase;
let db: Database;
let dataDir: string;
let storage: MediaStorage;
let jpeg: Uint8Array;

const RANIA = { id: "rania", emailVerified: true };
const SAMER = { id: "samer", emailVerified: true };
const sofa: ListingFormInput = {
  title: "Grey sofa",
  description: "Three seats, good shape.",
  price: "1,500,000",
  categoryId: "5",
  location: "aleppo",
  details: { type: "sofas", condition: "good" },
};

/**
 * The sofa as one more ad: a member's second post of the very same words would be refused as a
 * repeat of their own listing (screening, issue 30), so each post names its own lot.
 */
function aSofa(): ListingFormInput {
  return { ...sofa, description: `${sofa.description} Lot ${randomUUID().slice(0, 8)}.` };
}

async function expectCode(promise: Promise<unknown>, code: AppErrorCode) {
  await expect(promise).rejects.toMatchObject({ name: "AppError", code });
}

const uploadId = () => crypto.randomUUID();
const filesOf = () => fs.readdirSync(path.join(dataDir, "media", "staged")).sort();

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-staged-"));
  storage = createLocalStorage(dataDir);
  jpeg = new Uint8Array(
    await sharp({ create: { width: 900, height: 600, channels: 3, background: "#a05" } })
      .jpeg()
      .toBuffer(),
  );
  await db.insert(users).values([
    { id: RANIA.id, name: "Rania", email: "rania@example.com", emailVerified: true },
    { id: SAMER.id, name: "Samer", email: "samer@example.com", emailVerified: true },
  ]);
});

afterAll(async () => {
  await database?.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("staging a photo", () => {
  it("processes it once per upload id: a retry gets the same photo, nothing written again", async () => {
    const id = uploadId();
    const first = await stagePhoto({ db, storage, member: RANIA, uploadId: id, bytes: jpeg });
    expect(first.created).toBe(true);
    expect(first.thumb.src).toMatch(/^\/media\/staged\/[0-9a-f-]{36}-320\.webp$/);
    const files = filesOf();
    // The same upload again (the connection dropped after the server had it), and twice at once.
    const [again, twice] = await Promise.all([
      stagePhoto({ db, storage, member: RANIA, uploadId: id.toUpperCase(), bytes: jpeg }),
      stagePhoto({ db, storage, member: RANIA, uploadId: id, bytes: jpeg }).catch(
        (error: { code: string }) => error.code,
      ),
    ]);
    expect(again).toEqual({ ...first, created: false });
    expect([first.id, "STAGED_PHOTO_BUSY"]).toContain(typeof twice === "string" ? twice : twice.id);
    expect(filesOf()).toEqual(files);
    const rows = await db.select().from(stagedPhotos).where(eq(stagedPhotos.userId, RANIA.id));
    expect(rows).toHaveLength(1);
  });

  it("refuses hostile files as the post form does, and keeps nothing of them", async () => {
    const before = await db.select().from(stagedPhotos);
    const html = new TextEncoder().encode("<html><script>alert(1)</script></html>");
    await expectCode(
      stagePhoto({ db, storage, member: RANIA, uploadId: uploadId(), bytes: html }),
      "IMAGE_NOT_IMAGE",
    );
    const truncated = jpeg.slice(0, 200);
    await expect(
      stagePhoto({ db, storage, member: RANIA, uploadId: uploadId(), bytes: truncated }),
    ).rejects.toMatchObject({ name: "AppError" });
    const huge = new Uint8Array(16 * 1024 * 1024);
    await expectCode(
      stagePhoto({ db, storage, member: RANIA, uploadId: uploadId(), bytes: huge }),
      "LISTING_IMAGE_TOO_LARGE",
    );
    for (const bad of ["", "../../etc/passwd", "1; drop table staged_photos", "١٢٣"]) {
      await expectCode(
        stagePhoto({ db, storage, member: RANIA, uploadId: bad, bytes: jpeg }),
        "INVALID_REQUEST",
      );
    }
    expect(await db.select().from(stagedPhotos)).toHaveLength(before.length);
  });

  it(`keeps at most ${MAX_STAGED_PHOTOS} waiting per member`, async () => {
    await db.delete(stagedPhotos).where(eq(stagedPhotos.userId, SAMER.id));
    await db.insert(stagedPhotos).values(
      Array.from({ length: MAX_STAGED_PHOTOS }, () => ({
        userId: SAMER.id,
        uploadId: uploadId(),
        storageKey: `staged/${crypto.randomUUID()}`,
      })),
    );
    await expectCode(
      stagePhoto({ db, storage, member: SAMER, uploadId: uploadId(), bytes: jpeg }),
      "STAGED_PHOTO_LIMIT",
    );
    await db.delete(stagedPhotos).where(eq(stagedPhotos.userId, SAMER.id));
  });
});

describe("posting with staged photos", () => {
  it("takes the member's photos in their order, the first as the primary one", async () => {
    const a = await stagePhoto({ db, storage, member: RANIA, uploadId: uploadId(), bytes: jpeg });
    const b = await stagePhoto({ db, storage, member: RANIA, uploadId: uploadId(), bytes: jpeg });
    const { id } = await createListing({
      db,
      storage,
      member: RANIA,
      input: aSofa(),
      images: [],
      stagedPhotos: [b.id, a.id],
    });
    const images = await db
      .select()
      .from(listingImages)
      .where(eq(listingImages.listingId, id))
      .orderBy(listingImages.sortOrder);
    expect(images.map((image) => image.isPrimary)).toEqual([true, false]);
    expect(images[0]?.variants[0]?.key).toBe(b.thumb.src.replace(/^\/media\//, ""));
    // Taken: no longer waiting, its files now the listing's.
    const left = await db.select().from(stagedPhotos).where(eq(stagedPhotos.id, a.id));
    expect(left).toEqual([]);
    expect(fs.existsSync(path.join(dataDir, "media", b.thumb.src.replace(/^\/media\//, "")))).toBe(
      true,
    );
  });

  it("refuses another member's photo, an unknown one, or one named twice, and keeps them staged", async () => {
    const mine = await stagePhoto({
      db,
      storage,
      member: RANIA,
      uploadId: uploadId(),
      bytes: jpeg,
    });
    const count = async () => (await db.select().from(listings)).length;
    const before = await count();
    for (const named of [[mine.id], [crypto.randomUUID()], ["not-a-uuid"]]) {
      await expectCode(
        createListing({
          db,
          storage,
          member: SAMER,
          input: aSofa(),
          images: [],
          stagedPhotos: named,
        }),
        "STAGED_PHOTO_INVALID",
      );
    }
    await expectCode(
      createListing({
        db,
        storage,
        member: RANIA,
        input: aSofa(),
        images: [],
        stagedPhotos: [mine.id, mine.id],
      }),
      "STAGED_PHOTO_INVALID",
    );
    expect(await count()).toBe(before);
    // Still Rania's to use.
    const { id } = await createListing({
      db,
      storage,
      member: RANIA,
      input: aSofa(),
      images: [],
      stagedPhotos: [mine.id],
    });
    expect(
      await db.select().from(listingImages).where(eq(listingImages.listingId, id)),
    ).toHaveLength(1);
  });

  it(`refuses a photo older than ${STAGED_PHOTO_HOURS} hours, and the sweep deletes it with its files`, async () => {
    const old = await stagePhoto({ db, storage, member: RANIA, uploadId: uploadId(), bytes: jpeg });
    await db
      .update(stagedPhotos)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(stagedPhotos.id, old.id));
    await expectCode(
      createListing({
        db,
        storage,
        member: RANIA,
        input: aSofa(),
        images: [],
        stagedPhotos: [old.id],
      }),
      "STAGED_PHOTO_INVALID",
    );
    const file = path.join(dataDir, "media", old.thumb.src.replace(/^\/media\//, ""));
    expect(fs.existsSync(file)).toBe(true);
    const fresh = await stagePhoto({
      db,
      storage,
      member: RANIA,
      uploadId: uploadId(),
      bytes: jpeg,
    });
    expect(await deleteExpiredStagedPhotos({ db, storage })).toBe(1);
    expect(fs.existsSync(file)).toBe(false);
    expect(await db.select().from(stagedPhotos).where(eq(stagedPhotos.id, old.id))).toEqual([]);
    expect(await db.select().from(stagedPhotos).where(eq(stagedPhotos.id, fresh.id))).toHaveLength(
      1,
    );
  });

  it("makes one listing of a post sent twice under one key, even at once", async () => {
    const key = crypto.randomUUID();
    const photo = await stagePhoto({
      db,
      storage,
      member: RANIA,
      uploadId: uploadId(),
      bytes: jpeg,
    });
    const send = () =>
      createListing({
        db,
        storage,
        member: RANIA,
        input: aSofa(),
        images: [],
        stagedPhotos: [photo.id],
        idempotencyKey: key,
      });
    const [first, second] = await Promise.all([send(), send()]);
    expect(first.id).toBe(second.id);
    expect([first.created, second.created].sort()).toEqual([false, true]);
    expect((await send()).id).toBe(first.id);
    const made = await db.select().from(listings).where(eq(listings.idempotencyKey, key));
    expect(made).toHaveLength(1);
    // Another member's post under the same key is their own.
    const other = await createListing({
      db,
      storage,
      member: SAMER,
      input: aSofa(),
      images: [],
      idempotencyKey: key,
    });
    expect(other.created).toBe(true);
    await expectCode(
      createListing({
        db,
        storage,
        member: RANIA,
        input: aSofa(),
        images: [],
        idempotencyKey: "x",
      }),
      "INVALID_REQUEST",
    );
  });

  it("refuses a post written by another member (a queued post sent after a change of account)", async () => {
    const photo = await stagePhoto({
      db,
      storage,
      member: RANIA,
      uploadId: uploadId(),
      bytes: jpeg,
    });
    const key = crypto.randomUUID();
    const count = async () => (await db.select().from(listings)).length;
    const before = await count();
    // Rania wrote it on this device; Samer is signed in when it goes.
    await expectCode(
      createListing({
        db,
        storage,
        member: SAMER,
        input: aSofa(),
        images: [],
        idempotencyKey: key,
        author: RANIA.id,
      }),
      "FORBIDDEN",
    );
    expect(await count()).toBe(before);
    const made = await createListing({
      db,
      storage,
      member: RANIA,
      input: aSofa(),
      images: [],
      stagedPhotos: [photo.id],
      idempotencyKey: key,
      author: RANIA.id,
    });
    expect(made.created).toBe(true);
  });
});

describe("editing with staged photos", () => {
  it("adds the owner's staged photos after the ones kept, and nobody else's", async () => {
    const first = await stagePhoto({
      db,
      storage,
      member: RANIA,
      uploadId: uploadId(),
      bytes: jpeg,
    });
    const { id } = await createListing({
      db,
      storage,
      member: RANIA,
      input: aSofa(),
      images: [],
      stagedPhotos: [first.id],
    });
    const mine = await stagePhoto({
      db,
      storage,
      member: RANIA,
      uploadId: uploadId(),
      bytes: jpeg,
    });
    const theirs = await stagePhoto({
      db,
      storage,
      member: SAMER,
      uploadId: uploadId(),
      bytes: jpeg,
    });
    const edit = (stagedPhotos: string[]) =>
      updateListing({
        db,
        storage,
        member: RANIA,
        listingId: id,
        input: { ...sofa, price: "1,400,000" },
        newImages: [],
        stagedPhotos,
        removedImageIds: [],
      });
    // Another member's photo: refused, and the edit is not half made.
    await expectCode(edit([mine.id, theirs.id]), "STAGED_PHOTO_INVALID");
    const [unchanged] = await db.select().from(listings).where(eq(listings.id, id));
    expect(unchanged?.price).toBe(1_500_000);
    expect(await db.select().from(stagedPhotos).where(eq(stagedPhotos.id, mine.id))).toHaveLength(
      1,
    );

    await edit([mine.id]);
    const images = await db
      .select()
      .from(listingImages)
      .where(eq(listingImages.listingId, id))
      .orderBy(listingImages.sortOrder);
    expect(images.map((image) => image.isPrimary)).toEqual([true, false]);
    expect(images[1]?.variants[0]?.key).toBe(mine.thumb.src.replace(/^\/media\//, ""));
    expect(await db.select().from(stagedPhotos).where(eq(stagedPhotos.id, mine.id))).toEqual([]);
    // Samer's photo is still his, staged.
    expect(await db.select().from(stagedPhotos).where(eq(stagedPhotos.id, theirs.id))).toHaveLength(
      1,
    );
  });
});
