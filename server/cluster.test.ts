import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createServerDatabase,
  dropServerDatabase,
  expectStartupFailure,
  type RunningServer,
  startServer,
} from "../tests/setup/server-process";

/*
 * Workers (WEB_CONCURRENCY, node:cluster): on PostgreSQL the primary prepares the database and
 * runs the once-per-instance jobs, the workers serve; PGlite never forks (decision 001).
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-cluster-"));

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** The JSON log lines the server has written so far. */
function logLines(server: RunningServer): Record<string, unknown>[] {
  return server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** A GET on a connection of its own (node:cluster hands out connections, not requests). */
function getOnNewConnection(url: string) {
  return new Promise<number>((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      })
      .on("error", reject);
  });
}

async function until<T>(check: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("PGlite", () => {
  it("stays one process whatever WEB_CONCURRENCY says, and says so", async () => {
    // A fresh embedded database migrates from scratch: slow on a busy machine.
    const server = await startServer(
      { DATA_DIR: path.join(tmp, "pglite"), DATABASE_URL: "", WEB_CONCURRENCY: "4" },
      110_000,
    );
    try {
      const lines = logLines(server);
      expect(lines.find((line) => String(line.msg).startsWith("WEB_CONCURRENCY ignored"))).toEqual(
        expect.objectContaining({ level: 40, WEB_CONCURRENCY: 4 }),
      );
      expect(lines.some((line) => "worker" in line)).toBe(false);
      expect(lines.find((line) => String(line.msg).startsWith("Souqna is running"))).toEqual(
        expect.objectContaining({ database: "pglite" }),
      );
      expect(await getOnNewConnection(`${server.url}/healthz`)).toBe(200);
    } finally {
      expect((await server.stop()).code).toBe(0);
    }
  }, 120_000);

  it("refuses a malformed WEB_CONCURRENCY", async () => {
    const { code, output } = await expectStartupFailure({
      DATA_DIR: path.join(tmp, "bad"),
      WEB_CONCURRENCY: "lots",
    });
    expect(code).toBe(1);
    expect(output.trim()).toMatch(/^souqna: Invalid configuration: WEB_CONCURRENCY/);
  }, 120_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("workers on PostgreSQL", () => {
  let databaseUrl: string | undefined;
  let server: RunningServer;
  let rates: http.Server;
  let rateRequests = 0;

  beforeAll(async () => {
    // The exchange-rate service: asked once per instance at start, not once per worker.
    rates = http.createServer((_req, res) => {
      rateRequests += 1;
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ base: "SYP", date: "2026-03-03", rates: { USD: 0.0087 } }));
    });
    await new Promise<void>((resolve) => rates.listen(0, "127.0.0.1", resolve));
    databaseUrl = await createServerDatabase("souqna_cluster");
    server = await startServer({
      DATA_DIR: path.join(tmp, "pg"),
      DATABASE_URL: databaseUrl ?? "",
      WEB_CONCURRENCY: "2",
      EXCHANGE_RATE_URL: `http://127.0.0.1:${(rates.address() as AddressInfo).port}/latest`,
    });
  }, 120_000);

  afterAll(async () => {
    if (server?.process.exitCode === null) await server.stop();
    rates?.close();
    await dropServerDatabase(databaseUrl);
  });

  const workerPids = () =>
    logLines(server)
      .filter((line) => line.msg === "worker is listening")
      .map((line) => ({ worker: line.worker as number, pid: line.pid as number }));

  it("starts two workers and announces itself once, when both listen", () => {
    expect(workerPids()).toHaveLength(2);
    const running = logLines(server).filter((line) =>
      String(line.msg).startsWith("Souqna is running"),
    );
    expect(running).toEqual([expect.objectContaining({ database: "postgres", workers: 2 })]);
  });

  it("runs the built server in each worker, on plain node (decision 018)", () => {
    for (const { pid } of workerPids()) {
      const argv = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
      expect(argv.slice(1)).toEqual([
        path.resolve(import.meta.dirname, "../build/server/index.js"),
      ]);
    }
  });

  it("runs the once-per-instance jobs in the primary only", async () => {
    await until(
      () =>
        logLines(server).some((line) => line.msg === "stored the USD exchange rate") || undefined,
    );
    const stored = logLines(server).filter((line) => line.msg === "stored the USD exchange rate");
    expect(stored).toHaveLength(1);
    expect(stored[0]).not.toHaveProperty("worker");
    expect(rateRequests).toBe(1);
    const mail = logLines(server).filter((line) => line.msg === "outgoing mail");
    expect(mail).toHaveLength(1);
  });

  it("serves requests from both workers", async () => {
    for (let i = 0; i < 12; i++) expect(await getOnNewConnection(`${server.url}/about`)).toBe(200);
    const served = new Set(
      logLines(server)
        .filter((line) => line.msg === "request" && line.url === "/about")
        .map((line) => line.worker),
    );
    expect(served).toEqual(new Set([1, 2]));
  });

  it("replaces a worker that dies", async () => {
    const [first] = workerPids();
    if (!first) throw new Error("no worker");
    process.kill(first.pid, "SIGKILL");
    const replacement = await until(() => workerPids().find((w) => w.worker > 2));
    expect(alive(replacement.pid)).toBe(true);
    expect(await getOnNewConnection(`${server.url}/healthz`)).toBe(200);
  });

  it("stops, exit code 1, when the workers cannot listen (the port is taken)", async () => {
    const taken = http.createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    try {
      const { code, output } = await expectStartupFailure({
        DATA_DIR: path.join(tmp, "taken"),
        DATABASE_URL: databaseUrl ?? "",
        WEB_CONCURRENCY: "2",
        PORT: String((taken.address() as AddressInfo).port),
      });
      expect(code).toBe(1);
      expect(output).toMatch(/^souqna: Port \d+ is already in use/m);
      expect(output).not.toMatch(/worker is listening|Souqna is running/);
    } finally {
      taken.close();
    }
  }, 120_000);

  it("stops the primary and every worker within 5 seconds of SIGTERM", async () => {
    const pids = workerPids().map((w) => w.pid);
    const { code, ms } = await server.stop("SIGTERM");
    expect(code).toBe(0);
    expect(ms).toBeLessThan(5000);
    for (const pid of pids) expect(alive(pid)).toBe(false);
  });
});
