import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { queryStatsStorage } from "~/db/query-stats.server";
import { favorites, listingImages, listings, users } from "~/db/schema";
import type { Member } from "~/domain/accounts/session.server";
import { listMyListings } from "~/domain/listings/list-my-listings.server";
import { isListingId } from "~/domain/listings/listings-schemas";
import type { AppErrorCode } from "~/utils/app-error";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { addFavorite } from "./add-favorite.server";
import { countFavorites } from "./count-favorites.server";
import { favoritedAmong } from "./favorited-among.server";
import { cleanFavoriteIds, MAX_GUEST_FAVORITES } from "./favorites-schemas";
import { findGuestFavorites } from "./find-guest-favorites.server";
import { listFavorites } from "./list-favorites.server";
import { mergeGuestFavorites } from "./merge-guest-favorites.server";
import { removeFavorite } from "./remove-favorite.server";
import { toggleFavorite } from "./toggle-favorite.server";

let database: TestDatabase;
let db: Database;

const member = (id: string): Pick<Member, "id"> => ({ id });
const NOUR = member("nour");
const KARIM = member("karim");
const SELLER = member("seller");

// Listings by status, created in beforeAll.
const ids: Record<"active" | "active2" | "active3" | "sold" | "inactive" | "removed", string> = {
  active: "",
  active2: "",
  active3: "",
  sold: "",
  inactive: "",
  removed: "",
};
const UNKNOWN = "3f2504e0-4f89-41d3-9a0c-0305e82c3301";

const HOSTILE: unknown[] = [
  "",
  " ",
  "not-an-id",
  "1; drop table favorites; --",
  "' or '1'='1",
  "<script>alert(1)</script>",
  "x".repeat(100_000),
  "٣f2504e0-4f89-41d3-9a0c-0305e82c3301",
  "3f2504e0-4f89-61d3-9a0c-0305e82c3301",
  `${UNKNOWN}\u0000`,
  ` ${UNKNOWN}`,
  "سيارة 🚗",
  42,
  null,
  undefined,
  { id: UNKNOWN },
  [UNKNOWN],
];

async function expectCode(promise: Promise<unknown>, code: AppErrorCode) {
  await expect(promise).rejects.toMatchObject({ name: "AppError", code });
}

async function rowsOf(userId: string) {
  return db
    .select({ listingId: favorites.listingId })
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(favorites.listingId);
}

async function queriesOf<T>(fn: () => Promise<T>): Promise<{ value: T; queries: number }> {
  const stats = { count: 0 };
  const value = await queryStatsStorage.run(stats, fn);
  return { value, queries: stats.count };
}

async function insertListing(
  title: string,
  status: "active" | "sold" | "inactive" | "removed",
  createdAt = new Date(),
) {
  const [row] = await db
    .insert(listings)
    .values({
      userId: "seller",
      categoryId: 5,
      title,
      price: 1_500_000,
      location: "Aleppo",
      locationAr: "حلب",
      status,
      createdAt,
    })
    .returning({ id: listings.id });
  if (!row) throw new Error("no listing");
  return row.id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await db.insert(users).values([
    { id: "nour", name: "Nour", email: "nour@example.com", emailVerified: true },
    { id: "karim", name: "Karim", email: "karim@example.com", emailVerified: true },
    { id: "seller", name: "Seller", email: "seller@example.com", emailVerified: true },
  ]);
  ids.active = await insertListing("Oud", "active");
  ids.active2 = await insertListing("Sofa", "active");
  ids.active3 = await insertListing("Bike", "active");
  ids.sold = await insertListing("Sold car", "sold");
  ids.inactive = await insertListing("Hidden desk", "inactive");
  ids.removed = await insertListing("Removed phone", "removed");
  await db.insert(listingImages).values({
    listingId: ids.active,
    storageKey: "a/original.webp",
    width: 800,
    height: 600,
    isPrimary: true,
    sortOrder: 0,
    variants: [{ width: 320, height: 240, key: "a/320.webp" }],
  });
});

