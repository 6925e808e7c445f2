import { filterColumnsOf } from "../../domain/discovery/filter-columns";
import { listingSearchColumns } from "../../domain/search/listing-document";
import type { Database } from "../client.server";
import { listings } from "../schema";
import { seedDemoExchanges } from "./demo/exchanges.server";
import { ensureImagePool } from "./demo/image-pool.server";
import { chunkInsert } from "./demo/insert-chunk.server";
import { buildListing, type DetailRow, type ImageRow, type ListingRow } from "./demo/listing";
import { demoMemberCount, ensureMembers } from "./demo/members.server";
import { Dice, mulberry32 } from "./demo/random";

/*
 * Demo data that reads like Souqna's real market: Syrian sellers writing in Arabic, English or
 * both, with the spelling habits search has to cope with. This file only runs the generators in
 * demo/ (members, pictures, one generator per category) and writes their rows in chunks.
 */

export interface SeedLogger {
  info(obj: object, msg?: string): void;
}

export interface SeedDemoOptions {
  db: Database;
  dataDir: string;
  count: number;
  now?: Date;
  random?: () => number;
  logger?: SeedLogger;
}

export interface SeedDemoResult {
  listings: number;
  /** Demo members created by this run; existing ones are reused and not counted. */
  members: number;
  ms: number;
}

const DEFAULT_SEED = 20_260_101;
// ~17 parameters a listing row: 1,000 rows stay far below PostgreSQL's 65,535 bind parameters,
// and bigger statements stopped paying off on PGlite.
const CHUNK_SIZE = 1000;
const PROGRESS_EVERY = 10_000;

/** A listing row with the columns the listing domain derives on every save. */
function withDerivedColumns(listing: ListingRow, detail: DetailRow): ListingRow {
  return {
    ...listing,
    ...listingSearchColumns({
      title: listing.title ?? "",
      titleAr: listing.titleAr ?? "",
      description: listing.description ?? "",
      descriptionAr: listing.descriptionAr ?? "",
      cityId: listing.cityId ?? null,
      location: listing.location ?? "",
      locationAr: listing.locationAr ?? "",
      categoryId: listing.categoryId,
      details: detail.details,
    }),
    // Written here so the trigger that keeps these copies finds them already right.
    ...filterColumnsOf(detail.details),
  };
}

/**
 * Adds `count` realistic demo listings (with details and pictures) and the demo members who
 * post them. Inserts in multi-row chunks, one statement each, so 100k listings take minutes.
 */
export async function seedDemo(options: SeedDemoOptions): Promise<SeedDemoResult> {
  const started = performance.now();
  const { db, dataDir, count, logger } = options;
  if (!Number.isInteger(count) || count < 0)
    throw new RangeError(`count must be a whole number, got ${count}`);
  const now = options.now ?? new Date();
  const d = new Dice(options.random ?? mulberry32(DEFAULT_SEED));

  const { inserted, ownerIds } = await ensureMembers(db, demoMemberCount(count), now);
  if (ownerIds.length === 0)
    throw new Error("No demo member could be created to own the demo listings");
  const pool = await ensureImagePool(dataDir);

  // Each chunk is one statement, sent before the next chunk is built: the server inserts one
  // while this process builds the next (PostgreSQL; PGlite runs in this thread either way).
  let pending: Promise<unknown> | undefined;
  const first: Parameters<typeof seedDemoExchanges>[2][number][] = [];
  for (let done = 0; done < count; ) {
    const size = Math.min(CHUNK_SIZE, count - done);
    const listingRows: ListingRow[] = [];
    const detailRows: DetailRow[] = [];
    const imageRows: ImageRow[] = [];
    for (let i = 0; i < size; i++) {
      const built = buildListing(d, done + i, now, ownerIds, pool);
      listingRows.push(withDerivedColumns(built.listing, built.detail));
      if (first.length < 60) first.push(built.listing);
      detailRows.push(built.detail);
      imageRows.push(...built.images);
    }
    await pending;
    // A real promise: drizzle's query runs again on every then().
    pending = db.execute(chunkInsert(listingRows, detailRows, imageRows)).then(() => undefined);
    // Seen as handled until it is awaited above or below; a failure still throws there.
    pending.catch(() => {});
    // Lets the statement reach the server before the next chunk's building holds this thread.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    const before = done;
    done += size;
    if (
      logger &&
      (Math.floor(before / PROGRESS_EVERY) !== Math.floor(done / PROGRESS_EVERY) || done === count)
    ) {
      if (done === count) await pending;
      logger.info(
        { listings: done, total: count, ms: Math.round(performance.now() - started) },
        "seeding demo listings",
      );
    }
  }
  await pending;
  // Conversations and the ratings earned in them, on the first listings (exchanges.server.ts).
  await seedDemoExchanges(db, d, first, ownerIds, now);

  return { listings: count, members: inserted, ms: performance.now() - started };
}

/** Seeds a fresh install so the first visit shows a living market; never touches a used one. */
export async function seedDemoIfEmpty(options: {
  db: Database;
  dataDir: string;
  logger?: SeedLogger;
  count?: number;
}): Promise<number> {
  const { db, dataDir, logger, count = 60 } = options;
  const existing = await db.select({ id: listings.id }).from(listings).limit(1);
  if (existing.length > 0) return 0;
  const result = await seedDemo({ db, dataDir, logger, count });
  return result.listings;
}
