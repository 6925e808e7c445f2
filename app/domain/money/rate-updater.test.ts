import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { exchangeRates } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { getUsdRate } from "./exchange-rate.server";
import {
  MAX_RATE_RESPONSE_BYTES,
  type RateLogger,
  rateDateOf,
  startRateUpdates,
  updateUsdRate,
} from "./rate-updater.server";

/*
 * A real HTTP service on a local port plays the exchange-rate provider: good answers, broken
 * ones, huge ones, slow ones. What ends up in the database is read back through the same
 * functions the pages use.
 */
const NOW = new Date("2026-03-04T10:00:00Z");
const SLOW_MS = 3_000;
let service: http.Server;
let base: string;
let hits = 0;

const json = (body: unknown) => (_req: http.IncomingMessage, res: http.ServerResponse) => {
  res.writeHead(200, { "content-type": "application/json" });
  res.end(typeof body === "string" ? body : JSON.stringify(body));
};

const routes: Record<string, (req: http.IncomingMessage, res: http.ServerResponse) => void> = {
  "/good": json({ base: "SYP", date: "2026-03-03", rates: { USD: 0.0091, EUR: 0.0084 } }),
  "/better": json({ base: "SYP", date: "2026-03-04", rates: { USD: 0.0095 } }),
  "/old-pound": json({ base: "SYP", date: "2026-03-03", rates: { USD: 0.000091 } }),
  "/no-date": json({ rates: { USD: 0.009 } }),
  "/impossible-date": json({ date: "2026-02-30", rates: { USD: 0.009 } }),
  "/future-date": json({ date: "2027-01-01", rates: { USD: 0.009 } }),
  "/malformed": json('{"rates": {"USD": 0.0091'),
  "/html": (_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end("<html><body>Service unavailable</body></html>");
  },
  "/negative": json({ rates: { USD: -0.0091 } }),
  "/zero": json({ rates: { USD: 0 } }),
  "/string": json({ rates: { USD: "0.0091" } }),
  "/missing": json({ rates: { EUR: 0.0084 } }),
  "/array": json([{ rates: { USD: 0.0091 } }]),
  "/too-big-rate": json({ rates: { USD: 5 } }),
  "/too-small-rate": json({ rates: { USD: 1e-9 } }),
  "/other-base": json({ base: "USD", rates: { USD: 1 } }),
  "/error": (_req, res) => {
    res.writeHead(500, { "content-type": "application/json" });
    res.end(JSON.stringify({ rates: { USD: 0.0091 } }));
  },
  // A valid rate after 200 KB of padding, streamed without a Content-Length.
  "/huge": (_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.write('{"padding": "');
    for (let i = 0; i < 200; i++) res.write("x".repeat(1024));
    res.end('", "rates": {"USD": 0.0091}}');
  },
  "/huge-declared": (_req, res) => {
    res.writeHead(200, {
      "content-type": "application/json",
      "content-length": String(MAX_RATE_RESPONSE_BYTES * 10),
    });
    res.write('{"rates": {"USD": 0.0091}}');
    // Never finishes: the declared length alone must be enough to refuse it.
  },
  "/slow": (_req, res) => {
    const timer = setTimeout(json({ rates: { USD: 0.0091 } }).bind(null, _req, res), SLOW_MS);
    res.on("close", () => clearTimeout(timer));
  },
  "/counted": (req, res) => {
    hits++;
    json({ date: "2026-03-03", rates: { USD: 0.0091 } })(req, res);
  },
};

beforeAll(async () => {
  service = http.createServer((req, res) => {
    const handler = routes[new URL(req.url ?? "/", "http://x").pathname];
    if (handler) return handler(req, res);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => service.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
});

afterAll(async () => {
  service.closeAllConnections();
  await new Promise((resolve) => service.close(resolve));
});

// One database for the file; each test starts with no stored rate.
let handle: TestDatabase;
let db: Database;
beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
});
afterAll(() => handle.destroy());
beforeEach(async () => {
  await db.delete(exchangeRates);
});

