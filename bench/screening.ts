#!/usr/bin/env -S npx tsx
// The screening before publish at scale (issue 30): seeds N listings (default 1,000,000) with
// three fingerprinted photos each into a fresh PostgreSQL database, then times the whole check a
// post runs (screenListing: its own repeats, copied photos, comparables, the poster's signals and
// the listed words, in one transaction as a post runs it) for posts whose photos are copies of
// stored ones and for fresh ones, and prints median and p95 with the photo lookup's plan. Then a
// whole post (createListing with three photos: image processing, screening, the write) end to end.
// Usage: npx tsx bench/screening.ts --postgres postgres://…/postgres [--listings N] [--runs N]
//        [--keep | --reuse NAME] [--plans]
// Not a test: figures depend on the machine. Seeding a million listings takes minutes.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type SQL, sql } from "drizzle-orm";
import sharp from "sharp";
import { type DatabaseHandle, openPostgres, selectRows } from "../app/db/client.server";
import { runMigrations } from "../app/db/migrate.server";
import { syncReferenceData } from "../app/db/reference-data/sync.server";
import { createListing } from "../app/domain/listings/create-listing.server";
import { accountSignals } from "../app/domain/screening/account-signals.server";
import { refuseOwnRepeat } from "../app/domain/screening/own-duplicate.server";
import { findPhotoMatches, photoCandidates } from "../app/domain/screening/photo-matches.server";
import { comparablePrices } from "../app/domain/screening/price-signal.server";
import { DEFAULT_HOLD_SCORE } from "../app/domain/screening/risk-score";
import { screenListing } from "../app/domain/screening/screen-listing.server";
import { fingerprintColumns, photoPrints } from "../app/media/photo-fingerprint.server";
import { createLocalStorage } from "../app/media/storage.server";
import { generatedPhoto } from "../tests/factories/photos";

function option(name: string, fallback: string) {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

const listingsWanted = Number(option("listings", "1000000"));
const runs = Number(option("runs", "40"));
const postgres = option("postgres", "");
const reuse = option("reuse", "");
const MEMBERS = 50_000;
/** Real photos among the random fingerprints: what copies are made of. */
const REAL_PHOTOS = 20;

if (!postgres) {
  console.error(
    "usage: npx tsx bench/screening.ts --postgres postgres://…/postgres [--listings N]",
  );
  process.exit(2);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function open(): Promise<{ handle: DatabaseHandle; cleanup: () => Promise<void> }> {
  const name = reuse || `souqna_bench_screening_${process.pid}`;
  if (!reuse) {
    const admin = await openPostgres(postgres, 1);
    await admin.db.execute(sql.raw(`create database "${name}"`));
    await admin.close();
  }
  const url = new URL(postgres);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), 4);
  return {
    handle,
    cleanup: async () => {
      await handle.close();
      if (reuse || process.argv.includes("--keep")) return console.log(`kept database ${name}`);
      const again = await openPostgres(postgres, 1);
      await again.db.execute(sql.raw(`drop database if exists "${name}" with (force)`));
      await again.close();
    },
  };
}

/**
 * Members, listings (eight categories, a year of dates, one in ten sold) and three photos each,
 * in set-based statements. The photos' fingerprints are random 64-bit hashes with the colours of
 * a real photo — the lookup's worst case is many candidates, and real hashes cluster more than
 * random ones — and REAL_PHOTOS of them are real photos' own fingerprints.
 */
