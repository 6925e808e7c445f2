import { z } from "zod";
import type { Database } from "~/db/client.server";
import type { Env } from "~/utils/env.server";
import { storeUsdRate } from "./exchange-rate.server";

/*
 * The exchange-rate adapter (docs/product-decisions.md §D9): every 6 hours it asks
 * EXCHANGE_RATE_URL for the SYP → USD rate (the spec's shape, `rates.USD`) and stores it with its
 * source and date. A failed or implausible answer changes nothing, so pages keep showing the last
 * good stored rate, or the configured default when none was ever stored.
 */

export const RATE_TIMEOUT_MS = 10_000;
export const MAX_RATE_RESPONSE_BYTES = 100 * 1024;
export const RATE_UPDATE_INTERVAL_MS = 6 * 60 * 60 * 1000;
/** Instances started together spread their requests over this much extra time. */
const MAX_JITTER_MS = 15 * 60 * 1000;
/**
 * Sane bounds for US dollars per NEW pound. In March 2026 one new pound is worth about a cent;
 * anything outside these bounds is a unit mix-up (old vs new pound, or an inverted rate).
 */
export const MIN_USD_PER_NEW_POUND = 1e-6;
export const MAX_USD_PER_NEW_POUND = 1;

/** 1 new pound = 100 old pounds, so a rate per old pound is 100 times smaller. */
const OLD_POUNDS_PER_NEW_POUND = 100;

const RateResponse = z.object({
  base: z.string().optional(),
  date: z.unknown().optional(),
  rates: z.object({ USD: z.number().finite().positive() }),
});

export type RateUpdateResult =
  | { status: "disabled" }
  | { status: "stored"; rate: number; source: string; rateDate: string }
  | { status: "failed"; source: string; reason: string };

export interface RateLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

type RateEnv = Pick<Env, "EXCHANGE_RATE_URL" | "EXCHANGE_RATE_BASE">;

/** Fetches, checks and stores the rate once. Never throws: failures come back as "failed". */
export async function updateUsdRate({
  db,
  env,
  fetch = globalThis.fetch,
  now = new Date(),
  timeoutMs = RATE_TIMEOUT_MS,
  signal,
}: {
  db: Database;
  env: RateEnv;
  fetch?: typeof globalThis.fetch;
  now?: Date;
  timeoutMs?: number;
  /** Aborts the request early (shutdown). */
  signal?: AbortSignal;
}): Promise<RateUpdateResult> {
  const url = env.EXCHANGE_RATE_URL;
  if (!url) return { status: "disabled" };
  let source = "exchange-rate-service";
  try {
    source = new URL(url).host;
    const timeout = AbortSignal.timeout(timeoutMs);
    const response = await fetch(url, {
      headers: { accept: "application/json" },
      redirect: "follow",
      signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      return failed(source, `HTTP ${response.status}`);
    }
    const text = await readLimited(response, MAX_RATE_RESPONSE_BYTES);
    if (text === null)
      return failed(source, `response larger than ${MAX_RATE_RESPONSE_BYTES} bytes`);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return failed(source, "response is not JSON");
    }
    const parsed = RateResponse.safeParse(json);
    if (!parsed.success) return failed(source, "response has no positive number at rates.USD");
    const { base, date, rates } = parsed.data;
    if (base !== undefined && base.trim().toUpperCase() !== "SYP") {
      return failed(source, `response base is ${JSON.stringify(base.slice(0, 10))}, not SYP`);
    }
    const rate =
      env.EXCHANGE_RATE_BASE === "old" ? rates.USD * OLD_POUNDS_PER_NEW_POUND : rates.USD;
    if (!(rate >= MIN_USD_PER_NEW_POUND && rate <= MAX_USD_PER_NEW_POUND)) {
      return failed(
        source,
        `rate ${rate} USD per new pound is outside ${MIN_USD_PER_NEW_POUND}..${MAX_USD_PER_NEW_POUND}`,
      );
    }
    const rateDate = rateDateOf(date, now);
    await storeUsdRate(db, { rate, source, rateDate });
    return { status: "stored", rate, source, rateDate };
  } catch (error) {
    const reason = signal?.aborted
      ? "stopped"
      : error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")
        ? `no answer within ${timeoutMs} ms`
        : error instanceof Error
          ? error.message
          : String(error);
    return failed(source, reason);
  }
}

function failed(source: string, reason: string): RateUpdateResult {
  return { status: "failed", source, reason };
}

/**
 * The body as text, or null when it is larger than `limit` bytes (reading stops there: a hostile
 * or broken service cannot make us buffer megabytes).
 */
async function readLimited(response: Response, limit: number): Promise<string | null> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => {});
    return null;
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/**
 * The day the rate is for: the answer's `date` when it is a real calendar day not in the future
 * (a day of clock difference is allowed), else today (UTC).
 */
export function rateDateOf(date: unknown, now: Date): string {
  const today = now.toISOString().slice(0, 10);
  if (typeof date !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return today;
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) return today;
  if (parsed.getTime() > now.getTime() + 24 * 60 * 60 * 1000) return today;
  return date;
}

export interface RateUpdates {
  /** The first update, started at once (resolves when it has finished, never rejects). */
  first: Promise<RateUpdateResult>;
  stop(): void;
}

/**
 * Updates the rate at start and every 6 hours (plus a per-process jitter) while
 * EXCHANGE_RATE_URL is set. The timer does not keep the process alive; stop() ends it and
 * abandons a request in flight.
 */
export function startRateUpdates({
  db,
  env,
  logger,
  fetch,
  intervalMs = RATE_UPDATE_INTERVAL_MS + Math.floor(Math.random() * MAX_JITTER_MS),
  timeoutMs,
}: {
  db: Database;
  env: RateEnv;
  logger: RateLogger;
  fetch?: typeof globalThis.fetch;
  intervalMs?: number;
  timeoutMs?: number;
}): RateUpdates {
  if (!env.EXCHANGE_RATE_URL) {
    return { first: Promise.resolve({ status: "disabled" }), stop() {} };
  }
  const controller = new AbortController();
  let running: Promise<RateUpdateResult> | null = null;
  const run = () => {
    // A slow service never causes overlapping requests.
    if (running) return running;
    running = updateUsdRate({ db, env, fetch, timeoutMs, signal: controller.signal })
      .then((result) => {
        if (result.status === "stored") {
          logger.info(
            { rate: result.rate, source: result.source, rateDate: result.rateDate },
            "stored the USD exchange rate",
          );
        } else if (result.status === "failed" && !controller.signal.aborted) {
          logger.warn(
            { source: result.source, reason: result.reason },
            "could not update the USD exchange rate; keeping the last good rate",
          );
        }
        return result;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const first = run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return {
    first,
    stop() {
      clearInterval(timer);
      controller.abort();
    },
  };
}
