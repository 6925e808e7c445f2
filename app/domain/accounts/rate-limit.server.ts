import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { type Database, selectRows } from "~/db/client.server";
import { AppError, type AppErrorCode, isAppError } from "~/utils/app-error";

export interface RateLimitRule {
  /** A name for the kind of action, e.g. "sign-in:ip". */
  name: string;
  max: number;
  windowSeconds: number;
}

export type RateLimitResult = { limited: false } | { limited: true; retryAfterSeconds: number };

/** One count of a rule's window, as the upsert left it. */
interface Hit {
  rule: RateLimitRule;
  key: string;
  count: number;
  /** When the window began (milliseconds), so a refund never reaches into the next window. */
  windowStart: number;
}

/**
 * A fixed-window counter kept in PostgreSQL, so every instance of the app counts together. One
 * atomic upsert per check: the window restarts once it has passed. The upsert takes the row's
 * lock, so simultaneous hits are counted one after the other and exactly `max` of them pass.
 */
export async function hitRateLimit(
  db: Database,
  rule: RateLimitRule,
  subject: string,
  now = Date.now(),
): Promise<RateLimitResult> {
  const hit = await countHit(db, rule, subject, now, 1);
  if (hit.count <= rule.max) return { limited: false };
  return { limited: true, retryAfterSeconds: secondsLeft(hit, now) };
}

async function countHit(
  db: Database,
  rule: RateLimitRule,
  subject: string,
  now: number,
  amount: number,
): Promise<Hit> {
  const key = `${rule.name}:${hashSubject(subject)}`;
  const windowMs = rule.windowSeconds * 1000;
  const [row] = await selectRows<{ count: string | number; last_request: string | number }>(
    db,
    sql`insert into rate_limits (id, key, count, last_request)
        values (${crypto.randomUUID()}, ${key}, ${amount}, ${now})
        on conflict (key) do update set
          count = case when rate_limits.last_request <= ${now - windowMs} then ${amount} else rate_limits.count + ${amount} end,
          last_request = case when rate_limits.last_request <= ${now - windowMs} then ${now} else rate_limits.last_request end
        returning count, last_request`,
  );
  return {
    rule,
    key,
    count: Number(row?.count ?? amount),
    windowStart: Number(row?.last_request ?? now),
  };
}

/** Seconds until the hit's window ends (at least 1). */
function secondsLeft(hit: Hit, now: number) {
  return Math.max(1, Math.ceil((hit.windowStart + hit.rule.windowSeconds * 1000 - now) / 1000));
}

/** Gives counts back (an attempt that should not count), in their own windows only. */
async function refund(db: Database, hits: readonly Hit[], amount: number) {
  for (const hit of hits) {
    await db
      .execute(
        sql`update rate_limits set count = greatest(count - ${amount}, 0)
            where key = ${hit.key} and last_request = ${hit.windowStart}`,
      )
      .catch(() => {
        // The count stays: the member waits a little longer, which is the safe side.
      });
  }
}

/**
 * Checks several rules in order; the first one that trips refuses the attempt, and a refused
 * attempt counts nothing further: the rules before it are given their count back, the rules after
 * it are not counted. Otherwise, with requests arriving at once, the ones a short rule (a burst)
 * refuses could take the places of a longer rule (a minute) before the ones the burst let through
 * reached it, and fewer than the limit would pass.
 */
export async function hitRateLimits(
  db: Database,
  checks: [RateLimitRule, string | undefined][],
  now = Date.now(),
): Promise<RateLimitResult> {
  const hits: Hit[] = [];
  for (const [rule, subject] of checks) {
    if (!subject) continue;
    const hit = await countHit(db, rule, subject, now, 1);
    if (hit.count > rule.max) {
      await refund(db, hits, 1);
      return { limited: true, retryAfterSeconds: secondsLeft(hit, now) };
    }
    hits.push(hit);
  }
  return { limited: false };
}

/** E-mail addresses and IPs are stored hashed: the table needs to count them, not know them. */
function hashSubject(subject: string) {
  return crypto
    .createHash("sha256")
    .update(subject.trim().toLowerCase())
    .digest("base64url")
    .slice(0, 32);
}

export type AttemptOutcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

export interface LimitAttemptOptions<T> {
  /** Whether this outcome counts towards the rules; one that does not is given back. */
  counts?: (outcome: AttemptOutcome<T>) => boolean;
  /** The error a refused attempt throws, with `seconds` until the window ends. */
  code?: AppErrorCode;
  /** How much the attempt weighs (a post's photos count one each). */
  amount?: number;
  now?: number;
}

/**
 * Runs `attempt` within the rules. The attempt is counted BEFORE it runs, so simultaneous
 * attempts cannot all slip under a limit that each read as not yet reached; when the outcome
 * should not count (`counts`), the count is given back afterwards. A refused attempt counts
 * nothing and throws `code` (RATE_LIMITED) with the seconds until that rule's window ends.
 */
export async function limitAttempt<T>(
  db: Database,
  checks: [RateLimitRule, string | undefined][],
  attempt: () => Promise<T>,
  {
    counts = () => true,
    code = "RATE_LIMITED",
    amount = 1,
    now = Date.now(),
  }: LimitAttemptOptions<T> = {},
): Promise<T> {
  const hits: Hit[] = [];
  for (const [rule, subject] of checks) {
    if (!subject) continue;
    const hit = await countHit(db, rule, subject, now, amount);
    hits.push(hit);
    if (hit.count > rule.max) {
      await refund(db, hits, amount);
      throw new AppError(code, { seconds: secondsLeft(hit, now) });
    }
  }
  let value: T;
  try {
    value = await attempt();
  } catch (error) {
    if (!counts({ ok: false, error })) await refund(db, hits, amount);
    throw error;
  }
  if (!counts({ ok: true, value })) await refund(db, hits, amount);
  return value;
}

/**
 * Limits failures, not attempts: only an attempt that fails with one of `failureCodes` keeps its
 * count. A correct password therefore never adds to a counter, and counters keyed by account
 * *and* source mean a stranger's wrong guesses cannot lock the owner out (their own address has
 * its own count). Each attempt holds its place while it runs (limitAttempt), so thirty wrong
 * passwords sent at once get exactly `max` tries, not thirty.
 */
export function limitFailures<T>(
  db: Database,
  checks: [RateLimitRule, string | undefined][],
  failureCodes: readonly string[],
  attempt: () => Promise<T>,
  now = Date.now(),
): Promise<T> {
  return limitAttempt(db, checks, attempt, {
    counts: (outcome) =>
      !outcome.ok && isAppError(outcome.error) && failureCodes.includes(outcome.error.code),
    now,
  });
}

/**
 * Takes turns on a member's counts (and a network's) until the transaction ends. A limit that
 * counts rows and then inserts one ("at most 40 photos waiting") is only exact if two requests
 * cannot both count 39: every such count-then-insert runs inside a transaction that called this
 * first. An advisory lock, so nothing else about the member's row is held up; taken in sorted
 * order, so two transactions locking overlapping subjects never deadlock.
 */
export async function lockCounts(
  tx: Pick<Database, "execute">,
  of: { member?: string; network?: string },
) {
  const keys = [
    of.member ? `member:${of.member}` : null,
    of.network ? `network:${hashSubject(of.network)}` : null,
  ]
    .filter((key): key is string => key !== null)
    .sort();
  for (const key of keys) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`counts:${key}`}, 0))`);
  }
}
