import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Env } from "./env.server";

/**
 * SESSION_SECRET when configured; otherwise a random secret generated once and kept in
 * $DATA_DIR/session-secret (mode 600), so sessions survive restarts of a single embedded instance.
 * readEnv() already refuses to start production on PostgreSQL without a configured secret.
 */
export function resolveSessionSecret(env: Pick<Env, "SESSION_SECRET" | "DATA_DIR">): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  const file = path.join(env.DATA_DIR, "session-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // Not generated yet.
  }
  const secret = crypto.randomBytes(48).toString("base64url");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
