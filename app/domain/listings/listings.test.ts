import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { queryStatsStorage } from "~/db/query-stats.server";
import {
  conversations,
  favorites,
  listingDetails,
  listingImages,
  listings,
  profiles,
  users,
} from "~/db/schema";
import type { Member } from "~/domain/accounts/session.server";
import { createLocalStorage, type MediaStorage } from "~/media/storage.server";
import type { AppErrorCode } from "~/utils/app-error";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { createListing } from "./create-listing.server";
import { deleteListing } from "./delete-listing.server";
import { getListingForEdit, getListingForView } from "./get-listing.server";
import { listMyListings } from "./list-my-listings.server";
import type { ListingFormInput } from "./listings-schemas";
import { recordView } from "./record-view.server";
import { setListingStatus } from "./set-listing-status.server";
import { updateListing } from "./update-listing.server";

let database: TestDatabase;
let db: Database;
let dataDir: string;
let storage: MediaStorage;
let jpeg: Uint8Array;

function member(id: string, emailVerified = true): Member {
  return {
    id,
    email: `${id}@example.com`,
    name: id,
    emailVerified,
    role: "member",
    avatarUrl: null,
    createdAt: new Date(),
  };
}

const RANIA = member("rania");
const SAMER = member("samer");
const NEWBIE = member("newbie", false);

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

/** Every file under the media folder, relative. */
function mediaFiles(): string[] {
  const root = path.join(dataDir, "media");
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((entry) => fs.statSync(path.join(root, entry)).isFile())
    .sort();
}

async function rowsOf(listingId: string) {
  const [listing] = await db.select().from(listings).where(eq(listings.id, listingId));
  const images = await db
    .select()
    .from(listingImages)
    .where(eq(listingImages.listingId, listingId))
    .orderBy(listingImages.sortOrder);
  const [details] = await db
    .select()
    .from(listingDetails)
    .where(eq(listingDetails.listingId, listingId));
  return { listing, images, details };
}

async function counts() {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(listings);
  const [images] = await db.select({ n: sql<number>`count(*)::int` }).from(listingImages);
  return { listings: row?.n, images: images?.n, files: mediaFiles().length };
}

async function expectCode(promise: Promise<unknown>, code: AppErrorCode) {
  await expect(promise).rejects.toMatchObject({ name: "AppError", code });
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-listings-"));
  storage = createLocalStorage(dataDir);
  jpeg = new Uint8Array(
    await sharp({ create: { width: 400, height: 300, channels: 3, background: "#c33" } })
      .jpeg()
      .toBuffer(),
  );
  await db.insert(users).values([
    { id: "rania", name: "Rania", email: "rania@example.com", emailVerified: true },
    { id: "samer", name: "Samer", email: "samer@example.com", emailVerified: true },
    { id: "newbie", name: "New", email: "newbie@example.com", emailVerified: false },
    { id: "failing", name: "Fail", email: "failing@example.com", emailVerified: true },
  ]);
  await db.insert(profiles).values([
    {
      id: "rania",
      fullName: "Rania Haddad",
      phoneNumber: "+963944123456",
      phoneVerifiedAt: new Date(),
    },
    { id: "samer", fullName: "" },
  ]);
});

