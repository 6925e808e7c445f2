#!/usr/bin/env node
// Server throughput: a static file and the busiest pages under autocannon, in one run.
// Usage: npm run build && node bench/throughput.mjs [options]
//   --postgres URL      run on a PostgreSQL server (a fresh database is made next to URL's and
//                       dropped afterwards); without it, PGlite in a temporary DATA_DIR
//   --concurrency N     WEB_CONCURRENCY for the server (default: the server's own default)
//   --connections N     autocannon connections (default 50)
//   --duration S        seconds per target (default 10)
//   --warmup S          seconds of warm-up per target, not counted (default 2)
//   --lang ar           ask for the Arabic pages (default English)
//   --page-cache S      PAGE_CACHE_SECONDS for the server (default: the server's own, 1 s);
//                       0 measures what rendering every page costs
//   --data-dir DIR      use (and keep) this DATA_DIR, e.g. one filled with `npm run seed:demo`
//                       (default: a temporary one, removed afterwards)
// Starts the built server itself (SEED_DEMO=true: about 60 demo listings) and measures, one after
// the other: /favicon.svg, a listing page, / and /search?q=toyota. Prints requests a second, the
// ratio to the static file (the machine's noise cancels out of it), p50, p99, errors and timeouts,
// the load average before and after, and (on Linux) the CPU time the server's processes and, on
// PostgreSQL, the database's own processes spent per request — a figure a busy machine disturbs
// much less than requests a second. Not a test: figures depend on the machine.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : process.argv[at + 1];
}
const postgres = option("postgres", "");
const concurrency = option("concurrency", "");
const connections = Number(option("connections", "50"));
const duration = Number(option("duration", "10"));
const warmup = Number(option("warmup", "2"));
const lang = option("lang", "en");
const pageCache = option("page-cache", "");

const keptDataDir = option("data-dir", "");
const dataDir = keptDataDir
  ? path.resolve(keptDataDir)
  : fs.mkdtempSync(path.join(os.tmpdir(), "souqna-bench-throughput-"));
let databaseUrl = "";
let databaseName = "";

