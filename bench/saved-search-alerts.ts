#!/usr/bin/env -S npx tsx
// Saved-search alerts at scale (decisions 022 and 023): seeds a market of demo listings, saves N
// searches for many members (default 1,000 and then 10,000, the first 1,000 the same), posts 1,000
// new listings and runs the `match-listing` job (alertMatchingSearches) for each one, counting its
// SQL statements. Prints, for each number of searches side by side: the total time, the median and
// p95 per listing, statements per listing, and how many searches matched. Usage: npx tsx
// bench/saved-search-alerts.ts [--searches 1000,10000] [--listings 1000]        [--count 5000]
// [--postgres postgres://…/postgres [--keep]] [--explain] [--verify 100] [--smoke]
// --smoke: 200 searches, 20 new listings, a market of 500. Without --postgres it runs on PGlite
// in a temporary folder; with it, in a database of its own (souqna_bench_alerts), dropped after.
// Not a test: figures depend on the machine.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { type DatabaseHandle, openPglite, openPostgres, selectRows } from "../app/db/client.server";
import { runMigrations } from "../app/db/migrate.server";
import { queryStatsStorage } from "../app/db/query-stats.server";
import { syncReferenceData } from "../app/db/reference-data/sync.server";
import { savedSearches, users } from "../app/db/schema";
import { ensureImagePool } from "../app/db/seed/demo/image-pool.server";
import { chunkInsert } from "../app/db/seed/demo/insert-chunk.server";
import { buildListing, type DetailRow, type ListingRow } from "../app/db/seed/demo/listing";
import { demoMemberCount, ensureMembers } from "../app/db/seed/demo/members.server";
import { Dice, mulberry32 } from "../app/db/seed/demo/random";
import { seedDemo } from "../app/db/seed/seed-demo.server";
import { filterColumnsOf } from "../app/domain/discovery/filter-columns";
import { listingMatch } from "../app/domain/discovery/find-listings.server";
import { filterFields } from "../app/domain/discovery/listing-query";
import {
  findSavedSearchesMatching,
  readCandidates,
} from "../app/domain/saved-searches/find-saved-searches-matching.server";
import { alertMatchingSearches } from "../app/domain/saved-searches/saved-search-alerts.server";
import { filing } from "../app/domain/saved-searches/saved-search-keys.server";
import { normaliseSearch, parseSavedSearch } from "../app/domain/saved-searches/saved-search-query";
import { SAVED_SEARCH_LIMIT } from "../app/domain/saved-searches/saved-searches-limits";
import { listingSearchColumns } from "../app/domain/search/listing-document";
import { prefixExpansions } from "../app/domain/search/search-query.server";
import type { JobSender } from "../app/jobs/job-types";
import { AppError } from "../app/utils/app-error";

