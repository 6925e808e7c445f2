import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { filterColumnsOf } from "../../domain/discovery/filter-columns";
import { carMakes, getCarModels } from "../reference-data/car-makes";
import { categories } from "../reference-data/categories";
import {
  categorySlugById,
  fieldDefinitions,
  yearOptions,
} from "../reference-data/field-definitions";
import { cities } from "../reference-data/regions";
import type { FieldDefinition } from "../reference-data/types";
import { listingDetails, listingImages, listings, profiles, users } from "../schema";
import { mulberry32 } from "./demo/random";
import { seedDemo, seedDemoIfEmpty } from "./seed-demo.server";

const DAY_MS = 24 * 60 * 60 * 1000;
const now = new Date();

let database: TestDatabase;
let dataDir: string;
let firstRun: Awaited<ReturnType<typeof seedDemo>>;
let rows: (typeof listings.$inferSelect)[];
let detailsById: Map<string, Record<string, string | number>>;
let imagesById: Map<string, (typeof listingImages.$inferSelect)[]>;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-seed-"));
  firstRun = await seedDemo({
    db: database.db,
    dataDir,
    count: 300,
    now,
    random: mulberry32(42),
  });
  rows = await database.db.select().from(listings);
  detailsById = new Map(
    (await database.db.select().from(listingDetails)).map((d) => [d.listingId, d.details]),
  );
  imagesById = new Map();
  for (const image of await database.db.select().from(listingImages)) {
    const list = imagesById.get(image.listingId) ?? [];
    list.push(image);
    imagesById.set(image.listingId, list);
  }
});

