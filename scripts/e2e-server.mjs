#!/usr/bin/env node
// The server Playwright tests against: a fresh data dir with the demo listings, every run.
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
await import("./start.mjs");
