import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres } from "../app/db/client.server";
import { openEventStream } from "../tests/setup/event-stream";
import { postListingWithPhotoOverHttp, signUpOverHttp } from "../tests/setup/http-members";
import {
  createServerDatabase,
  dropServerDatabase,
  expectStartupFailure,
  type RunningServer,
  startServer,
} from "../tests/setup/server-process";

/*
 * GET /metrics on the real built server: counters move with traffic, route labels are patterns
 * (never ids), and only the holder of METRICS_TOKEN may read them in production (without it,
 * nobody: tests/abuse/29-operator-details-without-token.test.ts). On PostgreSQL
 * (TEST_DATABASE_URL) a cluster of two workers answers with the whole instance's figures.
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-metrics-"));
const TOKEN = "metrics-token-for-the-suite-0123456789";
/** A fresh embedded database migrates from scratch, and the build may be redone: slow when busy. */
const START_MS = 110_000;

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

type Series = { name: string; labels: Record<string, string>; value: number };

/** Prometheus's text format, one sample a line. */
function parse(text: string): Series[] {
  return text
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, key, value] of (match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
        labels[key!] = value!;
      }
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** The sum of the samples called `name` whose labels include `labels`. */
function total(series: Series[], name: string, labels: Record<string, string> = {}) {
  return series
    .filter((s) => s.name === name)
    .filter((s) => Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

const BEARER = { authorization: `Bearer ${TOKEN}` };

async function scrape(baseUrl: string, headers: Record<string, string> = BEARER) {
  const res = await fetch(`${baseUrl}/metrics`, { headers });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return parse(text);
}

/** A GET on a connection of its own (node:cluster hands out connections, not requests). */
function getOnNewConnection(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get(url, { agent: false, headers }, (res) => {
        let body = "";
        res.on("data", (chunk) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on("error", reject);
  });
}

async function until(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** This machine's first address that is not loopback, if it has one. */
function outsideAddress() {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a && a.family === "IPv4" && !a.internal)?.address;
}

describe("GET /metrics", () => {
  let databaseUrl: string | undefined;
  let server: RunningServer;

  beforeAll(async () => {
    databaseUrl = await createServerDatabase("souqna_metrics");
    server = await startServer(
      {
        DATA_DIR: path.join(tmp, "open"),
        DATABASE_URL: databaseUrl ?? "",
        METRICS_TOKEN: TOKEN,
        // Listens on every interface, so a request can come from outside loopback.
        HOST: "0.0.0.0",
        // signUpOverHttp names its client in X-Forwarded-For.
        TRUST_PROXY: "1",
      },
      START_MS,
    );
  }, 120_000);

  afterAll(async () => {
    if (server?.process.exitCode === null) await server.stop();
    await dropServerDatabase(databaseUrl);
  });

  it("moves its counters with traffic, labelled by route pattern and never by id", async () => {
    const before = await scrape(server.url);
    const listing = { route: "/listing/:id", method: "GET" };
    for (const pathname of ["/listing/123", "/listing/456", "/listing/456.data", "/about"]) {
      await (await fetch(`${server.url}${pathname}`)).arrayBuffer();
    }
    const after = await scrape(server.url);

    const requests = "souqna_http_requests_total";
    expect(total(after, requests, listing) - total(before, requests, listing)).toBe(3);
    expect(total(after, requests, { route: "/about", status: "2xx" })).toBeGreaterThan(
      total(before, requests, { route: "/about", status: "2xx" }),
    );
    // The three requests for two listings are one series (they were all 404s).
    const listingSeries = after.filter(
      (s) => s.name === requests && s.labels.route === listing.route,
    );
    expect(listingSeries).toEqual([
      { name: requests, labels: { ...listing, status: "4xx" }, value: 3 },
    ]);
    const duration = "souqna_http_request_duration_seconds_count";
    expect(total(after, duration, listing) - total(before, duration, listing)).toBe(3);

    // No label anywhere carries an id or a raw address.
    const routes = new Set(after.flatMap((s) => (s.labels.route ? [s.labels.route] : [])));
    for (const route of routes) {
      expect(route).toMatch(/^(\/[a-z0-9./:?*_-]*|unmatched|static)$/);
      expect(route).not.toMatch(/123|456|\.data/);
    }
  });

  it("measures SQL statements per request, the database pool and the process", async () => {
    await (await fetch(`${server.url}/`)).arrayBuffer();
    const metrics = await scrape(server.url);
    const home = { route: "/", method: "GET" };
    expect(total(metrics, "souqna_http_request_sql_queries_count", home)).toBeGreaterThan(0);
    expect(total(metrics, "souqna_http_request_sql_queries_sum", home)).toBeGreaterThan(0);
    expect(total(metrics, "souqna_db_pool_open_connections")).toBeGreaterThanOrEqual(1);
    expect(total(metrics, "souqna_db_pool_max_connections")).toBeGreaterThanOrEqual(1);
    // The review queue's clock: nothing held yet, and no decision to time.
    expect(metrics.some((s) => s.name === "souqna_listings_waiting_review")).toBe(true);
    expect(total(metrics, "souqna_listings_waiting_review")).toBe(0);
    expect(metrics.some((s) => s.name === "souqna_listing_review_seconds")).toBe(false);
    expect(metrics.some((s) => s.name === "process_cpu_user_seconds_total")).toBe(true);
    expect(metrics.some((s) => s.name === "nodejs_heap_size_used_bytes")).toBe(true);
  });

  it("counts open event streams and the bytes of photos written", async () => {
    const member = await signUpOverHttp(server.url, {
      name: "Rasha Metrics",
      email: `rasha-${Date.now()}@example.com`,
    });
    const stream = await openEventStream(`${server.url}/api/messages/stream`, {
      cookie: member.cookie,
    });
    expect(stream.status).toBe(200);
    await stream.next((event) => event.event === "unread");
    expect(total(await scrape(server.url), "souqna_event_streams_open")).toBe(1);
    stream.close();
    await until(async () => total(await scrape(server.url), "souqna_event_streams_open") === 0);

    const written = total(await scrape(server.url), "souqna_media_written_bytes_total");
    const res = await postListingWithPhotoOverHttp(server.url, member, {
      title: "A photographed table",
    });
    expect(res.status, await res.text()).toBe(302);
    const after = total(await scrape(server.url), "souqna_media_written_bytes_total");
    // Three variants of one photo, as webp: some kilobytes.
    expect(after - written).toBeGreaterThan(1000);
  });

  it("answers the token's holder from another address, and nobody without it", async () => {
    const address = outsideAddress();
    if (!address) return;
    const port = new URL(server.url).port;
    const direct = await getOnNewConnection(`http://${address}:${port}/metrics`, BEARER);
    expect(direct.status).toBe(200);
    const stranger = await getOnNewConnection(`http://${address}:${port}/metrics`);
    expect(stranger.status).toBe(401);
    expect(stranger.body).not.toContain("souqna_");
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("a request that fails", () => {
  let databaseUrl: string | undefined;
  let server: RunningServer;

  beforeAll(async () => {
    databaseUrl = await createServerDatabase("souqna_metrics_errors");
    server = await startServer(
      { DATA_DIR: path.join(tmp, "errors"), DATABASE_URL: databaseUrl, METRICS_TOKEN: TOKEN },
      START_MS,
    );
  }, 120_000);

  afterAll(async () => {
    if (server?.process.exitCode === null) await server.stop();
    await dropServerDatabase(databaseUrl);
  });

  it("is logged through pino with its request id, and counted as a 5xx", async () => {
    const name = new URL(databaseUrl ?? "").pathname.slice(1);
    const admin = await openPostgres(process.env.TEST_DATABASE_URL ?? "", 1);
    let requestId = "";
    let status = 0;
    try {
      // The database goes away under the running server.
      await admin.db.execute(sql.raw(`alter database "${name}" with allow_connections false`));
      await admin.db.execute(
        sql.raw(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`),
      );
      const res = await fetch(`${server.url}/search?q=metrics`);
      await res.arrayBuffer();
      status = res.status;
      requestId = res.headers.get("x-request-id") ?? "";
    } finally {
      await admin.db.execute(sql.raw(`alter database "${name}" with allow_connections true`));
      await admin.close();
    }
    expect(status).toBeGreaterThanOrEqual(500);
    expect(requestId).not.toBe("");
    const logged = server
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { level: number; reqId?: string; err?: unknown })
      .filter((line) => line.reqId === requestId && line.level >= 50 && line.err);
    expect(logged.length).toBeGreaterThan(0);
    expect(server.output()).not.toMatch(/^Error: /m);
    const metrics = await scrape(server.url);
    expect(total(metrics, "souqna_http_requests_total", { route: "/search", status: "5xx" })).toBe(
      1,
    );
  });
});

describe("GET /metrics with METRICS_TOKEN", () => {
  let databaseUrl: string | undefined;
  let server: RunningServer;

  beforeAll(async () => {
    databaseUrl = await createServerDatabase("souqna_metrics_token");
    server = await startServer(
      {
        DATA_DIR: path.join(tmp, "token"),
        DATABASE_URL: databaseUrl ?? "",
        METRICS_TOKEN: TOKEN,
      },
      START_MS,
    );
  }, 120_000);

  afterAll(async () => {
    if (server?.process.exitCode === null) await server.stop();
    await dropServerDatabase(databaseUrl);
  });

  it("answers the right bearer token, from anywhere", async () => {
    await (await fetch(`${server.url}/about`)).arrayBuffer();
    const metrics = await scrape(server.url, {
      authorization: `Bearer ${TOKEN}`,
      "x-forwarded-for": "203.0.113.7",
    });
    expect(total(metrics, "souqna_http_requests_total", { route: "/about" })).toBe(1);
  });

  it("refuses a wrong or missing token, loopback included, and says nothing more", async () => {
    const attempts: Record<string, string>[] = [
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { authorization: `Basic ${Buffer.from(`user:${TOKEN}`).toString("base64")}` },
      {},
    ];
    for (const headers of attempts) {
      const res = await fetch(`${server.url}/metrics`, { headers });
      expect(res.status).toBe(401);
      const body = await res.text();
      expect(body).toBe("Unauthorized");
    }
  });
});

describe("configuration", () => {
  it("stops with one line naming METRICS_TOKEN when it is too short", async () => {
    const { code, output } = await expectStartupFailure({
      DATA_DIR: path.join(tmp, "short"),
      METRICS_TOKEN: "short",
    });
    expect(code).toBe(1);
    expect(output.trim()).toBe(
      "souqna: Invalid configuration: METRICS_TOKEN: must be at least 16 characters",
    );
  }, 120_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("GET /metrics from a cluster of workers", () => {
  let databaseUrl: string | undefined;
  let server: RunningServer;

  beforeAll(async () => {
    databaseUrl = await createServerDatabase("souqna_metrics_cluster");
    server = await startServer(
      {
        DATA_DIR: path.join(tmp, "cluster"),
        DATABASE_URL: databaseUrl ?? "",
        WEB_CONCURRENCY: "2",
        METRICS_TOKEN: TOKEN,
      },
      START_MS,
    );
  }, 120_000);

  afterAll(async () => {
    if (server?.process.exitCode === null) await server.stop();
    await dropServerDatabase(databaseUrl);
  });

  it("answers with every worker's requests, whichever worker the scrape reaches", async () => {
    for (let i = 0; i < 10; i++) {
      expect((await getOnNewConnection(`${server.url}/about`)).status).toBe(200);
    }
    const served = new Set(
      server
        .output()
        .split("\n")
        .filter((line) => line.includes('"msg":"request"') && line.includes('"url":"/about"'))
        .map((line) => (JSON.parse(line) as { worker: number }).worker),
    );
    expect(served.size).toBe(2);
    for (let i = 0; i < 4; i++) {
      const { status, body } = await getOnNewConnection(`${server.url}/metrics`, BEARER);
      expect(status).toBe(200);
      expect(total(parse(body), "souqna_http_requests_total", { route: "/about" })).toBe(10);
      // Two pools of 10.
      expect(total(parse(body), "souqna_db_pool_max_connections")).toBe(20);
    }
  });
});