afterAll(async () => {
  await database?.destroy();
});

beforeEach(async () => {
  await db.delete(favorites);
});

describe("favourite ids from a browser", () => {
  it("keeps only well-formed ids, lower-cased, once each, at most the cap", () => {
    const upper = UNKNOWN.toUpperCase();
    expect(cleanFavoriteIds([upper, UNKNOWN, ...HOSTILE, UNKNOWN])).toEqual([UNKNOWN]);
    expect(cleanFavoriteIds("not a list")).toEqual([]);
    expect(cleanFavoriteIds({ length: 3 })).toEqual([]);
    const many = Array.from(
      { length: 300 },
      (_, i) => `3f2504e0-4f89-41d3-9a0c-${String(i).padStart(12, "0")}`,
    );
    expect(cleanFavoriteIds(many)).toEqual(many.slice(0, MAX_GUEST_FAVORITES));
  });

  it("agrees with the listing id rule of the spec", () => {
    for (const value of [UNKNOWN, UNKNOWN.toUpperCase(), ...HOSTILE]) {
      expect(cleanFavoriteIds([value]).length === 1, String(value).slice(0, 40)).toBe(
        isListingId(value),
      );
    }
  });
});

describe("visitors", () => {
  it("cannot write or read server favourites", async () => {
    await expectCode(addFavorite({ db, member: null, listingId: ids.active }), "AUTH_REQUIRED");
    await expectCode(removeFavorite({ db, member: null, listingId: ids.active }), "AUTH_REQUIRED");
    await expectCode(toggleFavorite({ db, member: null, listingId: ids.active }), "AUTH_REQUIRED");
    await expectCode(mergeGuestFavorites({ db, member: null, ids: [ids.active] }), "AUTH_REQUIRED");
    await expectCode(listFavorites({ db, member: null }), "AUTH_REQUIRED");
    const { value, queries } = await queriesOf(() =>
      favoritedAmong({ db, member: null, listingIds: [ids.active] }),
    );
    expect(value.size).toBe(0);
    expect(queries).toBe(0);
    expect(await db.select().from(favorites)).toEqual([]);
  });
});

