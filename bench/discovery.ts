#!/usr/bin/env -S npx tsx
// Discovery at scale: seeds N demo listings (default 100,000) into a fresh database, then times
// the statements of the home page, a filtered category page and five searches, and prints their
// SQL query count and EXPLAIN (ANALYZE) plans, so index use can be checked.
// Then the listing page's neighbours (more from the seller, similar listings: decision 026) and the
// seller page's statements, for listings picked at random (cars and others), with their plans,
// and the fair-price guide (issue 32): its rebuild, and its reads by the listing and the post form.
// Usage: npx tsx bench/discovery.ts [--count N] [--runs N] [--postgres postgres://…/postgres [--keep | --reuse NAME]]
//        [--explain [--plans]] [--only-neighbours]
// Without --postgres it runs on PGlite in a temporary folder. Not a test: figures depend on the
// machine. Server-side rendering comes on top; bench/page-weight.mjs measures whole pages.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type SQL, sql } from "drizzle-orm";
import { type DatabaseHandle, openPglite, openPostgres, selectRows } from "../app/db/client.server";
import { runMigrations } from "../app/db/migrate.server";
import { queryStatsStorage } from "../app/db/query-stats.server";
import { syncReferenceData } from "../app/db/reference-data/sync.server";
import { seedDemo } from "../app/db/seed/seed-demo.server";
import { findListings, listingStatements } from "../app/domain/discovery/find-listings.server";
import {
  findRelatedListings,
  relatedStatement,
} from "../app/domain/discovery/find-related-listings.server";
import { parseListingQuery } from "../app/domain/discovery/listing-query";
import { getListingForView } from "../app/domain/listings/get-listing.server";
import { expandQuery, findCorrections } from "../app/domain/search/search-query.server";
import { getSellerProfile } from "../app/domain/sellers/get-seller-profile.server";
import {
  type GuideFields,
  guideColumn,
  priceGuideFor,
  rebuildPriceGuide,
} from "../app/domain/statistics/price-guide.server";