afterAll(async () => {
  await database?.destroy();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("createListing", () => {
  it("saves the listing, details and images in order, the first primary", async () => {
    const { id } = await createListing({
      db,
      storage,
      member: RANIA,
      input: { ...sofa, title: "كنبة رمادية", description: "Three seats." },
      images: [jpeg, new Uint8Array(), jpeg],
    });
    const { listing, images, details } = await rowsOf(id);
    expect(listing).toMatchObject({
      userId: "rania",
      title: "",
      titleAr: "كنبة رمادية",
      description: "Three seats.",
      descriptionAr: "",
      price: 1500000,
      categoryId: 5,
      cityId: "aleppo",
      location: "Aleppo",
      locationAr: "حلب",
      status: "active",
    });
    expect(details?.details).toEqual({ type: "sofas", condition: "good" });
    expect(images.map((image) => [image.sortOrder, image.isPrimary])).toEqual([
      [0, true],
      [1, false],
    ]);
    for (const image of images) {
      for (const variant of image.variants) {
        expect(fs.existsSync(path.join(dataDir, "media", variant.key))).toBe(true);
      }
    }
  });

  it("saves no details row when every detail is blank", async () => {
    const { id } = await createListing({
      db,
      storage,
      member: RANIA,
      input: {
        ...sofa,
        categoryId: "7",
        details: { service_type: "cleaning", availability: "anytime", duration: "" },
      },
      images: [],
    });
    expect((await rowsOf(id)).details?.details).toEqual({
      service_type: "cleaning",
      availability: "anytime",
    });
    const { id: electronics } = await createListing({
      db,
      storage,
      member: RANIA,
      input: {
        ...sofa,
        categoryId: "4",
        details: { brand: "apple", condition: "new", warranty: "" },
      },
      images: [],
    });
    expect((await rowsOf(electronics)).details?.details).toEqual({
      brand: "apple",
      condition: "new",
    });
  });

  it("refuses invalid input and more than 10 images without writing anything", async () => {
    const before = await counts();
    await expectCode(
      createListing({
        db,
        storage,
        member: RANIA,
        input: { ...sofa, categoryId: "6" },
        images: [],
      }),
      "INVALID_LISTING_FORM",
    );
    // A refused photo names the form's photos field, so the form shows it there.
    await expect(
      createListing({ db, storage, member: RANIA, input: aSofa(), images: Array(11).fill(jpeg) }),
    ).rejects.toMatchObject({ code: "TOO_MANY_IMAGES", field: "images" });
    await expect(
      createListing({ db, storage, member: RANIA, input: aSofa(), images: [new Uint8Array(64)] }),
    ).rejects.toMatchObject({ code: "IMAGE_NOT_IMAGE", field: "images" });
    expect(await counts()).toEqual(before);
  });

  it("leaves nothing behind when storing a file fails", async () => {
    const before = await counts();
    let puts = 0;
    const failing: MediaStorage = {
      put: async (key, bytes) => {
        if (++puts > 1) throw new Error("disk full");
        await storage.put(key, bytes);
      },
      delete: (keys) => storage.delete(keys),
      urlFor: (key) => storage.urlFor(key),
    };
    await expect(
      createListing({ db, storage: failing, member: RANIA, input: aSofa(), images: [jpeg, jpeg] }),
    ).rejects.toThrow("disk full");
    expect(await counts()).toEqual(before);
  });

  it("deletes the stored files when the transaction fails", async () => {
    const before = await counts();
    const brokenDb = new Proxy(db, {
      get(target, property, receiver) {
        if (property === "transaction") {
          // Every write succeeds, then the commit fails: all of it must roll back.
          return (fn: (tx: unknown) => Promise<unknown>) =>
            target.transaction(async (tx) => {
              await fn(tx);
              throw new Error("connection lost");
            });
        }
        return Reflect.get(target, property, receiver);
      },
    });
    await expect(
      createListing({ db: brokenDb, storage, member: RANIA, input: aSofa(), images: [jpeg, jpeg] }),
    ).rejects.toThrow("connection lost");
    expect(await counts()).toEqual(before);
  });

  it("lets an unconfirmed member post 2 listings, then asks to confirm", async () => {
    await createListing({ db, storage, member: NEWBIE, input: aSofa(), images: [] });
    const { id } = await createListing({ db, storage, member: NEWBIE, input: aSofa(), images: [] });
    // Any status counts.
    await setListingStatus({ db, member: NEWBIE, listingId: id, status: "inactive", ttlDays: 60 });
    const before = await counts();
    await expectCode(
      createListing({ db, storage, member: NEWBIE, input: aSofa(), images: [jpeg] }),
      "UNCONFIRMED_LIMIT",
    );
    // A stale session that still says "unconfirmed" after confirming: the database decides.
    await expectCode(
      createListing({
        db,
        storage,
        member: { ...NEWBIE, emailVerified: true },
        input: aSofa(),
        images: [jpeg],
      }),
      "UNCONFIRMED_LIMIT",
    );
    expect(await counts()).toEqual(before);
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, "newbie"));
    await expect(
      createListing({
        db,
        storage,
        member: { ...NEWBIE, emailVerified: true },
        input: aSofa(),
        images: [],
      }),
    ).resolves.toHaveProperty("id");
  });

  it("lets a member with a verified phone and no confirmed e-mail post more than 2", async () => {
    const caller = { ...NEWBIE, id: "caller", email: "caller@example.com" };
    await db
      .insert(users)
      .values({ id: "caller", name: "Caller", email: "caller@example.com", emailVerified: false });
    await db.insert(profiles).values({
      id: "caller",
      fullName: "Caller",
      phoneNumber: "+963955000222",
      phoneVerifiedAt: new Date(),
    });
    for (let n = 0; n < 3; n++) {
      await expect(
        createListing({ db, storage, member: caller, input: aSofa(), images: [] }),
      ).resolves.toHaveProperty("id");
    }
    // The same number typed but never proved: the limit stands.
    await db.update(profiles).set({ phoneVerifiedAt: null }).where(eq(profiles.id, "caller"));
    await expectCode(
      createListing({ db, storage, member: caller, input: aSofa(), images: [] }),
      "UNCONFIRMED_LIMIT",
    );
  });
});