describe("addFavorite and removeFavorite", () => {
  it("adds once, however often it is asked, in one query", async () => {
    const first = await queriesOf(() => addFavorite({ db, member: NOUR, listingId: ids.active }));
    expect(first).toEqual({ value: { favorited: true }, queries: 1 });
    // An upper-case id is the same listing.
    await addFavorite({ db, member: NOUR, listingId: ids.active.toUpperCase() });
    expect(await rowsOf("nour")).toEqual([{ listingId: ids.active }]);
  });

  it("refuses the seller's own listing, on the server, and writes nothing", async () => {
    await expectCode(
      addFavorite({ db, member: SELLER, listingId: ids.active }),
      "CANNOT_FAVORITE_OWN_LISTING",
    );
    await expectCode(
      toggleFavorite({ db, member: SELLER, listingId: ids.active }),
      "CANNOT_FAVORITE_OWN_LISTING",
    );
    expect(await rowsOf("seller")).toEqual([]);
    // Nor through a visitor's list merged at sign-in.
    expect(
      await mergeGuestFavorites({ db, member: SELLER, ids: [ids.active, ids.active2] }),
    ).toEqual({ accepted: 2, added: 0 });
    expect(await rowsOf("seller")).toEqual([]);
  });

  it("survives a double add at the same moment: one row, both succeed", async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, () => addFavorite({ db, member: NOUR, listingId: ids.active2 })),
    );
    expect(results).toEqual(Array(6).fill({ favorited: true }));
    expect(await rowsOf("nour")).toEqual([{ listingId: ids.active2 }]);
  });

  it("refuses malformed ids, unknown, hidden and removed listings, and writes nothing", async () => {
    for (const hostile of HOSTILE) {
      await expectCode(addFavorite({ db, member: NOUR, listingId: hostile }), "INVALID_LISTING_ID");
      await expectCode(
        removeFavorite({ db, member: NOUR, listingId: hostile }),
        "INVALID_LISTING_ID",
      );
    }
    await expectCode(addFavorite({ db, member: NOUR, listingId: UNKNOWN }), "LISTING_NOT_FOUND");
    await expectCode(
      addFavorite({ db, member: NOUR, listingId: ids.removed }),
      "LISTING_NOT_FOUND",
    );
    await expectCode(
      addFavorite({ db, member: NOUR, listingId: ids.inactive }),
      "LISTING_NOT_FOUND",
    );
    expect(await rowsOf("nour")).toEqual([]);
  });

  it("saves a sold listing (it can still be opened)", async () => {
    await addFavorite({ db, member: NOUR, listingId: ids.sold });
    expect(await rowsOf("nour")).toEqual([{ listingId: ids.sold }]);
  });

  it("removes idempotently, and only the member's own row", async () => {
    await addFavorite({ db, member: NOUR, listingId: ids.active });
    await addFavorite({ db, member: KARIM, listingId: ids.active });
    expect(await removeFavorite({ db, member: NOUR, listingId: ids.active })).toEqual({
      favorited: false,
      removed: true,
    });
    expect(await removeFavorite({ db, member: NOUR, listingId: ids.active })).toEqual({
      favorited: false,
      removed: false,
    });
    expect(await removeFavorite({ db, member: NOUR, listingId: UNKNOWN })).toMatchObject({
      removed: false,
    });
    expect(await rowsOf("nour")).toEqual([]);
    expect(await rowsOf("karim")).toEqual([{ listingId: ids.active }]);
  });

  it("lets go of a favourite whose listing was removed since", async () => {
    await addFavorite({ db, member: NOUR, listingId: ids.active3 });
    await db.update(listings).set({ status: "removed" }).where(eq(listings.id, ids.active3));
    try {
      // Adding it again is refused; it stays saved but out of sight until it is restored.
      await expectCode(
        addFavorite({ db, member: NOUR, listingId: ids.active3 }),
        "LISTING_NOT_FOUND",
      );
      expect((await listFavorites({ db, member: NOUR })).items).toEqual([]);
      await db.update(listings).set({ status: "active" }).where(eq(listings.id, ids.active3));
      expect((await listFavorites({ db, member: NOUR })).items.map((item) => item.id)).toEqual([
        ids.active3,
      ]);
      await db.update(listings).set({ status: "removed" }).where(eq(listings.id, ids.active3));
      expect(await removeFavorite({ db, member: NOUR, listingId: ids.active3 })).toMatchObject({
        removed: true,
      });
    } finally {
      await db.update(listings).set({ status: "active" }).where(eq(listings.id, ids.active3));
    }
  });

  it("toggles on and off", async () => {
    expect(await toggleFavorite({ db, member: KARIM, listingId: ids.active })).toEqual({
      favorited: true,
    });
    expect(await toggleFavorite({ db, member: KARIM, listingId: ids.active })).toEqual({
      favorited: false,
    });
    await expectCode(
      toggleFavorite({ db, member: KARIM, listingId: ids.removed }),
      "LISTING_NOT_FOUND",
    );
    expect(await rowsOf("karim")).toEqual([]);
  });
});

