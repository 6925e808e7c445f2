import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../../tests/setup/test-database";
import { updateProfile } from "../../../domain/accounts/update-profile.server";
import {
  detailsToSave,
  listingFormSchema,
  POSTABLE_CATEGORY_IDS,
} from "../../../domain/listings/listings-schemas";
import { categorySlugById, fieldDefinitions } from "../../reference-data/field-definitions";
import { listingDetails, listings, profiles } from "../../schema";
import { seedDemo } from "../seed-demo.server";

/*
 * The demo market must be one a member could have typed: every listing goes through the posting
 * form's schema and every profile through the profile form's use case. A generator that writes
 * something the form would refuse (or would store differently) fails here, not in a demo.
 */

const LISTINGS = 1_000;

let database: TestDatabase;
let dataDir: string;
let rows: (typeof listings.$inferSelect)[];
let detailsById: Map<string, Record<string, string | number>>;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-seed-forms-"));
  await seedDemo({ db: database.db, dataDir, count: LISTINGS });
  rows = await database.db.select().from(listings);
  detailsById = new Map(
    (await database.db.select().from(listingDetails)).map((d) => [d.listingId, d.details]),
  );
});

afterAll(async () => {
  await database?.destroy();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The form posts one title and one description; a listing in both languages is two posts. */
function formInputs(listing: typeof listings.$inferSelect) {
  const details = detailsById.get(listing.id) ?? {};
  const base = {
    price: String(listing.price),
    categoryId: String(listing.categoryId),
    location: listing.cityId ?? "",
    details,
  };
  return [
    { title: listing.title, description: listing.description },
    { title: listing.titleAr, description: listing.descriptionAr },
  ]
    .filter((text) => text.title !== "" || text.description !== "")
    .map((text) => ({ ...base, ...text }));
}

describe("the demo seed", () => {
  it("writes listings the posting form accepts and would store unchanged", () => {
    expect(rows).toHaveLength(LISTINGS);
    let checked = 0;
    for (const listing of rows.filter((l) => POSTABLE_CATEGORY_IDS.includes(l.categoryId))) {
      const inputs = formInputs(listing);
      expect(inputs.length, listing.id).toBeGreaterThan(0);
      for (const input of inputs) {
        const parsed = listingFormSchema.safeParse(input);
        const label = `${input.title} (${categorySlugById(listing.categoryId)})`;
        expect(parsed.error?.issues ?? [], label).toEqual([]);
        if (!parsed.success) continue;
        expect(parsed.data.title, label).toBe(input.title);
        expect(parsed.data.description, label).toBe(input.description);
        expect(parsed.data.price, label).toBe(listing.price);
        expect(parsed.data.location, label).toBe(listing.cityId);
        expect(detailsToSave(parsed.data.details) ?? {}, label).toEqual(input.details);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(LISTINGS / 2);
  });

  it("writes browse-only listings that the form refuses only for their category", () => {
    const browseOnly = rows.filter((l) => !POSTABLE_CATEGORY_IDS.includes(l.categoryId));
    expect(browseOnly.length).toBeGreaterThan(0);
    for (const listing of browseOnly) {
      expect(fieldDefinitions[categorySlugById(listing.categoryId)!]).toEqual([]);
      for (const input of formInputs(listing)) {
        const parsed = listingFormSchema.safeParse(input);
        expect(parsed.success).toBe(false);
        expect(
          parsed.error?.issues.map((issue) => issue.path.join(".")),
          input.title,
        ).toEqual(["categoryId"]);
      }
    }
  });

  it("creates profiles that the profile form saves unchanged", async () => {
    const before = await database.db.select().from(profiles).orderBy(profiles.id);
    expect(before.length).toBeGreaterThan(0);
    for (const profile of before) {
      await updateProfile({
        db: database.db,
        memberId: profile.id,
        dataDir,
        input: {
          fullName: profile.fullName,
          username: profile.username ?? "",
          location: profile.location ?? "",
          phoneNumber: profile.phoneNumber ?? "",
        },
      });
    }
    const after = await database.db.select().from(profiles).orderBy(profiles.id);
    const form = (p: typeof profiles.$inferSelect) => [
      p.id,
      p.fullName,
      p.username,
      p.location,
      p.phoneNumber,
    ];
    expect(after.map(form)).toEqual(before.map(form));
    expect(after.every((p) => p.location !== null)).toBe(true);
  });
});