// Each read is two minutes "later" than the last, past getUsdRate's one-minute cache.
let clock = Date.now();
const readRate = (pathname: string) => {
  clock += 120_000;
  return getUsdRate({ db, env: env(pathname), now: clock });
};

const env = (pathname: string, rateBase: "new" | "old" = "new") => ({
  EXCHANGE_RATE_URL: `${base}${pathname}`,
  EXCHANGE_RATE_BASE: rateBase,
  DEFAULT_USD_RATE: 0.0083,
});

const update = (pathname: string, rateBase: "new" | "old" = "new") =>
  updateUsdRate({ db, env: env(pathname, rateBase), now: NOW, timeoutMs: 300 });

const storedRows = () =>
  db
    .select({
      rate: exchangeRates.rate,
      source: exchangeRates.source,
      rateDate: exchangeRates.rateDate,
    })
    .from(exchangeRates);

describe("updateUsdRate", () => {
  it("stores a good answer with the service's host as source and the answer's date", async () => {
    const host = new URL(base).host;
    expect(await update("/good")).toEqual({
      status: "stored",
      rate: 0.0091,
      source: host,
      rateDate: "2026-03-03",
    });
    expect(await storedRows()).toEqual([{ rate: 0.0091, source: host, rateDate: "2026-03-03" }]);
    expect(await readRate("/good")).toEqual({
      rate: 0.0091,
      source: host,
      rateDate: "2026-03-03",
    });
  });

  it("a newer answer replaces the shown rate; the same day again replaces that day's row", async () => {
    await update("/good");
    await update("/better");
    expect(await readRate("/good")).toMatchObject({
      rate: 0.0095,
      rateDate: "2026-03-04",
    });
    await update("/counted");
    expect((await storedRows()).length).toBe(2);
  });

  it("converts a rate per old pound into a rate per new pound", async () => {
    const result = await update("/old-pound", "old");
    expect(result.status).toBe("stored");
    expect(result.status === "stored" && result.rate).toBeCloseTo(0.0091, 10);
  });

  it("trusts EXCHANGE_RATE_BASE within the bounds; the bounds catch only gross mix-ups", async () => {
    // 0.000091 USD per new pound is plausible, so a service declared as new-pound is believed.
    expect((await update("/old-pound", "new")).status).toBe("stored");
    expect((await update("/too-small-rate", "new")).status).toBe("failed");
  });

  it("uses today's UTC date when the answer has no date, an impossible one or a future one", async () => {
    for (const pathname of ["/no-date", "/impossible-date", "/future-date"]) {
      expect(await update(pathname)).toMatchObject({ status: "stored", rateDate: "2026-03-04" });
    }
  });

  it.each([
    ["/malformed", /not JSON/],
    ["/html", /not JSON/],
    ["/negative", /rates\.USD/],
    ["/zero", /rates\.USD/],
    ["/string", /rates\.USD/],
    ["/missing", /rates\.USD/],
    ["/array", /rates\.USD/],
    ["/too-big-rate", /outside/],
    ["/too-small-rate", /outside/],
    ["/other-base", /not SYP/],
    ["/error", /HTTP 500/],
    ["/huge", /larger than/],
    ["/huge-declared", /larger than/],
    ["/slow", /no answer within 300 ms/],
    ["/nowhere", /HTTP 404/],
  ])("keeps the last good rate when the service answers %s", async (pathname, reason) => {
    await update("/good");
    const started = performance.now();
    const result = await update(pathname);
    expect(result).toMatchObject({ status: "failed", reason: expect.stringMatching(reason) });
    expect(performance.now() - started).toBeLessThan(SLOW_MS);
    expect(await storedRows()).toEqual([
      { rate: 0.0091, source: new URL(base).host, rateDate: "2026-03-03" },
    ]);
    expect((await readRate(pathname)).rate).toBe(0.0091);
  });

  it("falls back to the configured default when nothing good was ever stored", async () => {
    expect((await update("/malformed")).status).toBe("failed");
    expect(await readRate("/malformed")).toEqual({
      rate: 0.0083,
      source: "default",
      rateDate: null,
    });
  });

  it("reports an unreachable service as a failure instead of throwing", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const result = await updateUsdRate({
      db,
      env: { EXCHANGE_RATE_URL: `http://127.0.0.1:${port}/rates`, EXCHANGE_RATE_BASE: "new" },
      now: NOW,
    });
    expect(result).toMatchObject({ status: "failed", source: `127.0.0.1:${port}` });
  });

  it("does nothing without EXCHANGE_RATE_URL", async () => {
    expect(
      await updateUsdRate({ db, env: { EXCHANGE_RATE_URL: undefined, EXCHANGE_RATE_BASE: "new" } }),
    ).toEqual({ status: "disabled" });
  });
});