describe("ownership", () => {
  it("lets the owner update; another member gets NOT_OWNER and nothing changes", async () => {
    const { id } = await createListing({
      db,
      storage,
      member: RANIA,
      input: aSofa(),
      images: [jpeg, jpeg],
    });
    const before = await rowsOf(id);
    const filesBefore = mediaFiles();

    await expectCode(
      updateListing({
        db,
        storage,
        member: SAMER,
        listingId: id,
        input: { ...sofa, title: "Hacked" },
        newImages: [jpeg],
        removedImageIds: before.images.map((image) => image.id),
      }),
      "NOT_OWNER",
    );
    expect(await rowsOf(id)).toEqual(before);
    expect(mediaFiles()).toEqual(filesBefore);

    const [first, second] = before.images;
    await expectCode(
      updateListing({
        db,
        storage,
        member: RANIA,
        listingId: id,
        input: { ...sofa, details: { type: "", condition: "" } },
        newImages: [jpeg],
        removedImageIds: [],
      }),
      "INVALID_LISTING_FORM",
    );
    expect(await rowsOf(id)).toEqual(before);
    expect(mediaFiles()).toEqual(filesBefore);

    await updateListing({
      db,
      storage,
      member: RANIA,
      listingId: id.toUpperCase(),
      input: { ...sofa, title: "Blue sofa", price: "٢٠٠٠", location: "homs" },
      newImages: [jpeg],
      removedImageIds: [first?.id ?? ""],
      primaryImageId: second?.id,
    });
    const after = await rowsOf(id);
    expect(after.listing).toMatchObject({
      title: "Blue sofa",
      price: 2000,
      cityId: "homs",
      locationAr: "حمص",
    });
    expect(after.listing?.updatedAt.getTime()).toBeGreaterThanOrEqual(
      before.listing?.updatedAt.getTime() ?? 0,
    );
    expect(
      after.images.map((image) => [image.id === second?.id, image.isPrimary, image.sortOrder]),
    ).toEqual([
      [true, true, 1],
      [false, false, 2],
    ]);
    for (const variant of first?.variants ?? []) {
      expect(fs.existsSync(path.join(dataDir, "media", variant.key))).toBe(false);
    }
  });

  it("makes the first remaining image primary when the primary is removed; deletes blank details", async () => {
    const { id } = await createListing({
      db,
      storage,
      member: RANIA,
      input: aSofa(),
      images: [jpeg, jpeg],
    });
    const { images } = await rowsOf(id);
    // Services has required fields: refused, nothing changed.
    await expectCode(
      updateListing({
        db,
        storage,
        member: RANIA,
        listingId: id,
        input: { ...sofa, categoryId: "7", details: { service_type: "", availability: "" } },
        newImages: [],
        removedImageIds: [images[0]?.id ?? ""],
      }),
      "INVALID_LISTING_FORM",
    );
    expect((await rowsOf(id)).images).toHaveLength(2);

    await db
      .update(listingDetails)
      .set({ details: { type: "sofas" } })
      .where(eq(listingDetails.listingId, id));
    await updateListing({
      db,
      storage,
      member: RANIA,
      listingId: id,
      input: { ...sofa, details: { type: "tables", condition: "new" } },
      newImages: [],
      removedImageIds: [images[0]?.id ?? ""],
    });
    const after = await rowsOf(id);
    expect(after.images.map((image) => image.isPrimary)).toEqual([true]);
    expect(after.details?.details).toEqual({ type: "tables", condition: "new" });
  });

  it("refuses more than 10 images in total, and cleans up new files when the update fails", async () => {
    const { id } = await createListing({
      db,
      storage,
      member: RANIA,
      input: aSofa(),
      images: Array(9).fill(jpeg),
    });
    const before = await counts();
    await expectCode(
      updateListing({
        db,
        storage,
        member: RANIA,
        listingId: id,
        input: aSofa(),
        newImages: [jpeg, jpeg],
        removedImageIds: [],
      }),
      "TOO_MANY_IMAGES",
    );
    const brokenDb = new Proxy(db, {
      get(target, property, receiver) {
        if (property === "transaction") {
          return (fn: (tx: unknown) => Promise<unknown>) =>
            target.transaction(async (tx) => {
              await fn(tx);
              throw new Error("connection lost");
            });
        }
        return Reflect.get(target, property, receiver);
      },
    });
    const { images } = await rowsOf(id);
    await expect(
      updateListing({
        db: brokenDb,
        storage,
        member: RANIA,
        listingId: id,
        input: { ...sofa, title: "Changed" },
        newImages: [jpeg],
        removedImageIds: [images[0]?.id ?? ""],
      }),
    ).rejects.toThrow("connection lost");
    expect(await counts()).toEqual(before);
    expect((await rowsOf(id)).listing?.title).toBe("Grey sofa");
  });

  it("lets only the owner change the status; a removed listing stays removed", async () => {
    const { id } = await createListing({ db, storage, member: RANIA, input: aSofa(), images: [] });
    await expectCode(
      setListingStatus({ db, member: SAMER, listingId: id, status: "sold", ttlDays: 60 }),
      "NOT_OWNER",
    );
    expect((await rowsOf(id)).listing?.status).toBe("active");
    await setListingStatus({ db, member: RANIA, listingId: id, status: "sold", ttlDays: 60 });
    expect((await rowsOf(id)).listing?.status).toBe("sold");
    await expectCode(
      setListingStatus({
        db,
        member: RANIA,
        listingId: id,
        status: "removed" as "sold",
        ttlDays: 60,
      }),
      "INVALID_LISTING_FORM",
    );
    await db
      .update(listings)
      .set({ status: "removed", removalReason: "Spam" })
      .where(eq(listings.id, id));
    await expectCode(
      setListingStatus({ db, member: RANIA, listingId: id, status: "active", ttlDays: 60 }),
      "LISTING_REMOVED",
    );
    expect((await rowsOf(id)).listing?.status).toBe("removed");
  });

  it("reserves only an active listing, only for its owner; it stays on the market with its term", async () => {
    const { id } = await createListing({ db, storage, member: RANIA, input: aSofa(), images: [] });
    const before = (await rowsOf(id)).listing;
    const set = (member: Member, status: "reserved" | "active" | "inactive" | "sold") =>
      setListingStatus({ db, member, listingId: id, status, ttlDays: 60 });
    await expectCode(set(SAMER, "reserved"), "NOT_OWNER");
    expect((await rowsOf(id)).listing?.reservedAt).toBeNull();
    await set(RANIA, "reserved");
    const reserved = (await rowsOf(id)).listing;
    expect(reserved?.status).toBe("active");
    expect(reserved?.reservedAt).toBeInstanceOf(Date);
    expect(reserved?.expiresAt).toEqual(before?.expiresAt);
    const [mine] = (await listMyListings({ db, member: RANIA })).filter((row) => row.id === id);
    expect(mine?.reserved).toBe(true);
    const view = await getListingForView({ db, listingId: id, viewer: null });
    expect(view?.listing.reservedAt).toBeInstanceOf(Date);
    // Available again: the same term, no reservation.
    await set(RANIA, "active");
    expect((await rowsOf(id)).listing).toMatchObject({
      status: "active",
      reservedAt: null,
      expiresAt: before?.expiresAt,
    });
    // Hidden, a listing cannot be reserved; hiding or selling ends a reservation.
    await set(RANIA, "reserved");
    await set(RANIA, "inactive");
    expect((await rowsOf(id)).listing).toMatchObject({ status: "inactive", reservedAt: null });
    await expectCode(set(RANIA, "reserved"), "LISTING_NOT_RESERVABLE");
    await set(RANIA, "sold");
    await expectCode(set(RANIA, "reserved"), "LISTING_NOT_RESERVABLE");
    expect((await rowsOf(id)).listing).toMatchObject({ status: "sold", reservedAt: null });
  });

  it("lets only the owner delete, removing the rows and the files", async () => {
    const { id } = await createListing({
      db,
      storage,
      member: RANIA,
      input: aSofa(),
      images: [jpeg],
    });
    const { images } = await rowsOf(id);
    const keys = images.flatMap((image) => image.variants.map((variant) => variant.key));
    await expectCode(deleteListing({ db, storage, member: SAMER, listingId: id }), "NOT_OWNER");
    expect((await rowsOf(id)).listing).toBeDefined();
    await deleteListing({ db, storage, member: RANIA, listingId: id });
    expect(await rowsOf(id)).toEqual({ listing: undefined, images: [], details: undefined });
    for (const key of keys) expect(fs.existsSync(path.join(dataDir, "media", key))).toBe(false);
  });

  it("answers INVALID_LISTING_ID and LISTING_NOT_FOUND", async () => {
    await expectCode(
      deleteListing({ db, storage, member: RANIA, listingId: "nope" }),
      "INVALID_LISTING_ID",
    );
    await expectCode(
      deleteListing({ db, storage, member: RANIA, listingId: crypto.randomUUID() }),
      "LISTING_NOT_FOUND",
    );
    await expectCode(
      getListingForEdit({ db, member: RANIA, listingId: crypto.randomUUID() }),
      "LISTING_NOT_FOUND",
    );
  });
});

