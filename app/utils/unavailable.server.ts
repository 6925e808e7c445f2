/**
 * Whether an error means a part the app needs is away or full — the media disk, or the database
 * restarting or unreachable — rather than anything about the request. Such a failure saved nothing
 * and is worth trying again shortly (HTTP 503), not a bug (500).
 */
const CODES = new Set([
  // The disk.
  "ENOSPC",
  "EDQUOT",
  // The network to the database.
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  // PostgreSQL: connection exceptions and its shutting down or starting up.
  "08000",
  "08003",
  "08006",
  "57P01",
  "57P02",
  "57P03",
]);

export function isUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof code === "string" && CODES.has(code)) return true;
    // node-postgres says so only in words when the server goes away mid-query.
    if (typeof message === "string" && /^Connection terminated/.test(message)) return true;
    current = cause;
  }
  return false;
}
