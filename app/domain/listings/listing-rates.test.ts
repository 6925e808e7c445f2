import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { listings, stagedPhotos, users } from "~/db/schema";
import { createLocalStorage, type MediaStorage } from "~/media/storage.server";
import type { AppError, AppErrorCode } from "~/utils/app-error";
import { appErrorMessage, retryAfter } from "~/utils/form.server";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { createListing } from "./create-listing.server";
import { DEFAULT_LISTING_RATES, type ListingRates } from "./listing-rates.server";
import type { ListingFormInput } from "./listings-schemas";
import { setListingStatus } from "./set-listing-status.server";
import { stagePhoto } from "./staged-photos.server";
import { updateListing } from "./update-listing.server";

/*
 * How fast a member may post, change listings and send photos: counted once the
 * thing is done, never for a retry, a replay or a failure that was not theirs; refused with the
 * time they can go on, in both languages.
 */
let database: TestDatabase;
let db: Database;
let dataDir: string;
let storage: MediaStorage;
let jpeg: Uint8Array;

const sofa: ListingFormInput = {
  title: "Grey sofa",
  description: "Three seats, good shape.",
  price: "1,500,000",
  categoryId: "5",
  location: "aleppo",
  details: { type: "sofas", condition: "good" },
};

let members = 0;
async function newMember() {
  members += 1;
  const id = `rates-${members}`;
  await db.insert(users).values({ id, name: id, email: `${id}@example.com`, emailVerified: true });
  return { id, emailVerified: true };
}

function rates(overrides: Partial<ListingRates>): ListingRates {
  return { ...DEFAULT_LISTING_RATES, ...overrides };
}

async function refusal(promise: Promise<unknown>, code: AppErrorCode): Promise<AppError> {
  const error = await promise.then(
    () => {
      throw new Error(`expected ${code}`);
    },
    (error: AppError) => error,
  );
  expect(error).toMatchObject({ name: "AppError", code, status: 429 });
  return error;
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-rates-"));
  storage = createLocalStorage(dataDir);
  jpeg = new Uint8Array(
    await sharp({ create: { width: 120, height: 90, channels: 3, background: "#3a7" } })
      .jpeg()
      .toBuffer(),
  );
});

