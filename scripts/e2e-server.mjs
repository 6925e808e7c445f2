#!/usr/bin/env node
// The server Playwright tests against: a fresh data dir with the demo listings, every run.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// One folder per port, so two Playwright runs on one machine do not wipe each other's data.
const dataDir = path.join(root, `tests/.artifacts/e2e-data-${process.env.PORT ?? "default"}`);
fs.rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
process.env.SEED_DEMO ??= "true";
process.env.LOG_LEVEL ??= "warn";
// Every test signs up from 127.0.0.1; the per-address limit is tested in the domain tests.
process.env.SIGN_UPS_PER_IP_PER_HOUR ??= "1000";
// The journeys read confirmation and reset links from the outbox, as a developer would.
process.env.DEV_MAIL ??= "true";

// A moderator and three members in good standing to sign in with (tests/e2e/support/
// seeded-members.ts): signed up by a test-only script (through tsx: tests are never built), the
// moderator then promoted with the real `npm run user:role` — both before the server takes the
// data dir, since PGlite allows one process at a time.
for (const args of [
  [path.join(root, "node_modules/tsx/dist/cli.mjs"), "tests/e2e/support/create-seeded-members.ts"],
  [path.join(root, "scripts/cli.mjs"), "user:role", "moderator@example.com", "moderator"],
]) {
  const done = spawnSync(process.execPath, args, { cwd: root, stdio: "inherit" });
  if (done.status !== 0) process.exit(done.status ?? 1);
}
// `npm start` in this process: the built server on plain node, built first if stale.
await import("./start.mjs");