describe("rateDateOf", () => {
  it("accepts real past days and refuses the rest", () => {
    expect(rateDateOf("2026-03-03", NOW)).toBe("2026-03-03");
    expect(rateDateOf("2026-03-05", NOW)).toBe("2026-03-05"); // a day of clock difference
    expect(rateDateOf("2026-03-07", NOW)).toBe("2026-03-04");
    expect(rateDateOf("2026-13-01", NOW)).toBe("2026-03-04");
    expect(rateDateOf("3 March 2026", NOW)).toBe("2026-03-04");
    expect(rateDateOf(20260303, NOW)).toBe("2026-03-04");
    expect(rateDateOf(undefined, NOW)).toBe("2026-03-04");
  });
});

describe("startRateUpdates", () => {
  function collectingLogger() {
    const lines: { level: string; details: object; message: string }[] = [];
    const logger: RateLogger = {
      info: (details, message) => lines.push({ level: "info", details, message }),
      warn: (details, message) => lines.push({ level: "warn", details, message }),
    };
    return { lines, logger };
  }

  it("updates at start and then on every interval until stopped", async () => {
    hits = 0;
    const { lines, logger } = collectingLogger();
    const updates = startRateUpdates({ db, env: env("/counted"), logger, intervalMs: 100 });
    expect(await updates.first).toMatchObject({ status: "stored", rate: 0.0091 });
    await new Promise((resolve) => setTimeout(resolve, 350));
    updates.stop();
    const afterStop = hits;
    expect(afterStop).toBeGreaterThanOrEqual(3);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(hits).toBe(afterStop);
    expect(lines[0]).toMatchObject({ level: "info", message: "stored the USD exchange rate" });
  });

  it("logs a failure as a warning and never rejects", async () => {
    const { lines, logger } = collectingLogger();
    const updates = startRateUpdates({ db, env: env("/malformed"), logger, intervalMs: 60_000 });
    expect(await updates.first).toMatchObject({ status: "failed" });
    updates.stop();
    expect(lines).toEqual([
      expect.objectContaining({
        level: "warn",
        details: { source: new URL(base).host, reason: "response is not JSON" },
      }),
    ]);
  });

  it("stop() abandons a request in flight", async () => {
    const { lines, logger } = collectingLogger();
    const updates = startRateUpdates({ db, env: env("/slow"), logger, intervalMs: 60_000 });
    const started = performance.now();
    updates.stop();
    expect(await updates.first).toMatchObject({ status: "failed", reason: "stopped" });
    expect(performance.now() - started).toBeLessThan(SLOW_MS);
    expect(lines).toEqual([]);
  });

  it("does not start without EXCHANGE_RATE_URL", async () => {
    const { lines, logger } = collectingLogger();
    const updates = startRateUpdates({
      db,
      env: { EXCHANGE_RATE_URL: undefined, EXCHANGE_RATE_BASE: "new" },
      logger,
    });
    expect(await updates.first).toEqual({ status: "disabled" });
    updates.stop();
    expect(lines).toEqual([]);
  });
});