describe("getListingForView", () => {
  it("keeps the seller's phone out of the page (only its owner sees it), in one query with its images", async () => {
    const { id } = await createListing({
      db,
      storage,
      member: RANIA,
      input: aSofa(),
      images: [jpeg, jpeg],
    });
    const stats = { count: 0 };
    const forVisitor = await queryStatsStorage.run(stats, () =>
      getListingForView({ db, listingId: id, viewer: null }),
    );
    expect(stats.count).toBe(1);
    expect(forVisitor?.images).toHaveLength(2);
    expect(forVisitor?.images[0]?.isPrimary).toBe(true);
    expect(forVisitor).toMatchObject({
      listing: { id, title: "Grey sofa", price: 1500000, location: "Aleppo" },
      category: { id: 5, slug: "furniture", name: "Furniture" },
      details: { type: "sofas", condition: "good" },
      seller: {
        id: "rania",
        fullName: "Rania Haddad",
        emailVerified: true,
        phoneNumber: null,
        phoneVerified: true,
      },
      isOwner: false,
    });
    expect(forVisitor?.images.map((image) => [image.isPrimary, image.sortOrder])).toEqual([
      [true, 0],
      [false, 1],
    ]);
    expect(forVisitor?.images[0]?.variants.length).toBeGreaterThan(0);
    expect(JSON.stringify(forVisitor)).not.toContain("944123456");

    const forMember = await getListingForView({ db, listingId: id, viewer: SAMER });
    // A member asks for it (reveal-phone.server.ts); the owner has it on their own page.
    expect(forMember?.seller.phoneNumber).toBeNull();
    expect(JSON.stringify(forMember)).not.toContain("944123456");
    const forOwner = await getListingForView({ db, listingId: id, viewer: RANIA });
    expect(forOwner?.seller.phoneNumber).toBe("+963944123456");
    expect(forMember?.viewer).toEqual({ favorited: false, conversationId: null });
    expect(forVisitor?.viewer).toBeNull();

    // The member's heart and conversation come in the same single query.
    await db.insert(favorites).values({ userId: SAMER.id, listingId: id });
    const [conversation] = await db
      .insert(conversations)
      .values({ listingId: id, buyerId: SAMER.id, sellerId: RANIA.id })
      .returning({ id: conversations.id });
    const memberStats = { count: 0 };
    const again = await queryStatsStorage.run(memberStats, () =>
      getListingForView({ db, listingId: id, viewer: SAMER }),
    );
    expect(memberStats.count).toBe(1);
    expect(again?.viewer).toEqual({ favorited: true, conversationId: conversation?.id });
    // Someone else's heart and conversation are not theirs.
    const other = await getListingForView({ db, listingId: id, viewer: NEWBIE });
    expect(other?.viewer).toEqual({ favorited: false, conversationId: null });
  });

  it("hides removed and inactive listings from everyone but the owner and moderators", async () => {
    const { id } = await createListing({ db, storage, member: RANIA, input: aSofa(), images: [] });
    await db
      .update(listings)
      .set({ status: "removed", removalReason: "Spam" })
      .where(eq(listings.id, id));
    expect(await getListingForView({ db, listingId: id, viewer: null })).toBeNull();
    expect(await getListingForView({ db, listingId: id, viewer: SAMER })).toBeNull();
    const own = await getListingForView({ db, listingId: id, viewer: RANIA });
    expect(own?.listing).toMatchObject({ status: "removed", removalReason: "Spam" });
    expect(own?.isOwner).toBe(true);
    const moderated = await getListingForView({
      db,
      listingId: id,
      viewer: { ...SAMER, role: "moderator" },
    });
    expect(moderated?.listing).toMatchObject({ status: "removed", removalReason: "Spam" });
    expect(moderated?.isOwner).toBe(false);

    await db.update(listings).set({ status: "inactive" }).where(eq(listings.id, id));
    expect(await getListingForView({ db, listingId: id, viewer: SAMER })).toBeNull();
    await db.update(listings).set({ status: "sold" }).where(eq(listings.id, id));
    expect((await getListingForView({ db, listingId: id, viewer: null }))?.listing.status).toBe(
      "sold",
    );
    expect(await getListingForView({ db, listingId: "not-a-uuid", viewer: null })).toBeNull();
    expect(
      await getListingForView({ db, listingId: crypto.randomUUID(), viewer: null }),
    ).toBeNull();
  });

  it("gives a seller without a name null (Unknown User) and a prefilled edit form to the owner", async () => {
    await db.update(users).set({ name: "" }).where(eq(users.id, "samer"));
    const { id } = await createListing({
      db,
      storage,
      member: SAMER,
      input: { ...sofa, title: "كنبة", description: "وصف" },
      images: [],
    });
    expect(
      (await getListingForView({ db, listingId: id, viewer: null }))?.seller.fullName,
    ).toBeNull();
    await expectCode(getListingForEdit({ db, member: RANIA, listingId: id }), "NOT_OWNER");
    const edit = await getListingForEdit({ db, member: SAMER, listingId: id });
    expect(edit.values).toEqual({
      title: "كنبة",
      description: "وصف",
      price: 1500000,
      categoryId: 5,
      location: "aleppo",
      details: { type: "sofas", condition: "good" },
    });
  });
});