afterAll(async () => {
  await database?.destroy();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Why a details value is invalid for its field, or undefined when it is fine. */
function fieldProblem(
  field: FieldDefinition,
  value: string | number,
  details: Record<string, string | number>,
): string | undefined {
  if (field.type === "number") {
    if (typeof value !== "number" || !Number.isFinite(value)) return "not a number";
    if (field.min !== undefined && value < field.min) return `below ${field.min}`;
    return undefined;
  }
  if (typeof value !== "string" || value.trim() === "") return "not a non-empty string";
  if (field.type === "text") return undefined;
  let allowed: string[];
  if (field.optionsSource === "car_makes") allowed = carMakes.map((m) => m.id);
  else if (field.optionsSource === "car_models")
    allowed = getCarModels(String(details.make)).map((m) => m.value);
  else if (field.optionsSource === "years") allowed = yearOptions(now).map((o) => o.value);
  else allowed = (field.options ?? []).map((o) => o.value);
  return allowed.includes(value) ? undefined : `"${value}" is not an option`;
}

function priceBounds(
  listing: typeof listings.$inferSelect,
  details: Record<string, string | number>,
): [number, number] {
  const rent = details.listing_type === "rent";
  switch (listing.subcategoryId) {
    case 101:
      return [400_000, 4_000_000];
    case 102:
      return [40_000, 250_000];
    case 103:
      return [5_000, 600_000];
    case 201:
      return rent ? [10_000, 80_000] : [2_000_000, 20_000_000];
    case 401:
      return [10_000, 180_000];
    case 402:
      return [20_000, 200_000];
    case 403:
      return [15_000, 150_000];
  }
  switch (listing.categoryId) {
    case 2:
      return rent ? [10_000, 80_000] : [2_000_000, 40_000_000];
    case 3:
      return [10_000, 100_000];
    case 5:
      return [5_000, 200_000];
    case 7:
      return [1_000, 50_000];
    default:
      return [0, 100_000];
  }
}

describe("seedDemo", () => {
  it("creates the requested number of listings and the demo members", async () => {
    expect(firstRun.listings).toBe(300);
    expect(rows).toHaveLength(300);
    expect(firstRun.members).toBe(12);
    const [members] = await database.db
      .select({ total: count() })
      .from(users)
      .where(like(users.id, "demo-%"));
    expect(members?.total).toBe(12);
  });

  it("covers every postable category", () => {
    const present = new Set(rows.map((l) => l.categoryId));
    for (const category of categories.filter((c) => c.postable)) {
      expect(present, category.slug).toContain(category.id);
    }
  });

  it("gives every listing details that follow its category's field definitions", () => {
    for (const listing of rows) {
      const details = detailsById.get(listing.id);
      expect(details, `details of ${listing.id}`).toBeDefined();
      if (!details) continue;
      const slug = categorySlugById(listing.categoryId);
      expect(slug).toBeDefined();
      const fields = fieldDefinitions[slug!];
      const known = new Set(fields.map((f) => f.key));
      for (const key of Object.keys(details)) expect(known, `${slug}.${key}`).toContain(key);
      for (const field of fields) {
        const value = details[field.key];
        if (value === undefined) {
          expect(field.required, `${slug}.${field.key} is required`).toBe(false);
          continue;
        }
        expect(fieldProblem(field, value, details), `${slug}.${field.key}`).toBeUndefined();
      }
    }
  });

  it("writes the filter copies of the details exactly as the database's trigger would", async () => {
    // Any difference would be rewritten by the trigger: a second write of every such listing.
    const result = await database.db.execute<{ n: number }>(sql`
      select count(*)::int as n from listings l join listing_details d on d.listing_id = l.id
      where (l.make, l.year, l.kilometers) is distinct from (
        case when jsonb_typeof(d.details -> 'make') = 'string' then d.details ->> 'make' end,
        souqna_detail_number(d.details ->> 'year'),
        souqna_detail_number(d.details ->> 'kilometers'))`);
    const [{ n }] = (result as unknown as { rows: { n: number }[] }).rows as [{ n: number }];
    expect(n).toBe(0);
    const motors = rows.filter((row) => row.categoryId === 1);
    expect(motors.length).toBeGreaterThan(0);
    for (const row of motors) {
      expect(row.make).toBe(filterColumnsOf(detailsById.get(row.id)).make);
      expect(row.make).not.toBeNull();
    }
  });

  it("keeps subcategories under their own category", () => {
    for (const listing of rows) {
      if (listing.subcategoryId === null) continue;
      const parent = categories.find((c) => c.id === listing.categoryId);
      expect(parent?.subcategories.map((s) => s.id)).toContain(listing.subcategoryId);
    }
  });

  it("gives every listing 1–4 images with exactly one primary, and the files exist", () => {
    for (const listing of rows) {
      const images = (imagesById.get(listing.id) ?? []).sort((a, b) => a.sortOrder - b.sortOrder);
      expect(images.length).toBeGreaterThanOrEqual(1);
      expect(images.length).toBeLessThanOrEqual(4);
      expect(images.filter((i) => i.isPrimary)).toHaveLength(1);
      expect(images[0]?.isPrimary).toBe(true);
      expect(images.map((i) => i.sortOrder)).toEqual(images.map((_, index) => index));
      for (const image of images) {
        expect(image.variants.map((v) => v.width)).toEqual([320, 640, 1280]);
        for (const variant of image.variants) {
          expect(variant.key).toBe(`${image.storageKey}-${variant.width}.webp`);
          expect(variant.height * 4).toBe(variant.width * 3);
          expect(fs.existsSync(path.join(dataDir, "media", variant.key)), variant.key).toBe(true);
        }
        expect([image.width, image.height]).toEqual([1280, 960]);
      }
    }
  });

  it("asks plausible prices in new Syrian pounds", () => {
    for (const listing of rows) {
      const [min, max] = priceBounds(listing, detailsById.get(listing.id) ?? {});
      const label = `${listing.title || listing.titleAr}: ${listing.price}`;
      expect(listing.price, label).toBeGreaterThanOrEqual(min);
      expect(listing.price, label).toBeLessThanOrEqual(max);
      expect(Number.isInteger(listing.price)).toBe(true);
    }
  });

  it("dates listings within the last 60 days, updated no earlier than created", () => {
    for (const listing of rows) {
      expect(listing.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(listing.createdAt.getTime()).toBeGreaterThanOrEqual(now.getTime() - 60 * DAY_MS);
      expect(listing.updatedAt.getTime()).toBeGreaterThanOrEqual(listing.createdAt.getTime());
      expect(listing.updatedAt.getTime()).toBeLessThanOrEqual(now.getTime());
    }
  });

  it("writes some listings only in Arabic, some only in English and some in both", () => {
    const arabicOnly = rows.filter((l) => l.title === "" && l.titleAr !== "");
    const englishOnly = rows.filter((l) => l.titleAr === "" && l.title !== "");
    const both = rows.filter((l) => l.title !== "" && l.titleAr !== "");
    expect(arabicOnly.length).toBeGreaterThan(0);
    expect(englishOnly.length).toBeGreaterThan(0);
    expect(both.length).toBeGreaterThan(0);
    for (const listing of arabicOnly) {
      expect(listing.description).toBe("");
      expect(listing.descriptionAr).not.toBe("");
    }
    for (const listing of englishOnly) {
      expect(listing.descriptionAr).toBe("");
      expect(listing.description).not.toBe("");
    }
  });

  it("places listings in real cities with both names", () => {
    const byId = new Map(cities.map((c) => [c.id, c]));
    for (const listing of rows) {
      const city = byId.get(listing.cityId ?? "");
      expect(city, listing.cityId ?? "no city").toBeDefined();
      expect(listing.location).toBe(city?.name);
      expect(listing.locationAr).toBe(city?.nameAr);
    }
  });

  it("creates members with valid, unique profiles", async () => {
    const members = await database.db.select().from(profiles);
    const usernames = members.map((m) => m.username);
    expect(new Set(usernames).size).toBe(usernames.length);
    for (const member of members) {
      expect(member.username).toMatch(/^[a-z0-9_]{3,30}$/);
      expect(member.phoneNumber).toMatch(/^\+9639\d{8}$/);
      expect(member.fullName.length).toBeGreaterThan(3);
    }
    const accounts = await database.db.select().from(users);
    for (const account of accounts) {
      expect(account.email).toBe(`demo${account.id.slice("demo-".length)}@demo.souqna.app`);
      expect(account.createdAt.getTime()).toBeGreaterThan(now.getTime() - 366 * DAY_MS);
    }
    expect(accounts.some((a) => a.emailVerified)).toBe(true);
  });

  it("adds nothing through seedDemoIfEmpty once listings exist", async () => {
    const added = await seedDemoIfEmpty({ db: database.db, dataDir });
    expect(added).toBe(0);
    const [row] = await database.db.select({ total: count() }).from(listings);
    expect(row?.total).toBe(300);
  });

  it("reuses the demo members and repeats its content for the same seed on a second run", async () => {
    const again = await seedDemo({
      db: database.db,
      dataDir,
      count: 300,
      now,
      random: mulberry32(42),
    });
    expect(again).toMatchObject({ listings: 300, members: 0 });
    const [members] = await database.db.select({ total: count() }).from(users);
    expect(members?.total).toBe(12);

    const all = await database.db.select().from(listings);
    expect(all).toHaveLength(600);
    expect(new Set(all.map((l) => l.id)).size).toBe(600);
    const fingerprint = (l: typeof listings.$inferSelect) =>
      [l.title, l.titleAr, l.price, l.cityId, l.createdAt.toISOString()].join("|");
    const first = rows.map(fingerprint).sort();
    const second = all
      .filter((l) => !rows.some((r) => r.id === l.id))
      .map(fingerprint)
      .sort();
    expect(second).toEqual(first);
  });
});

describe("seedDemoIfEmpty", () => {
  it("seeds 60 listings into an empty database", async () => {
    const empty = await createTestDatabase();
    try {
      const added = await seedDemoIfEmpty({ db: empty.db, dataDir });
      expect(added).toBe(60);
      const [row] = await empty.db.select({ total: count() }).from(listings);
      expect(row?.total).toBe(60);
      // Some of them with the exchanges and ratings the rule allows (decision 038): both sides
      // wrote, the rating a day or more after the first message, on the conversation's listing.
      const exchanges = await empty.db.execute(sql`
        select r.stars, r.counts, r.rater_id, r.rated_id, r.created_at, c.buyer_id, c.seller_id,
          (select min(m.created_at) from messages m where m.conversation_id = c.id) as first,
          (select count(distinct m.sender_id) from messages m where m.conversation_id = c.id) as writers
        from ratings r join conversations c on c.id = r.conversation_id and c.listing_id = r.listing_id`);
      const rated = (exchanges as unknown as { rows: unknown[] }).rows as {
        stars: number;
        rater_id: string;
        rated_id: string;
        created_at: string;
        buyer_id: string;
        seller_id: string;
        first: string;
        writers: number | string;
      }[];
      expect(rated.length).toBeGreaterThan(5);
      for (const rating of rated) {
        expect(Number(rating.writers)).toBe(2);
        expect([rating.buyer_id, rating.seller_id].sort()).toEqual(
          [rating.rater_id, rating.rated_id].sort(),
        );
        expect(
          new Date(rating.created_at).getTime() - new Date(rating.first).getTime(),
        ).toBeGreaterThanOrEqual(DAY_MS);
        expect(new Date(rating.created_at).getTime()).toBeLessThan(Date.now());
        expect(rating.stars).toBeGreaterThanOrEqual(1);
      }
    } finally {
      await empty.destroy();
    }
  });
});