function option(name: string, fallback: string) {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

const count = Number(option("count", "100000"));
const runs = Number(option("runs", "40"));
const postgres = option("postgres", "");
/** An earlier run's database (kept with --keep): no seeding, straight to the measurements. */
const reuse = option("reuse", "");

const cases: [name: string, categoryId: number | null, search: string][] = [
  ["home: latest 3", null, ""],
  ["category: motors, kia, 2010+, ≤ 5M", 1, "make=kia&yearMin=2010&maxPrice=5000000"],
  ["category: property, page 3", 2, "page=3"],
  ["search: Arabic (سيارة للبيع)", null, "q=سيارة للبيع"],
  ["search: English (apartment)", null, "q=apartment"],
  ["search: cross-script (toyota)", null, "q=toyota"],
  ["search: typo (samsng galaxi)", null, "q=samsng galaxi"],
  ["search: common word (للبيع)", null, "q=للبيع"],
  ["search: narrow, ranked (كامري ٢٠١٥ حلب)", null, "q=كامري ٢٠١٥ حلب"],
];

async function open(): Promise<{ handle: DatabaseHandle; cleanup: () => Promise<void> }> {
  if (postgres) {
    const name = reuse || `souqna_bench_${process.pid}`;
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
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-bench-"));
  const handle = await openPglite(path.join(dir, "db"));
  return {
    handle,
    cleanup: async () => {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Plans of a statement: the indexes it names (and every line with --plans). */
async function explain(db: DatabaseHandle["db"], label: string, statement: SQL) {
  const plan = await db.execute(sql`explain (analyze, costs off, timing off) ${statement}`);
  const rows = (plan as unknown as { rows: Record<string, string>[] }).rows;
  const lines = rows.map((row) => Object.values(row)[0]);
  const uses = [
    ...new Set(lines.join("\n").match(/\b\w+_(?:idx|key|pkey)\b|Seq Scan on \w+/g) ?? []),
  ];
  console.log(`    ${label}: ${uses.join(", ") || "(no index named)"}`);
  if (process.argv.includes("--plans")) console.log(lines.map((l) => `      ${l}`).join("\n"));
}

/**
 * The listing page's neighbours and the seller page, for `runs` listings picked at random (half
 * of them cars, whose similar listings also match make and model): each listing's statement once
 * (a fresh listing each time, as visitors spread over the site), median and p95.
 */
async function neighbours({ db }: DatabaseHandle) {
  const picked = await selectRows<{ id: string; user_id: string }>(
    db,
    sql`(select id, user_id from listings tablesample system (1)
         where status = 'active' and category_id = 1 and make is not null limit ${runs})
        union all
        (select id, user_id from listings tablesample system (1)
         where status = 'active' and category_id <> 1 limit ${runs})`,
  );
  const measure = async (
    name: string,
    each: (row: { id: string; user_id: string }) => Promise<unknown>,
  ) => {
    const times: number[] = [];
    let queries = 0;
    for (const row of picked) {
      const stats = { count: 0 };
      const started = performance.now();
      await queryStatsStorage.run(stats, () => each(row));
      times.push(performance.now() - started);
      queries = stats.count;
    }
    times.sort((a, b) => a - b);
    console.log(
      `${name.padEnd(40)} ${String(picked.length).padStart(6)} pages  ${queries} queries  median ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms`,
    );
  };
  // The fair-price guide (issue 32): rebuilt whole, then read with the listing (its page's one
  // statement) and by the post form.
  const rebuilding = performance.now();
  const groups = await rebuildPriceGuide(db);
  console.log(
    `price guide: rebuilt ${groups.toLocaleString("en")} groups in ${((performance.now() - rebuilding) / 1000).toFixed(1)} s`,
  );
  await measure("listing: the listing with its price guide", (row) =>
    getListingForView({ db, listingId: row.id, viewer: null }),
  );
  const kinds = await selectRows<GuideFields & { n: number }>(
    db,
    sql`select 1 as "categoryId", l.make, d.details ->> 'model' as model, l.year::int as year,
          l.kilometers::int as kilometers
        from listings l join listing_details d on d.listing_id = l.id
        where l.category_id = 1 and l.status = 'active' and l.year between 1990 and 2030
          and l.kilometers between 0 and 1000000 limit ${runs}`,
  );
  let guided = 0;
  await measure("post form: the price guide", async (_row) => {
    const fields = kinds[guided++ % Math.max(1, kinds.length)];
    if (fields) await priceGuideFor(db, { ...fields, year: Number(fields.year) });
  });
  console.log(
    `price guide: ${(await Promise.all(kinds.map((fields) => priceGuideFor(db, fields)))).filter(Boolean).length} of ${kinds.length} cars picked have one`,
  );
  await measure("listing: more from seller + similar", (row) =>
    findRelatedListings({ db, listingId: row.id }),
  );
  await measure("seller: profile (with reply time)", (row) =>
    getSellerProfile({ db, handle: row.user_id }),
  );
  const query = parseListingQuery(new URLSearchParams());
  await measure("seller: listings, page 1", (row) =>
    findListings({ db, query, seller: row.user_id }),
  );
  if (process.argv.includes("--explain")) {
    const car = picked[0];
    const fields = kinds[0];
    if (fields) {
      await explain(
        db,
        "price guide",
        sql`select ${guideColumn(sql`price_guide_key(1, ${fields.make ?? ""}::text, ${fields.year ?? 0}::numeric, ${fields.kilometers ?? 0}::numeric, null::text, ${JSON.stringify({ model: fields.model })}::jsonb)`)}`,
      );
    }
    const other = picked[picked.length - 1];
    if (car) await explain(db, "neighbours of a car", relatedStatement(car.id));
    if (other) await explain(db, "neighbours of another listing", relatedStatement(other.id));
    if (car) {
      const { pageOf, countQuery } = listingStatements(db, query, 24, { seller: car.user_id });
      await explain(db, "seller page", pageOf(1) as unknown as SQL);
      await explain(db, "seller count", countQuery() as unknown as SQL);
    }
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const { handle, cleanup } = await open();
try {
  const { db } = handle;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-bench-media-"));
  await runMigrations(handle);
  if (!reuse) {
    await syncReferenceData(db);
    const seeding = performance.now();
    await seedDemo({ db, dataDir, count, logger: { info() {} } });
    console.log(
      `${handle.kind}: seeded ${count.toLocaleString("en")} listings in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );
  }
  // The steady state autovacuum keeps: statistics, and no dead rows left by a migration's
  // backfill (a bitmap scan would visit each one) — PGlite runs no autovacuum at all.
  await db.execute(sql`vacuum analyze`);

  for (const [name, categoryId, search] of process.argv.includes("--only-neighbours")
    ? []
    : cases) {
    const query = parseListingQuery(new URLSearchParams(search), { categoryId });
    const pageSize = name.startsWith("home") ? 3 : 24;
    const withTotal = !name.startsWith("home");
    const times: number[] = [];
    let queries = 0;
    let total = 0;
    let more = false;
    for (let i = 0; i < runs + 5; i++) {
      const stats = { count: 0 };
      const started = performance.now();
      const found = await queryStatsStorage.run(stats, () =>
        findListings({ db, query, pageSize, withTotal }),
      );
      if (i >= 5) times.push(performance.now() - started);
      queries = stats.count;
      total = found.total;
      more = found.more;
    }
    times.sort((a, b) => a - b);
    console.log(
      `${name.padEnd(40)} ${`${total}${more ? "+" : ""}`.padStart(6)} found  ${queries} queries  median ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms`,
    );
    if (process.argv.includes("--explain")) {
      // As findListings runs them: a search that found nothing as typed runs with corrections.
      const typed = query.q.trim() ? await expandQuery(db, query.q) : undefined;
      const [asTyped] = await listingStatements(db, query, pageSize, {
        expanded: typed,
      }).countQuery();
      const corrections =
        asTyped?.n === 0 && query.q ? await findCorrections(db, query.q) : undefined;
      // Both statements carry what the words stand for, as findListings runs them.
      const expanded = query.q.trim() ? await expandQuery(db, query.q, { corrections }) : undefined;
      const { pageOf, countQuery } = listingStatements(db, query, pageSize, {
        corrections,
        expanded,
      });
      for (const [label, statement] of [
        ["page", pageOf(query.page, more)],
        ["count", countQuery()],
      ] as const) {
        const plan = await db.execute(sql`explain (analyze, costs off, timing off) ${statement}`);
        const rows = (plan as unknown as { rows: Record<string, string>[] }).rows;
        const lines = rows.map((row) => Object.values(row)[0]);
        const uses = [...new Set(lines.join("\n").match(/\b\w+_idx\b|Seq Scan on \w+/g) ?? [])];
        console.log(`    ${label}: ${uses.join(", ") || "(no index named)"}`);
        if (process.argv.includes("--plans"))
          console.log(lines.map((l) => `      ${l}`).join("\n"));
      }
    }
  }
  await neighbours(handle);
  fs.rmSync(dataDir, { recursive: true, force: true });
} finally {
  await cleanup();
}