describe("recordView", () => {
  it("counts each visitor once a day, never the owner or bots", async () => {
    const { id } = await createListing({ db, storage, member: RANIA, input: aSofa(), images: [] });
    const now = new Date("2026-03-01T10:00:00Z");
    const view = (
      viewerKey: string,
      extra: { isOwner?: boolean; isBot?: boolean; now?: Date } = {},
    ) => recordView({ db, listingId: id, viewerKey, isOwner: false, isBot: false, now, ...extra });

    expect(await view("rania", { isOwner: true })).toBe(false);
    expect(await view("ip:bot", { isBot: true })).toBe(false);
    expect(await view("ip:1")).toBe(true);
    expect(await view("ip:1")).toBe(false);
    expect(await view("ip:2")).toBe(true);
    expect(await view("samer")).toBe(true);
    expect(await view("ip:1", { now: new Date("2026-03-02T10:00:01Z") })).toBe(true);
    expect((await rowsOf(id)).listing?.viewsCount).toBe(4);
  });
});

describe("listMyListings", () => {
  it("lists the member's own listings newest first with favourite counts", async () => {
    await db
      .insert(users)
      .values({ id: "lina", name: "Lina", email: "lina@example.com", emailVerified: true });
    const lina = member("lina");
    const first = await createListing({ db, storage, member: lina, input: aSofa(), images: [] });
    const second = await createListing({
      db,
      storage,
      member: lina,
      input: { ...sofa, title: "طاولة" },
      images: [],
    });
    await db.insert(favorites).values([
      { userId: "rania", listingId: first.id },
      { userId: "samer", listingId: first.id },
    ]);
    const stats = { count: 0 };
    const mine = await queryStatsStorage.run(stats, () => listMyListings({ db, member: lina }));
    expect(stats.count).toBe(1);
    expect(
      mine.map((row) => [row.id, row.title, row.titleAr, row.favoritesCount, row.status]),
    ).toEqual([
      [second.id, "طاولة", "طاولة", 0, "active"],
      [first.id, "Grey sofa", "Grey sofa", 2, "active"],
    ]);
    expect(mine[0]).toMatchObject({ price: 1500000, viewsCount: 0, removalReason: null });
    expect(mine[0]?.createdAt).toBeInstanceOf(Date);
  });
});
