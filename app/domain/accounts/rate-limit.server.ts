import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { type Database, selectRows } from "~/db/client.server";
import { AppError, isAppError } from "~/utils/app-error";

export interface RateLimitRule {
  /** A name for the kind of action, e.g. "sign-in:ip". */
  name: string;
  max: number;
  windowSeconds: number;
}

export type RateLimitResult = { limited: false } | { limited: true; retryAfterSeconds: number };

/**
 * A fixed-window counter kept in PostgreSQL, so every instance of the app counts together. One
 * atomic upsert per check: the window restarts once it has passed.
 */
export async function hitRateLimit(
  db: Database,
  rule: RateLimitRule,
  subject: string,
  now = Date.now(),
): Promise<RateLimitResult> {
  const key = `${rule.name}:${hashSubject(subject)}`;
  const windowMs = rule.windowSeconds * 1000;
  const [row] = await selectRows<{ count: string | number; last_request: string | number }>(
    db,
    sql`insert into rate_limits (id, key, count, last_request)
        values (${crypto.randomUUID()}, ${key}, 1, ${now})
        on conflict (key) do update set
          count = case when rate_limits.last_request <= ${now - windowMs} then 1 else rate_limits.count + 1 end,
          last_request = case when rate_limits.last_request <= ${now - windowMs} then ${now} else rate_limits.last_request end
        returning count, last_request`,
  );
  const count = Number(row?.count ?? 1);
  if (count <= rule.max) return { limited: false };
  const windowStart = Number(row?.last_request ?? now);
  return {
    limited: true,
    retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)),
  };
}

/** Checks several rules; the first one that trips wins (all are counted). */
export async function hitRateLimits(
  db: Database,
  checks: [RateLimitRule, string | undefined][],
  now = Date.now(),
): Promise<RateLimitResult> {
  let result: RateLimitResult = { limited: false };
  for (const [rule, subject] of checks) {
    if (!subject) continue;
    const hit = await hitRateLimit(db, rule, subject, now);
    if (hit.limited && !result.limited) result = hit;
  }
  return result;
}

/** E-mail addresses and IPs are stored hashed: the table needs to count them, not know them. */
function hashSubject(subject: string) {
  return crypto
    .createHash("sha256")
    .update(subject.trim().toLowerCase())
    .digest("base64url")
    .slice(0, 32);
}

/**
 * Limits failures, not attempts: the rules are only read before `attempt` runs, and counted when
 * it fails with one of `failureCodes`. A correct password therefore never adds to a counter, and
 * counters keyed by account *and* source mean a stranger's wrong guesses cannot lock the owner
 * out (their own address has its own count).
 */
export async function limitFailures<T>(
  db: Database,
  checks: [RateLimitRule, string | undefined][],
  failureCodes: readonly string[],
  attempt: () => Promise<T>,
  now = Date.now(),
): Promise<T> {
  const active = checks.filter((check): check is [RateLimitRule, string] => Boolean(check[1]));
  const keys = active.map(([rule, subject]) => `${rule.name}:${hashSubject(subject)}`);
  const oldestWindow = Math.max(...active.map(([rule]) => rule.windowSeconds * 1000));
  const rows = await selectRows<{
    key: string;
    count: string | number;
    last_request: string | number;
  }>(
    db,
    sql`select key, count, last_request from rate_limits
        where key in (${sql.join(
          keys.map((key) => sql`${key}`),
          sql`, `,
        )}) and last_request > ${now - oldestWindow}`,
  );
  for (const [index, [rule]] of active.entries()) {
    const row = rows.find((r) => r.key === keys[index]);
    if (!row) continue;
    const windowStart = Number(row.last_request);
    if (windowStart <= now - rule.windowSeconds * 1000) continue;
    if (Number(row.count) >= rule.max) {
      throw new AppError("RATE_LIMITED", {
        seconds: Math.max(1, Math.ceil((windowStart + rule.windowSeconds * 1000 - now) / 1000)),
      });
    }
  }
  try {
    return await attempt();
  } catch (error) {
    if (isAppError(error) && failureCodes.includes(error.code)) {
      for (const [rule, subject] of active) await hitRateLimit(db, rule, subject, now);
    }
    throw error;
  }
}