function option(name: string, fallback: string) {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

const smoke = process.argv.includes("--smoke");
const sizes = option("searches", smoke ? "200" : "1000,10000")
  .split(",")
  .map(Number)
  .sort((a, b) => a - b);
const newCount = Number(option("listings", smoke ? "20" : "1000"));
const marketCount = Number(option("count", smoke ? "500" : "5000"));
const postgres = option("postgres", "");
const DATABASE_NAME = "souqna_bench_alerts";
/** Searches per member on average (the limit is SAVED_SEARCH_LIMIT). */
const SEARCHES_PER_MEMBER = 8;
/** Listings evaluated before the measured ones, so the first figures are not a cold start. */
const WARM_UP = Math.min(20, newCount);
/** New listings whose matches are checked against testing every search (slow: untimed). */
const VERIFIED = Math.min(Number(option("verify", smoke ? "20" : "100")), newCount);

if (sizes.some((n) => !Number.isInteger(n) || n < 1) || !(newCount >= 1) || !(marketCount >= 0)) {
  console.error("--searches takes whole numbers (1000,10000); --listings and --count too");
  process.exit(2);
}

async function open(): Promise<{ handle: DatabaseHandle; cleanup: () => Promise<void> }> {
  if (postgres) {
    const admin = await openPostgres(postgres, 1);
    // Ours alone: a run that was killed leaves it behind, and the next one starts afresh.
    await admin.db.execute(sql.raw(`drop database if exists "${DATABASE_NAME}" with (force)`));
    await admin.db.execute(sql.raw(`create database "${DATABASE_NAME}"`));
    await admin.close();
    const url = new URL(postgres);
    url.pathname = `/${DATABASE_NAME}`;
    const handle = await openPostgres(url.toString(), 4);
    return {
      handle,
      cleanup: async () => {
        await handle.close();
        if (process.argv.includes("--keep")) return console.log(`kept database ${DATABASE_NAME}`);
        const again = await openPostgres(postgres, 1);
        await again.db.execute(sql.raw(`drop database if exists "${DATABASE_NAME}" with (force)`));
        await again.close();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-bench-alerts-"));
  const handle = await openPglite(path.join(dir, "db"));
  return {
    handle,
    cleanup: async () => {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** The columns createListing derives on every save, as seed-demo.server.ts writes them. */
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
    ...filterColumnsOf(detail.details),
  };
}

/** One or two words a member would type for this listing: from its title, in either script. */
function wordsOf(d: Dice, listing: ListingRow): string {
  const titles = [listing.titleAr, listing.title].filter((t): t is string => Boolean(t));
  const words = d
    .pick(titles)
    .replace(/^عاجل:\s*/, "")
    .split(/\s+/)
    .map((word) => word.replace(/[,.:;!?()،؛]+$/u, ""))
    .filter((word) => word.length >= 3 && !/^[\d٠-٩,.،]+$/.test(word));
  if (words.length === 0) return "";
  const at = d.int(0, Math.max(0, Math.min(words.length - 1, 2)));
  return words.slice(at, at + (d.chance(0.35) ? 2 : 1)).join(" ");
}

/** A price bound a member would type: the listing's price, loosened and rounded. */
function roundUp(value: number) {
  const step = value < 1_000_000 ? 50_000 : 500_000;
  return Math.ceil(value / step) * step;
}

/**
 * A results page's query string (and a category page's category) that a member looking for
 * something like this listing would save: words alone (the search box), words in a category, a
 * category page with filters (make, model, years, price, city, type…), or a category in a city.
 */
function searchLike(d: Dice, listing: ListingRow, detail: DetailRow): [string, string | null] {
  const params = new URLSearchParams();
  const category = String(listing.categoryId);
  const kind = d.weighted([
    ["words", 28],
    ["words+city", 7],
    ["words+category", 12],
    ["filters", 38],
    ["category+city", 15],
  ] as const);
  const price = Number(listing.price);
  if (kind.startsWith("words")) {
    const words = wordsOf(d, listing);
    if (words) params.set("q", words);
    if (kind === "words+city" && listing.cityId) params.set("city", listing.cityId);
    if (kind === "words+category") params.set("category", category);
    if (d.chance(0.15)) params.set("maxPrice", String(roundUp(price * d.float(1.1, 2))));
    return [params.toString(), null];
  }
  if (kind === "category+city") {
    if (listing.cityId) params.set("city", listing.cityId);
    return [params.toString(), category];
  }
  const details = (detail.details ?? {}) as Record<string, string | number>;
  if (listing.subcategoryId && d.chance(0.5)) params.set("sub", String(listing.subcategoryId));
  if (listing.cityId && d.chance(0.4)) params.set("city", listing.cityId);
  if (d.chance(0.45)) params.set("maxPrice", String(roundUp(price * d.float(1.05, 1.8))));
  else if (d.chance(0.1)) params.set("minPrice", String(roundUp(price * d.float(0.3, 0.8))));
  for (const field of filterFields(listing.categoryId)) {
    const value = details[field.key];
    if (value === undefined || value === "" || !field.filter) continue;
    if (field.filter.kind === "exact") {
      const p = field.key === "make" ? 0.75 : field.key === "model" ? 0.45 : 0.25;
      if (d.chance(p)) params.set(field.key, String(value));
    } else if (d.chance(0.3) && Number.isFinite(Number(value))) {
      const n = Number(value);
      if (field.key === "year") params.set("yearMin", String(n - d.int(0, 4)));
      else params.set(`${field.key}Max`, String(roundUp(n * d.float(1.1, 1.6))));
    }
  }
  // Most pages with a make have it chosen first: a model alone would be dropped anyway.
  if (params.has("model") && !params.has("make")) params.delete("model");
  return [params.toString(), category];
}

interface SearchRow extends ReturnType<typeof filing> {
  userId: string;
  query: string;
}

/**
 * `max` saved searches, as saveSearch stores them (normaliseSearch's text, filed by its keys), spread
 * over max / SEARCHES_PER_MEMBER members (some save many, most a few, none more than the limit).
 * Popular searches recur: templates are drawn from a pool with a skew, so "kia in Aleppo" is saved
 * by many members and tested once per listing.
 */
function buildSearches(max: number, pool: Parameters<typeof buildListing>[4], now: Date) {
  const d = new Dice(mulberry32(15_015));
  const templates = Array.from({ length: 3000 }, (_, i) =>
    buildListing(d, i + 6, now, ["template"], pool),
  );
  const members = Math.max(1, Math.ceil(max / SEARCHES_PER_MEMBER));
  const held = new Map<string, Set<string>>();
  const rows: SearchRow[] = [];
  let refused = 0;
  while (rows.length < max) {
    const template = templates[Math.floor(templates.length * d.next() ** 1.6)]!;
    const [raw, category] = searchLike(d, template.listing, template.detail);
    let text: string;
    let filed: ReturnType<typeof filing>;
    try {
      const search = normaliseSearch(raw, category);
      text = search.text;
      filed = filing(search.query);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      refused += 1;
      continue;
    }
    const userId = `watcher-${1 + Math.floor(members * d.next() ** 1.3)}`;
    const mine = held.get(userId) ?? new Set<string>();
    // saveSearch keeps one row per member and query, and refuses a 21st.
    if (mine.has(text) || mine.size >= SAVED_SEARCH_LIMIT) continue;
    mine.add(text);
    held.set(userId, mine);
    rows.push({ userId, query: text, ...filed });
  }
  return { rows, refused, members };
}

/**
 * Where one listing's matching spends its time: the candidate read's plan (the GIN index on
 * match_keys), and the test statement of its distinct candidate queries — built in JavaScript, run,
 * and PostgreSQL's planning and execution.
 */
async function explainMatching(db: DatabaseHandle["db"], listingId: string) {
  const candidates = await readCandidates(db, listingId);
  const queries = [...new Set(candidates.map((candidate) => candidate.query))].slice(0, 1000);
  const build = performance.now();
  const tests = queries.map((text) => {
    const query = parseSavedSearch(text);
    const expanded = query.q ? prefixExpansions(query.q) : undefined;
    return sql`coalesce(${listingMatch(query, { expanded })}, false)`;
  });
  const statement = sql`select array[${sql.join(tests, sql`, `)}]::boolean[] as hits
    from listings left join listing_details on listing_details.listing_id = listings.id
    where listings.id = ${listingId}`;
  const built = performance.now();
  await db.execute(statement);
  const ran = performance.now();
  const plan = await selectRows<Record<string, string>>(
    db,
    sql`explain (analyze, summary, timing off) ${statement}`,
  );
  const summary = plan
    .map((row) => String(Object.values(row)[0]))
    .filter((line) => /^(Planning|Execution) Time/.test(line));
  console.log(
    `  ${candidates.length} candidates, one test statement of ${queries.length} queries: built in ${(built - build).toFixed(0)} ms, ran in ${(ran - built).toFixed(0)} ms (${summary.join(", ")})`,
  );
}

const opened = await open();
const { handle } = opened;
let closing: Promise<void> | undefined;
/** Once, whether the run ends, fails or is stopped by a signal while a statement runs. */
const cleanup = () => {
  closing ??= opened.cleanup();
  return closing;
};
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-bench-alerts-media-"));
// Stopped (Ctrl-C, a kill): the PostgreSQL database and the temporary folders are removed anyway.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`${signal}: cleaning up`);
    fs.rmSync(dataDir, { recursive: true, force: true });
    void cleanup()
      .catch(() => {})
      .finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  });
}
try {
  const { db } = handle;
  const now = new Date();
  await runMigrations(handle);
  await syncReferenceData(db);
  const seeding = performance.now();
  await seedDemo({ db, dataDir, count: marketCount, now, logger: { info() {} } });
  console.log(
    `${handle.kind}: seeded a market of ${marketCount.toLocaleString("en")} listings in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );

  // The new listings, posted by the market's sellers in the last minutes: active, built by the
  // demo generator and written as the seed writes them.
  const pool = await ensureImagePool(dataDir);
  const { ownerIds } = await ensureMembers(db, demoMemberCount(marketCount), now);
  const fresh = new Dice(mulberry32(2_026_015));
  const posted: ListingRow[] = [];
  for (let start = 0; start < newCount; start += 1000) {
    const listingRows: ListingRow[] = [];
    const detailRows: DetailRow[] = [];
    const imageRows: ReturnType<typeof buildListing>["images"] = [];
    for (let i = start; i < Math.min(newCount, start + 1000); i++) {
      const built = buildListing(fresh, i, now, ownerIds, pool);
      const createdAt = new Date(now.getTime() - (newCount - i) * 1000);
      const listing = {
        ...built.listing,
        status: "active" as const,
        createdAt,
        updatedAt: createdAt,
      };
      listingRows.push(withDerivedColumns(listing, built.detail));
      detailRows.push(built.detail);
      imageRows.push(...built.images);
    }
    await db.execute(chunkInsert(listingRows, detailRows, imageRows));
    posted.push(...listingRows);
  }

  const searches = buildSearches(sizes[sizes.length - 1]!, pool, now);
  await db.insert(users).values(
    Array.from({ length: searches.members }, (_, i) => ({
      id: `watcher-${i + 1}`,
      name: `Watcher ${i + 1}`,
      email: `watcher${i + 1}@bench.souqna.app`,
      emailVerified: true,
    })),
  );
  console.log(
    `posted ${newCount.toLocaleString("en")} new listings; built ${searches.rows.length.toLocaleString("en")} saved searches (normaliseSearch refused ${searches.refused} as empty or invalid)`,
  );

  const results: {
    searches: number;
    members: number;
    distinct: number;
    candidates: number;
    distinctCandidates: number;
    totalMs: number;
    median: number;
    p95: number;
    max: number;
    statements: Map<number, number>;
    statementsMean: number;
    matched: number;
    listingsMatched: number;
  }[] = [];

  for (const size of sizes) {
    await db.delete(savedSearches);
    const rows = searches.rows.slice(0, size);
    for (let start = 0; start < rows.length; start += 1000) {
      await db.insert(savedSearches).values(rows.slice(start, start + 1000));
    }
    await db.execute(sql`vacuum analyze`);

    const [distinct] = await selectRows<{ n: number }>(
      db,
      sql`select count(distinct query)::int as n from saved_searches`,
    );

    if (process.argv.includes("--explain")) await explainMatching(db, posted[0]!.id!);

    let queued = 0;
    // Recorded, not queued: the job table is not what is measured (a listing's alerts are one
    // INSERT of pg-boss, sendMany).
    const jobs: Pick<JobSender, "send" | "sendMany"> = {
      async send() {
        queued += 1;
        return { id: String(queued), created: true };
      },
      async sendMany(_name, many) {
        queued += many.length;
      },
    };
    for (const listing of posted.slice(0, WARM_UP)) {
      await alertMatchingSearches({ db, jobs, listingId: listing.id!, now });
    }
    queued = 0;
    const times: number[] = [];
    const statements = new Map<number, number>();
    let statementsTotal = 0;
    let matched = 0;
    let listingsMatched = 0;
    const started = performance.now();
    for (const listing of posted) {
      const stats = { count: 0 };
      const before = performance.now();
      // Every search is "instant" (saveSearch's default), so the job's count is every match.
      const alerted = await queryStatsStorage.run(stats, () =>
        alertMatchingSearches({ db, jobs, listingId: listing.id!, now }),
      );
      times.push(performance.now() - before);
      statements.set(stats.count, (statements.get(stats.count) ?? 0) + 1);
      statementsTotal += stats.count;
      matched += alerted;
      if (alerted > 0) listingsMatched += 1;
      if (times.length % 100 === 0 && times.length < posted.length) {
        console.error(
          `    ${times.length} listings, ${((performance.now() - started) / 1000).toFixed(0)} s`,
        );
      }
    }
    const totalMs = performance.now() - started;
    if (queued !== matched) throw new Error(`queued ${queued} alerts for ${matched} matches`);
    times.sort((a, b) => a - b);

    // Untimed: what the keys let through per listing, and, for a sample, that they never leave
    // out a true match — the same searches as testing every other member's search.
    let candidateSum = 0;
    let distinctSum = 0;
    for (const listing of posted) {
      const candidates = await readCandidates(db, listing.id!);
      candidateSum += candidates.length;
      distinctSum += new Set(candidates.map((candidate) => candidate.query)).size;
    }
    const reach = {
      candidates: candidateSum / posted.length,
      distinct: distinctSum / posted.length,
    };
    const checked = posted.slice(0, VERIFIED);
    for (const listing of checked) {
      const ids = (found: { id: string }[]) =>
        found
          .map((search) => search.id)
          .sort()
          .join();
      const filed = await findSavedSearchesMatching(db, listing.id!);
      const every = await findSavedSearchesMatching(db, listing.id!, { everySearch: true });
      if (ids(filed) !== ids(every)) {
        throw new Error(
          `listing ${listing.id}: the keys let through ${filed.length} matches, testing every search finds ${every.length}`,
        );
      }
    }
    console.log(
      `  the keys' matches equal testing every search for ${checked.length.toLocaleString("en")} listings`,
    );
    results.push({
      searches: size,
      members: new Set(rows.map((row) => row.userId)).size,
      distinct: distinct?.n ?? 0,
      candidates: reach?.candidates ?? 0,
      distinctCandidates: reach?.distinct ?? 0,
      totalMs,
      median: percentile(times, 50),
      p95: percentile(times, 95),
      max: times[times.length - 1] ?? 0,
      statements,
      statementsMean: statementsTotal / posted.length,
      matched,
      listingsMatched,
    });
    // Each size's figures as soon as it is done: a long run stopped later still leaves them.
    const done = results[results.length - 1]!;
    console.log(
      `  ${size.toLocaleString("en")} searches: ${(totalMs / 1000).toFixed(1)} s for ${posted.length.toLocaleString("en")} listings, median ${done.median.toFixed(1)} ms, p95 ${done.p95.toFixed(1)} ms, ${done.statementsMean.toFixed(2)} statements a listing, ${matched.toLocaleString("en")} matched`,
    );
  }

  const int = (n: number) => Math.round(n).toLocaleString("en");
  const table: [string, (r: (typeof results)[number]) => string][] = [
    ["saved searches", (r) => int(r.searches)],
    ["members who saved them", (r) => int(r.members)],
    ["distinct queries", (r) => int(r.distinct)],
    ["candidates read per listing (mean)", (r) => int(r.candidates)],
    ["distinct queries tested per listing (mean)", (r) => int(r.distinctCandidates)],
    ["new listings evaluated", () => int(newCount)],
    ["total time, all listings (s)", (r) => (r.totalMs / 1000).toFixed(2)],
    ["per listing, median (ms)", (r) => r.median.toFixed(1)],
    ["per listing, p95 (ms)", (r) => r.p95.toFixed(1)],
    ["per listing, max (ms)", (r) => r.max.toFixed(1)],
    ["SQL statements per listing (mean)", (r) => r.statementsMean.toFixed(2)],
    [
      "SQL statements per listing (n × listings)",
      (r) =>
        [...r.statements.entries()]
          .sort(([a], [b]) => a - b)
          .map(([n, times]) => `${n}×${times}`)
          .join(" "),
    ],
    ["searches matched, total", (r) => int(r.matched)],
    ["searches matched per listing (mean)", (r) => int(r.matched / newCount)],
    ["listings that matched at least one", (r) => int(r.listingsMatched)],
    // What an index gives: work in proportion to the matches, whatever else is saved.
    ["candidates read per match", (r) => (r.candidates / (r.matched / newCount || 1)).toFixed(2)],
    ["time per match (ms)", (r) => (r.totalMs / (r.matched || 1)).toFixed(3)],
  ];
  const width = Math.max(...table.map(([label]) => label.length));
  const column = Math.max(18, ...results.map((r) => `${r.searches} searches`.length + 2));
  console.log(
    `\n${handle.kind}, market of ${int(marketCount)} listings, ${int(newCount)} new listings (alertMatchingSearches each, after ${WARM_UP} warm-up)`,
  );
  console.log(
    `${"".padEnd(width)}${results.map((r) => `${int(r.searches)} searches`.padStart(column)).join("")}`,
  );
  for (const [label, cell] of table) {
    console.log(`${label.padEnd(width)}${results.map((r) => cell(r).padStart(column)).join("")}`);
  }
  if (results.length > 1) {
    const [first, last] = [results[0]!, results[results.length - 1]!];
    console.log(
      `\n${int(last.searches / first.searches)}× the searches: ${(last.matched / (first.matched || 1)).toFixed(1)}× the matches, ${(last.candidates / (first.candidates || 1)).toFixed(1)}× the candidates read, ${(last.totalMs / first.totalMs).toFixed(1)}× the time, ${(last.statementsMean / first.statementsMean).toFixed(2)}× the statements per listing`,
    );
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await cleanup();
}
