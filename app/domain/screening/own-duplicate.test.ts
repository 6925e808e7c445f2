import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import { createListing } from "~/domain/listings/create-listing.server";
import type { ListingFormInput } from "~/domain/listings/listings-schemas";
import { setListingStatus } from "~/domain/listings/set-listing-status.server";
import { photoPrints } from "~/media/photo-fingerprint.server";
import { createLocalStorage, type MediaDriver } from "~/media/storage.server";
import { generatedPhoto } from "../../../tests/factories/photos";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { type RepeatCheck, refuseOwnRepeat } from "./own-duplicate.server";
import { findPhotoMatches } from "./photo-matches.server";

/*
 * Issue 30: whether a post (or an edit) repeats one of the member's own active listings — one of
 * its photos, or a near-identical title and description in the same category.
 */
let database: TestDatabase;
let db: Database;
let dataDir: string;
let storage: MediaDriver;
let members = 0;

const phone: ListingFormInput = {
  title: "iPhone 13 Pro 256 GB, blue",
  description: "Bought in Dubai in 2023, battery at 91 %, with its box and a new case.",
  price: "9,500,000",
  categoryId: "5",
  location: "damascus",
  details: { type: "sofas", condition: "good" },
};

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-repeat-"));
  storage = createLocalStorage(dataDir);
});

afterAll(async () => {
  await database?.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function newMember() {
  members += 1;
  const id = `seller-${members}`;
  await db.insert(users).values({ id, name: id, email: `${id}@example.com`, emailVerified: true });
  return { id, emailVerified: true };
}

async function post(
  member: { id: string; emailVerified: boolean },
  input: ListingFormInput,
  photos: Buffer[] = [],
) {
  const { id } = await createListing({
    db,
    storage,
    member,
    input,
    images: photos.map((p) => new Uint8Array(p)),
  });
  return id;
}

/** The check a post of `input` by `memberId` (with `photos`) would run. */
async function checkOf(
  memberId: string,
  input: Partial<ListingFormInput>,
  photos: Buffer[] = [],
  listingId?: string,
): Promise<RepeatCheck> {
  const values = { ...phone, ...input };
  return {
    memberId,
    listingId,
    categoryId: Number(values.categoryId),
    title: values.title,
    description: values.description ?? "",
    photoMatches: await findPhotoMatches(
      db,
      await Promise.all(photos.map((photo) => photoPrints(photo))),
      memberId,
      listingId,
    ),
  };
}

async function refusedAsRepeat(check: RepeatCheck, listingId: string, by: "photo" | "text") {
  await expect(refuseOwnRepeat(db, check)).rejects.toMatchObject({
    name: "AppError",
    code: "LISTING_REPEATS_YOURS",
    status: 409,
    params: { listingId, by, link: `/listing/${listingId}` },
  });
}

describe("a post repeating one of your own ads", () => {
  it("is the same text with small changes, pointing to the original", async () => {
    const rania = await newMember();
    const id = await post(rania, phone);
    await refusedAsRepeat(await checkOf(rania.id, {}), id, "text");
    await refusedAsRepeat(
      await checkOf(rania.id, { title: "iPhone 13 Pro 256GB blue", price: "9,000,000" }),
      id,
      "text",
    );
  });

  it("is the same text in Arabic, with Arabic-Indic digits", async () => {
    const samer = await newMember();
    const arabic = {
      title: "آيفون ١٣ برو ٢٥٦ غيغا أزرق",
      description: "اشتريته من دبي سنة ٢٠٢٣، البطارية ٩١٪، مع العلبة وكفر جديد.",
    };
    const id = await post(samer, { ...phone, ...arabic });
    await refusedAsRepeat(
      await checkOf(samer.id, { ...arabic, title: "آيفون ١٣ برو ٢٥٦ غيغا ازرق" }),
      id,
      "text",
    );
  });

  it("is the same photo under a new text", async () => {
    const member = await newMember();
    const photo = await generatedPhoto(51);
    const id = await post(member, phone, [photo]);
    const copy = await sharp(photo).resize(500).jpeg({ quality: 60 }).toBuffer();
    await refusedAsRepeat(
      await checkOf(
        member.id,
        { title: "Samsung S22", description: "Clean, no scratches, charger included." },
        [copy],
      ),
      id,
      "photo",
    );
  });

  it("is not: similar items, another category, other photos, a sold original, the listing itself", async () => {
    const dealer = await newMember();
    const sofa = { title: "Sofa 1", description: "Three seats, good shape." };
    const first = await post(dealer, { ...phone, ...sofa });
    const allowed = async (check: RepeatCheck) =>
      expect(refuseOwnRepeat(db, check)).resolves.toBeUndefined();
    // A dealer's similar items are separate ads ("Sofa 1" and "Sofa 2" are 0.56 alike).
    await allowed(await checkOf(dealer.id, { ...sofa, title: "Sofa 2" }));
    await allowed(
      await checkOf(dealer.id, {
        title: "Grey armchair",
        description: "One seat, good shape, fabric.",
      }),
    );
    await allowed(await checkOf(dealer.id, { ...sofa, categoryId: "7" }));
    await allowed(await checkOf(dealer.id, { ...sofa }, [], first));
    const photoId = await post(dealer, { ...phone, title: "Nokia 3310" }, [
      await generatedPhoto(52),
    ]);
    await allowed(
      await checkOf(dealer.id, { title: "Nokia 3310 (2)", description: "Another one." }, [
        await generatedPhoto(53),
      ]),
    );
    await allowed(
      await checkOf(
        dealer.id,
        { title: "Nokia", description: "Same photo, same listing." },
        [await generatedPhoto(52)],
        photoId,
      ),
    );
    // Sold: posting it again is a new sale.
    await setListingStatus({ db, member: dealer, listingId: first, status: "sold", ttlDays: 60 });
    await allowed(await checkOf(dealer.id, { ...sofa }));
  });

  it("is not another member's ad: that is a different question (stolen photos)", async () => {
    const a = await newMember();
    const b = await newMember();
    const photo = await generatedPhoto(54);
    await post(a, phone, [photo]);
    await expect(refuseOwnRepeat(db, await checkOf(b.id, {}, [photo]))).resolves.toBeUndefined();
  });
});