async function seed({ db }: DatabaseHandle, colours: string) {
  let started = performance.now();
  await db.execute(sql`insert into users (id, name, email, email_verified, created_at)
    select 'bench-' || g, 'Member ' || g, 'bench-' || g || '@example.com', true,
           now() - interval '400 days'
    from generate_series(1, ${MEMBERS}::int) g`);
  const chunk = 250_000;
  for (let from = 1; from <= listingsWanted; from += chunk) {
    const to = Math.min(listingsWanted, from + chunk - 1);
    await db.execute(sql`insert into listings
        (user_id, category_id, title, title_ar, description, description_ar, price, status, city_id,
         created_at, updated_at)
      select 'bench-' || (1 + g % ${MEMBERS}::int), 1 + g % 8,
             'Listing ' || g || ' ' || substr(md5(g::text), 1, 10), '',
             'A used item in good condition, number ' || g || ' ' || md5((g * 7)::text), '',
             (100000 + (g::bigint * 7919) % 90000000),
             (case when g % 10 = 0 then 'sold' else 'active' end)::listing_status,
             'damascus', now() - ((g % 365) || ' days')::interval, now()
      from generate_series(${from}::int, ${to}::int) g`);
    console.log(
      `  seeded ${to.toLocaleString("en")} listings (${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
  }
  await db.execute(sql`insert into listing_images
      (listing_id, storage_key, variants, width, height, is_primary, sort_order, photo_hash, photo_colours)
    select l.id, 'bench/' || l.id || '-' || k, '[]'::jsonb, 640, 480, k = 0, k,
           ('x' || substr(md5(l.id::text || k), 1, 16))::bit(64)::bigint, ${colours}
    from listings l cross join generate_series(0, 2) k`);
  console.log(`  3 photos each (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  started = performance.now();
  // Vacuumed as autovacuum leaves a table at rest: the band indexes are read without the heap.
  await db.execute(sql`vacuum (analyze) listing_images`);
  await db.execute(sql`analyze`);
  console.log(`  vacuumed and analyzed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function main() {
  const { handle, cleanup } = await open();
  const { db } = handle;
  try {
    const photos = await Promise.all(
      Array.from({ length: REAL_PHOTOS }, (_, i) => generatedPhoto(7000 + i)),
    );
    const prints = await Promise.all(photos.map((photo) => photoPrints(photo)));
    const real = prints.map((p) => {
      if (!p) throw new Error("a generated photo has no fingerprint");
      return p;
    });
    // Always: a kept database gets the migrations written since it was seeded.
    await runMigrations(handle);
    if (!reuse) {
      await syncReferenceData(db);
      console.log(`seeding ${listingsWanted.toLocaleString("en")} listings, 3 photos each…`);
      await seed(handle, fingerprintColumns(real[0]).photoColours);
      // The real photos: the first photo of one active listing each.
      const targets = await selectRows<{ id: string }>(
        db,
        sql`select id from listings where status = 'active' order by created_at limit ${REAL_PHOTOS}`,
      );
      for (const [i, target] of targets.entries()) {
        const columns = fingerprintColumns(real[i]);
        await db.execute(sql`update listing_images set photo_hash = ${columns.photoHash},
            photo_colours = ${columns.photoColours}
          where listing_id = ${target.id} and sort_order = 0`);
      }
    }
    const [count] = await selectRows<{ listings: string; photos: string }>(
      db,
      sql`select (select count(*) from listings) as listings,
                 (select count(*) from listing_images where photo_hash is not null) as photos`,
    );
    console.log(`database: ${count?.listings} listings, ${count?.photos} fingerprinted photos`);

    // Copies as a scammer makes them: half size, quality 60; fresh photos match nothing.
    const copies = await Promise.all(
      photos.map(async (photo) =>
        photoPrints(await sharp(photo).resize({ width: 320 }).jpeg({ quality: 60 }).toBuffer()),
      ),
    );
    const fresh = await Promise.all(
      Array.from({ length: 3 }, async (_, i) => photoPrints(await generatedPhoto(9000 + i))),
    );
    const cases: [string, (run: number) => (typeof fresh)[number][]][] = [
      ["3 fresh photos (no match)", () => fresh],
      [
        "a copy among 3 photos (held)",
        (run) => [copies[run % REAL_PHOTOS] ?? null, ...fresh.slice(1)],
      ],
    ];
    for (const [name, photosOf] of cases) {
      const times: number[] = [];
      let held = 0;
      for (let run = 0; run < runs; run++) {
        const member = `bench-${1 + ((run * 7919) % MEMBERS)}`;
        const started = performance.now();
        // As a post runs it: inside its transaction (rolled back: nothing is written).
        await db
          .transaction(async (tx) => {
            const verdict = await screenListing(
              tx,
              {
                memberId: member,
                categoryId: 1 + (run % 8),
                details: { make: "kia", type: "sofas" },
                title: `A fresh title ${run} for the bench`,
                description: `Seen by appointment, run ${run}, call through Souqna.`,
                price: 2_500_000,
                photos: photosOf(run),
              },
              DEFAULT_HOLD_SCORE,
            );
            if (verdict.hold) held++;
            throw new Rollback();
          })
          .catch((error) => {
            if (!(error instanceof Rollback)) throw error;
          });
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      console.log(
        `${name.padEnd(34)} ${runs} posts  held ${held}  median ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms`,
      );
    }
    // Each part alone, for a post with a copy among its photos (median of `runs`).
    type Tx = Parameters<Parameters<typeof db.transaction>[0]>[0];
    const parts: [string, (tx: Tx, run: number) => Promise<unknown>][] = [
      [
        "  photos (own repeats and others')",
        (tx, run) =>
          findPhotoMatches(
            tx,
            [copies[run % REAL_PHOTOS] ?? null, ...fresh.slice(1)],
            `bench-${1 + run}`,
          ),
      ],
      [
        "  own repeat by words",
        (tx, run) =>
          refuseOwnRepeat(tx, {
            memberId: `bench-${1 + run}`,
            categoryId: 1 + (run % 8),
            title: `A fresh title ${run}`,
            description: `Seen by appointment, run ${run}.`,
            photoMatches: [],
          }),
      ],
      [
        "  comparable prices (a car of one make)",
        (tx) => comparablePrices(tx, { categoryId: 1, details: { make: "kia" } }),
      ],
      [
        "  comparable prices (furniture of one type)",
        (tx) => comparablePrices(tx, { categoryId: 5, details: { type: "sofas" } }),
      ],
      [
        "  the poster's signals",
        (tx, run) =>
          accountSignals(tx, { memberId: `bench-${1 + run}`, categoryId: 1, details: {} }),
      ],
    ];
    for (const [name, part] of parts) {
      const times: number[] = [];
      for (let run = 0; run < runs; run++) {
        const started = performance.now();
        // As screenListing runs them: in a transaction with JIT off (its first statement).
        await db
          .transaction(async (tx) => {
            await tx.execute(sql`set local jit = off`);
            await part(tx, run).catch(() => {});
            throw new Rollback();
          })
          .catch(() => {});
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      console.log(
        `${name.padEnd(44)} median ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms`,
      );
    }

    const statement = photoCandidates([copies[0], ...fresh.slice(1)], "bench-1");
    if (statement) {
      await db
        .transaction(async (tx) => {
          await tx.execute(sql`set local jit = off`);
          await explain(tx, "photo lookup (3 photos), JIT off", statement);
          throw new Rollback();
        })
        .catch(() => {});
    }

    // A whole post: three photos processed, screened and written.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-bench-screening-"));
    const storage = createLocalStorage(dir);
    const posts: number[] = [];
    // A kept database holds the last run's posts: the same photos again would repeat them.
    const forgetPosts = () => db.execute(sql`delete from listings where title like 'Bench post %'`);
    await forgetPosts();
    for (let run = 0; run < Math.min(runs, 10); run++) {
      const files = await Promise.all(
        [0, 1, 2].map(async (i) => new Uint8Array(await generatedPhoto(20_000 + run * 3 + i))),
      );
      const started = performance.now();
      await createListing({
        db,
        storage,
        member: { id: `bench-${100 + run}`, emailVerified: true },
        input: {
          title: `Bench post ${run} ${Date.now()}`,
          description: `Three photos, run ${run}.`,
          price: "2,500,000",
          categoryId: "5",
          location: "damascus",
          details: { type: "sofas", condition: "good" },
        },
        images: files,
      });
      posts.push(performance.now() - started);
    }
    posts.sort((a, b) => a - b);
    console.log(
      `${"post with 3 photos, end to end".padEnd(34)} ${posts.length} posts  median ${percentile(posts, 50).toFixed(0)} ms  p95 ${percentile(posts, 95).toFixed(0)} ms`,
    );
    await forgetPosts();
    fs.rmSync(dir, { recursive: true, force: true });
  } finally {
    await cleanup();
  }
}

class Rollback extends Error {}

async function explain(db: Pick<DatabaseHandle["db"], "execute">, label: string, statement: SQL) {
  const plan = await db.execute(sql`explain (analyze, buffers, costs off) ${statement}`);
  const rows = (plan as unknown as { rows: Record<string, string>[] }).rows;
  const lines = rows.map((row) => Object.values(row)[0] ?? "");
  const uses = [
    ...new Set(lines.join("\n").match(/\b\w+_(?:idx|key|pkey)\b|Seq Scan on \w+/g) ?? []),
  ];
  console.log(`  ${label}: ${uses.join(", ") || "(no index named)"}`);
  const total = lines.find((line) => line.startsWith("Execution Time"));
  if (total) console.log(`    ${total}`);
  if (process.argv.includes("--plans")) console.log(lines.map((line) => `    ${line}`).join("\n"));
}

await main();
