import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { businessProfiles, listings, users } from "~/db/schema";
import { findListings } from "~/domain/discovery/find-listings.server";
import { parseListingQuery } from "~/domain/discovery/listing-query";
import { createLocalStorage, type MediaDriver } from "~/media/storage.server";
import type { AppErrorCode } from "~/utils/app-error";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import {
  getBusinessProfile,
  removeBusinessProfile,
  saveBusinessProfile,
} from "./business-profile.server";
import { cleanWebsite } from "./business-schemas";
import { getSellerProfile } from "./get-seller-profile.server";

/*
 * Business pages (issue 32): who may make one (the member, for themselves), what its fields
 * accept (a website only as http or https, hostile text kept as text), the logo re-encoded on the
 * server and never left behind, and what the seller page and the listing cards then show.
 */

let database: TestDatabase;
let db: Database;
let dataDir: string;
let storage: MediaDriver;
let png: Uint8Array;

const DEALER = { id: "bp-dealer" };
const base = {
  name: "Bassam Motors",
  address: "Mezzeh Highway, Damascus",
  hours: "Sat–Thu 9:00–19:00",
  description: "Used cars with papers ready.",
  website: "bassam-motors.example",
};

async function expectCode(promise: Promise<unknown>, code: AppErrorCode, field?: string) {
  await expect(promise).rejects.toMatchObject({
    name: "AppError",
    code,
    ...(field ? { field } : {}),
  });
}

function logoFiles() {
  const folder = path.join(dataDir, "media", "logos");
  return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-business-"));
  storage = createLocalStorage(dataDir);
  png = new Uint8Array(
    await sharp({ create: { width: 600, height: 300, channels: 4, background: "#0a7" } })
      .png()
      .toBuffer(),
  );
  await db.insert(users).values({ id: DEALER.id, name: "Bassam", email: "bp@example.com" });
});

afterAll(async () => {
  await database?.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("a business page", () => {
  it("reads a website only as http or https", () => {
    expect(cleanWebsite("bassam-motors.example")).toBe("https://bassam-motors.example/");
    expect(cleanWebsite("http://shop.example/cars?x=1")).toBe("http://shop.example/cars?x=1");
    for (const bad of [
      "javascript:alert(1)",
      "data:text/html,<script>",
      "ftp://files.example",
      "https://user:pass@shop.example",
      "localhost",
      "not a url at all",
      `https://${"a".repeat(300)}.example`,
    ]) {
      expect(cleanWebsite(bad)).toBeNull();
    }
  });

  it("is the member's own: a visitor cannot make one, bad fields say what to fix", async () => {
    await expectCode(
      saveBusinessProfile({ db, storage, member: null, input: base }),
      "AUTH_REQUIRED",
    );
    await expectCode(
      saveBusinessProfile({ db, storage, member: DEALER, input: { ...base, name: "   " } }),
      "BUSINESS_NAME_REQUIRED",
      "name",
    );
    await expectCode(
      saveBusinessProfile({
        db,
        storage,
        member: DEALER,
        input: { ...base, name: "x".repeat(81) },
      }),
      "BUSINESS_NAME_TOO_LONG",
      "name",
    );
    await expectCode(
      saveBusinessProfile({
        db,
        storage,
        member: DEALER,
        input: { ...base, website: "javascript:alert(1)" },
      }),
      "BUSINESS_WEBSITE_INVALID",
      "website",
    );
    await expectCode(
      saveBusinessProfile({
        db,
        storage,
        member: DEALER,
        input: { ...base, description: "ب".repeat(1001) },
      }),
      "BUSINESS_DESCRIPTION_TOO_LONG",
      "description",
    );
    // Not an image: nothing saved, no file left.
    await expectCode(
      saveBusinessProfile({
        db,
        storage,
        member: DEALER,
        input: base,
        logo: { bytes: new TextEncoder().encode("<?php echo 1; ?>") },
      }),
      "IMAGE_NOT_IMAGE",
      "logo",
    );
    expect(await getBusinessProfile({ db, member: DEALER })).toBeNull();
    expect(logoFiles()).toEqual([]);
  });

  it("saves the fields as text and the logo re-encoded, replacing the old one", async () => {
    const hostile = "معرض بسام 🚗 <img src=x onerror=alert(1)>";
    const saved = await saveBusinessProfile({
      db,
      storage,
      member: DEALER,
      input: { ...base, name: hostile },
      logo: { bytes: png },
    });
    expect(saved.name).toBe(hostile);
    expect(saved.website).toBe("https://bassam-motors.example/");
    expect(saved.logoKey).toMatch(/^logos\/[0-9a-f-]{36}\.webp$/);
    const stored = await sharp(path.join(dataDir, "media", saved.logoKey ?? "")).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(["webp", 256, 256]);

    // A new logo replaces the old file; saving without one keeps it; "remove" takes it away.
    const replaced = await saveBusinessProfile({
      db,
      storage,
      member: DEALER,
      input: base,
      logo: { bytes: png },
    });
    expect(replaced.logoKey).not.toBe(saved.logoKey);
    expect(logoFiles()).toEqual([path.basename(replaced.logoKey ?? "")]);
    const kept = await saveBusinessProfile({ db, storage, member: DEALER, input: base });
    expect(kept.logoKey).toBe(replaced.logoKey);
    const removed = await saveBusinessProfile({
      db,
      storage,
      member: DEALER,
      input: base,
      removeLogo: true,
    });
    expect(removed.logoKey).toBeNull();
    expect(logoFiles()).toEqual([]);
    expect(await db.select().from(businessProfiles)).toHaveLength(1);
  });

  it("names the seller page and the seller's listing cards, until it is removed", async () => {
    await saveBusinessProfile({ db, storage, member: DEALER, input: base, logo: { bytes: png } });
    await db
      .insert(listings)
      .values({ userId: DEALER.id, categoryId: 1, title: "Kia Rio 2015", price: 5_000_000 });
    const page = await getSellerProfile({ db, handle: DEALER.id });
    expect(page?.kind === "seller" && page.seller.business?.name).toBe("Bassam Motors");
    const cards = await findListings({
      db,
      query: parseListingQuery(new URLSearchParams()),
      seller: DEALER.id,
    });
    expect(cards.items.map((item) => item.businessName)).toEqual(["Bassam Motors"]);

    expect(await removeBusinessProfile({ db, storage, member: DEALER })).toEqual({ removed: true });
    expect(logoFiles()).toEqual([]);
    const after = await getSellerProfile({ db, handle: DEALER.id });
    expect(after?.kind === "seller" && after.seller.business).toBeNull();
    const plain = await findListings({
      db,
      query: parseListingQuery(new URLSearchParams()),
      seller: DEALER.id,
    });
    expect(plain.items[0]?.businessName).toBeNull();
    await expectCode(removeBusinessProfile({ db, storage, member: null }), "AUTH_REQUIRED");
    const [user] = await db.select().from(users).where(eq(users.id, DEALER.id));
    expect(user?.name).toBe("Bassam");
  });
});