describe("listFavorites", () => {
  it("lists newest first, only what a visitor may open, sold ones marked, in one query", async () => {
    await db.insert(favorites).values([
      { userId: "nour", listingId: ids.active, createdAt: new Date("2026-01-01T10:00:00Z") },
      { userId: "nour", listingId: ids.sold, createdAt: new Date("2026-01-03T10:00:00Z") },
      { userId: "nour", listingId: ids.inactive, createdAt: new Date("2026-01-04T10:00:00Z") },
      { userId: "nour", listingId: ids.removed, createdAt: new Date("2026-01-05T10:00:00Z") },
      { userId: "nour", listingId: ids.active2, createdAt: new Date("2026-01-02T10:00:00Z") },
      { userId: "karim", listingId: ids.active3 },
    ]);
    const { value, queries } = await queriesOf(() => listFavorites({ db, member: NOUR }));
    expect(queries).toBe(1);
    expect(value.items.map((item) => [item.id, item.status])).toEqual([
      [ids.sold, "sold"],
      [ids.active2, "active"],
      [ids.active, "active"],
    ]);
    expect(value).toMatchObject({ total: 3, page: 1, pageCount: 1 });
    const oud = value.items[2];
    expect(oud).toMatchObject({ title: "Oud", price: 1_500_000, locationAr: "حلب" });
    expect(oud?.image?.variants).toEqual([{ width: 320, height: 240, key: "a/320.webp" }]);
    expect(oud?.createdAt).toBeInstanceOf(Date);
    expect(value.items[0]?.image).toBeNull();
  });

  it("pages, and a page past the end (or garbage) is the last (or first) page", async () => {
    await db.insert(favorites).values(
      [ids.active, ids.active2, ids.active3, ids.sold].map((listingId, i) => ({
        userId: "nour",
        listingId,
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
      })),
    );
    const second = await listFavorites({ db, member: NOUR, page: 2, pageSize: 3 });
    expect(second.items.map((item) => item.id)).toEqual([ids.active]);
    expect(second).toMatchObject({ total: 4, page: 2, pageCount: 2 });
    const past = await listFavorites({ db, member: NOUR, page: 99, pageSize: 3 });
    expect(past).toMatchObject({ page: 2, total: 4 });
    expect(past.items.map((item) => item.id)).toEqual([ids.active]);
    for (const page of [0, -1, Number.NaN, 1.5, Number.MAX_VALUE]) {
      expect((await listFavorites({ db, member: NOUR, page, pageSize: 3 })).page).toBe(1);
    }
    expect(await listFavorites({ db, member: KARIM, page: 5 })).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageCount: 1,
    });
  });
});

describe("favoritedAmong", () => {
  it("answers for a whole page of cards in one query", async () => {
    await addFavorite({ db, member: NOUR, listingId: ids.active });
    await addFavorite({ db, member: NOUR, listingId: ids.sold });
    await addFavorite({ db, member: KARIM, listingId: ids.active2 });
    const { value, queries } = await queriesOf(() =>
      favoritedAmong({
        db,
        member: NOUR,
        listingIds: [ids.active, ids.active2, ids.active3, ids.sold, "junk"],
      }),
    );
    expect(queries).toBe(1);
    expect([...value].sort()).toEqual([ids.active, ids.sold].sort());
    const empty = await queriesOf(() => favoritedAmong({ db, member: NOUR, listingIds: [] }));
    expect(empty).toEqual({ value: new Set(), queries: 0 });
  });
});

