import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { type Database, selectRows } from "~/db/client.server";

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