afterAll(async () => {
  await database?.destroy();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("posting", () => {
  it("counts listings made: not a post sent again under its key, nor one that failed", async () => {
    const member = await newMember();
    const limited = rates({ postsPerHour: 2 });
    const post = (title: string, extra: Partial<Parameters<typeof createListing>[0]> = {}) =>
      createListing({
        db,
        storage,
        member,
        input: { ...sofa, title },
        images: [],
        rates: limited,
        ...extra,
      });
    const key = crypto.randomUUID();
    const first = await post("First", { idempotencyKey: key });
    // The same post again (a retry after a dropped connection) is the same listing, not a post.
    expect(await post("First", { idempotencyKey: key })).toEqual({ ...first, created: false });
    // A post refused for its photo is not counted either.
    await expect(post("Broken", { stagedPhotos: [crypto.randomUUID()] })).rejects.toMatchObject({
      code: "STAGED_PHOTO_INVALID",
    });
    await post("Second");
    const error = await refusal(post("Third"), "POSTING_RATE_LIMITED");
    expect(Number(error.params.seconds)).toBeGreaterThan(3590);
    expect(Number(error.params.seconds)).toBeLessThanOrEqual(3600);
    expect(appErrorMessage("en", error)).toBe(
      "You have posted many listings in a short time. You can post again in 60 minutes.",
    );
    expect(appErrorMessage("ar", error)).toBe(
      "لقد نشرت إعلانات كثيرة في وقت قصير. يمكنك النشر مجددًا بعد ٦٠ دقيقة.",
    );
    expect(retryAfter(error)).toEqual({ "Retry-After": String(error.params.seconds) });
    const mine = await db.select().from(listings).where(eq(listings.userId, member.id));
    expect(mine.map((row) => row.title).sort()).toEqual(["First", "Second"]);
  });

  it("stops at the day's limit too, and then says how many hours to wait", async () => {
    const member = await newMember();
    const daily = rates({ postsPerHour: 100, postsPerDay: 3 });
    for (const title of ["One", "Two", "Three"]) {
      await createListing({
        db,
        storage,
        member,
        input: { ...sofa, title },
        images: [],
        rates: daily,
      });
    }
    const error = await refusal(
      createListing({ db, storage, member, input: sofa, images: [], rates: daily }),
      "POSTING_RATE_LIMITED",
    );
    expect(appErrorMessage("en", error)).toBe(
      "You have posted many listings in a short time. You can post again in 24 hours.",
    );
    expect(appErrorMessage("ar", error)).toBe(
      "لقد نشرت إعلانات كثيرة في وقت قصير. يمكنك النشر مجددًا بعد ٢٤ ساعة.",
    );
  });
});

describe("changing listings", () => {
  it("counts edits and status changes together, and a refused edit changes nothing", async () => {
    const member = await newMember();
    const { id } = await createListing({ db, storage, member, input: sofa, images: [] });
    const limited = rates({ changesPerHour: 3 });
    const edit = (price: string) =>
      updateListing({
        db,
        storage,
        member,
        listingId: id,
        input: { ...sofa, price },
        newImages: [],
        removedImageIds: [],
        rates: limited,
      });
    await edit("1,400,000");
    await setListingStatus({
      db,
      member,
      listingId: id,
      status: "sold",
      ttlDays: 60,
      rates: limited,
    });
    // Another member's attempt is refused for what it is, and counts against nobody.
    await expect(
      setListingStatus({
        db,
        member: { id: "someone-else" },
        listingId: id,
        status: "active",
        ttlDays: 60,
        rates: limited,
      }),
    ).rejects.toMatchObject({ code: "NOT_OWNER" });
    await setListingStatus({
      db,
      member,
      listingId: id,
      status: "active",
      ttlDays: 60,
      rates: limited,
    });
    const error = await refusal(edit("900,000"), "LISTING_CHANGE_RATE_LIMITED");
    expect(appErrorMessage("en", error)).toBe(
      "You have changed your listings many times in a short time. You can save changes again in 60 minutes.",
    );
    expect(appErrorMessage("ar", error)).toMatch(/^لقد عدّلت إعلاناتك مرات كثيرة في وقت قصير\./);
    await refusal(
      setListingStatus({ db, member, listingId: id, status: "sold", ttlDays: 60, rates: limited }),
      "LISTING_CHANGE_RATE_LIMITED",
    );
    const [row] = await db.select().from(listings).where(eq(listings.id, id));
    expect(row).toMatchObject({ price: 1_400_000, status: "active" });
  });
});

describe("photos", () => {
  it("count each photo processed, accepted or refused, never a retry of one received", async () => {
    const member = await newMember();
    const limited = rates({ photosPerMemberPerHour: 4 });
    const send = (uploadId: string, bytes = jpeg) =>
      stagePhoto({ db, storage, member, uploadId, bytes, ip: "192.0.2.50", rates: limited });
    const ids = [crypto.randomUUID(), crypto.randomUUID()];
    for (const id of ids) await send(id);
    for (const id of ids) expect((await send(id)).created).toBe(false);
    await expect(send(crypto.randomUUID(), new Uint8Array([1, 2, 3]))).rejects.toMatchObject({
      code: "IMAGE_NOT_IMAGE",
    });
    await send(crypto.randomUUID());
    const error = await refusal(send(crypto.randomUUID()), "PHOTO_RATE_LIMITED");
    expect(appErrorMessage("en", error)).toBe(
      "You have sent many photos in a short time. You can add more in 60 minutes.",
    );
    // Still, the photos it has can be sent again.
    expect((await send(ids[0] ?? "")).created).toBe(false);
    // And a post's own photos count the same way.
    await refusal(
      createListing({ db, storage, member, input: sofa, images: [jpeg], rates: limited }),
      "PHOTO_RATE_LIMITED",
    );
    const waiting = await db.select().from(stagedPhotos).where(eq(stagedPhotos.userId, member.id));
    expect(waiting).toHaveLength(3);
  });

  it("are limited per network, whoever sends them", async () => {
    const limited = rates({ photosPerNetworkPerHour: 3 });
    const ip = "192.0.2.60";
    for (let n = 0; n < 3; n++) {
      const member = await newMember();
      await stagePhoto({
        db,
        storage,
        member,
        uploadId: crypto.randomUUID(),
        bytes: jpeg,
        ip,
        rates: limited,
      });
    }
    const member = await newMember();
    const send = (from: string) =>
      stagePhoto({
        db,
        storage,
        member,
        uploadId: crypto.randomUUID(),
        bytes: jpeg,
        ip: from,
        rates: limited,
      });
    await refusal(send(ip), "PHOTO_RATE_LIMITED");
    expect((await send("192.0.2.61")).created).toBe(true);
  });
});