describe("mergeGuestFavorites", () => {
  it("collapses duplicates and skips what is already saved", async () => {
    await addFavorite({ db, member: NOUR, listingId: ids.active });
    const { value, queries } = await queriesOf(() =>
      mergeGuestFavorites({
        db,
        member: NOUR,
        ids: [ids.active2, ids.active, ids.active2.toUpperCase(), ids.active2, ids.sold],
      }),
    );
    expect(queries).toBe(1);
    expect(value).toEqual({ accepted: 3, added: 2 });
    expect(await rowsOf("nour")).toEqual(
      [ids.active, ids.active2, ids.sold].sort().map((listingId) => ({ listingId })),
    );
    // Merging the same list again (a second tab, a retry) changes nothing.
    expect(await mergeGuestFavorites({ db, member: NOUR, ids: [ids.active2, ids.sold] })).toEqual({
      accepted: 2,
      added: 0,
    });
  });

  it("keeps the browser's order: the first id is the newest favourite", async () => {
    await mergeGuestFavorites({ db, member: KARIM, ids: [ids.active3, ids.active, ids.active2] });
    const listed = await listFavorites({ db, member: KARIM });
    expect(listed.items.map((item) => item.id)).toEqual([ids.active3, ids.active, ids.active2]);
  });

  it("ignores hostile, unknown, hidden and removed ids without failing", async () => {
    const result = await mergeGuestFavorites({
      db,
      member: NOUR,
      ids: [...HOSTILE, UNKNOWN, ids.removed, ids.inactive, ids.active],
    });
    expect(result).toEqual({ accepted: 4, added: 1 });
    expect(await rowsOf("nour")).toEqual([{ listingId: ids.active }]);
    for (const junk of ["a string", 7, null, { ids: [ids.active] }, HOSTILE]) {
      expect(await mergeGuestFavorites({ db, member: KARIM, ids: junk })).toEqual({
        accepted: 0,
        added: 0,
      });
    }
    expect(await rowsOf("karim")).toEqual([]);
  });

  it("accepts at most the cap", async () => {
    const many = [
      ...Array.from(
        { length: MAX_GUEST_FAVORITES },
        (_, i) => `3f2504e0-4f89-41d3-9a0c-${String(i).padStart(12, "0")}`,
      ),
      ids.active,
    ];
    // The real listing is the 101st id: past the cap, so it is not read.
    expect(await mergeGuestFavorites({ db, member: NOUR, ids: many })).toEqual({
      accepted: MAX_GUEST_FAVORITES,
      added: 0,
    });
  });

  it("is safe when two tabs merge at once", async () => {
    const list = [ids.active, ids.active2, ids.sold];
    const results = await Promise.all([
      mergeGuestFavorites({ db, member: NOUR, ids: list }),
      mergeGuestFavorites({ db, member: NOUR, ids: [...list].reverse() }),
      mergeGuestFavorites({ db, member: NOUR, ids: list }),
    ]);
    expect(results.reduce((sum, result) => sum + result.added, 0)).toBe(3);
    expect((await rowsOf("nour")).length).toBe(3);
  });
});

describe("findGuestFavorites", () => {
  it("gives a visitor's stored ids as listings, in their order, visible ones only", async () => {
    const { value, queries } = await queriesOf(() =>
      findGuestFavorites({
        db,
        ids: [ids.sold, "junk", ids.removed, UNKNOWN, ids.active, ids.inactive, ids.sold],
      }),
    );
    expect(queries).toBe(1);
    expect(value.map((item) => [item.id, item.status])).toEqual([
      [ids.sold, "sold"],
      [ids.active, "active"],
    ]);
    expect(await queriesOf(() => findGuestFavorites({ db, ids: ["junk"] }))).toEqual({
      value: [],
      queries: 0,
    });
  });
});

describe("favourite counts", () => {
  it("count every member's favourite, and My Listings shows the same numbers", async () => {
    await addFavorite({ db, member: NOUR, listingId: ids.active });
    await addFavorite({ db, member: KARIM, listingId: ids.active });
    await addFavorite({ db, member: KARIM, listingId: ids.sold });
    await mergeGuestFavorites({ db, member: NOUR, ids: [ids.sold, ids.active] });
    // Saved while visible, then hidden by its owner: still counted, as the owner's list shows.
    await addFavorite({ db, member: NOUR, listingId: ids.active2 });
    await db.update(listings).set({ status: "inactive" }).where(eq(listings.id, ids.active2));
    try {
      await removeFavorite({ db, member: KARIM, listingId: ids.active });
      const counts = await countFavorites({
        db,
        listingIds: [ids.active, ids.active2, ids.sold, ids.active3],
      });
      expect(Object.fromEntries(counts)).toEqual({
        [ids.active]: 1,
        [ids.active2]: 1,
        [ids.sold]: 2,
        [ids.active3]: 0,
      });
      const mine = await listMyListings({ db, member: SELLER });
      for (const row of mine) {
        const [counted] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(favorites)
          .where(and(eq(favorites.listingId, row.id)));
        expect(row.favoritesCount, row.title).toBe(counted?.n ?? 0);
        if (counts.has(row.id)) expect(row.favoritesCount, row.title).toBe(counts.get(row.id));
      }
    } finally {
      await db.update(listings).set({ status: "active" }).where(eq(listings.id, ids.active2));
    }
  });
});