async function admin(statement) {
  const client = new pg.Client({ connectionString: postgres });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function start() {
  const child = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "info",
      SEED_DEMO: "true",
      NODE_ENV: "production",
      SESSION_SECRET: "bench-secret-0123456789abcdef0123456789abcdef",
      ...(concurrency ? { WEB_CONCURRENCY: concurrency } : {}),
      ...(pageCache ? { PAGE_CACHE_SECONDS: pageCache } : {}),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk;
      const match = /Souqna is running at http:\/\/localhost:(\d+)/.exec(output);
      if (!match) return;
      // From here on the request log is drained, not kept (as a log shipper would read it).
      child.stdout.off("data", onData);
      child.stderr.off("data", onData);
      child.stdout.resume();
      child.stderr.resume();
      const workers = /"workers":(\d+)/.exec(output)?.[1] ?? "1";
      resolve({ child, url: `http://127.0.0.1:${match[1]}`, workers });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

function run(url, seconds) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections,
        duration: seconds,
        headers: { "accept-language": lang, "accept-encoding": "gzip, deflate, br" },
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/** CPU seconds (user + system) of the given processes and their children, from /proc (Linux). */
function cpuSeconds(pids) {
  let ticks = 0;
  let entries;
  try {
    entries = fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return Number.NaN;
  }
  for (const name of entries) {
    let stat;
    try {
      stat = fs.readFileSync(`/proc/${name}/stat`, "utf8");
    } catch {
      continue;
    }
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const [ppid, utime, stime] = [Number(fields[1]), Number(fields[11]), Number(fields[12])];
    if (pids.has(Number(name)) || pids.has(ppid)) ticks += utime + stime;
  }
  return ticks / 100;
}

/** The PostgreSQL backends serving the benchmark's database. */
async function databasePids() {
  if (!databaseName) return new Set();
  const client = new pg.Client({ connectionString: postgres });
  await client.connect();
  try {
    const { rows } = await client.query(
      "select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [databaseName],
    );
    return new Set(rows.map((row) => row.pid));
  } finally {
    await client.end();
  }
}

function load() {
  return os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
}

let stopping = false;
async function cleanUp(child) {
  if (stopping) return;
  stopping = true;
  if (child && child.exitCode === null) {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
  if (!keptDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  if (databaseName) {
    await admin(`drop database if exists "${databaseName}" with (force)`).catch(() => {});
  }
}

let running;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => void cleanUp(running?.child).then(() => process.exit(130)));
}

async function main() {
  if (postgres) {
    databaseName = `souqna_throughput_${process.pid}`;
    await admin(`create database "${databaseName}"`);
    const url = new URL(postgres);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
  const server = await start();
  running = server;
  try {
    const home = await fetch(`${server.url}/`).then((res) => res.text());
    const listing = /href="(\/listing\/[^"?#]+)"/.exec(home)?.[1];
    if (!listing) throw new Error("no listing link on the home page (demo data missing?)");
    const targets = [
      ["static file", "/favicon.svg"],
      ["listing page", listing],
      ["home", "/"],
      ["search", "/search?q=toyota"],
    ];
    const loadBefore = load();
    const rows = [];
    for (const [name, target] of targets) {
      if (warmup > 0) await run(server.url + target, warmup);
      const serverPids = new Set([server.child.pid]);
      const dbPids = await databasePids();
      const before = [cpuSeconds(serverPids), cpuSeconds(dbPids)];
      const result = await run(server.url + target, duration);
      const after = [cpuSeconds(serverPids), cpuSeconds(dbPids)];
      const perRequest = (i) =>
        (((after[i] - before[i]) * 1000) / result.requests.total).toFixed(2);
      rows.push({ name, target, result, cpu: perRequest(0), dbCpu: postgres ? perRequest(1) : "" });
    }
    const loadAfter = load();
    const staticRate = rows[0].result.requests.average;
    const database = postgres ? "PostgreSQL" : "PGlite";
    console.log(
      `\n${database}, ${server.workers} worker(s), ${os.availableParallelism()} cores, ` +
        `page cache ${pageCache || "1"} s; ` +
        `autocannon ${connections} connections × ${duration} s per target; ` +
        `load average ${loadBefore} → ${loadAfter}\n`,
    );
    const table = [
      [
        "target",
        "path",
        "req/s",
        "× static",
        "p50",
        "p99",
        "errors",
        "timeouts",
        "non-2xx",
        "server CPU ms/req",
        ...(postgres ? ["db CPU ms/req"] : []),
      ],
      ...rows.map(({ name, target, result, cpu, dbCpu }) => [
        name,
        target.length > 28 ? `${target.slice(0, 27)}…` : target,
        result.requests.average.toFixed(0),
        (result.requests.average / staticRate).toFixed(3),
        `${result.latency.p50} ms`,
        `${result.latency.p99} ms`,
        String(result.errors),
        String(result.timeouts),
        String(result.non2xx),
        cpu,
        ...(postgres ? [dbCpu] : []),
      ]),
    ];
    const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
    for (const [i, row] of table.entries()) {
      console.log(
        row
          .map((cell, j) => (j < 2 ? cell.padEnd(widths[j]) : cell.padStart(widths[j])))
          .join("  "),
      );
      if (i === 0) console.log(widths.map((w) => "-".repeat(w)).join("  "));
    }
  } finally {
    server.child.kill("SIGTERM");
    await new Promise((resolve) => server.child.once("exit", resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseName) await admin(`drop database if exists "${databaseName}" with (force)`);
  }
}

main().catch(async (error) => {
  console.error(error);
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (databaseName)
    await admin(`drop database if exists "${databaseName}" with (force)`).catch(() => {});
  process.exit(1);
});
