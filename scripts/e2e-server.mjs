#!/usr/bin/env node
// The server Playwright tests against: a fresh data dir with the demo listings, every run.
import { spawn, spawnSync } from "node:child_process";
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
// Every photo comes from 127.0.0.1 too; the per-address photo rate is tested in tests/abuse/22.
process.env.PHOTOS_PER_IP_PER_HOUR ??= "100000";
// The journeys read confirmation and reset links from the outbox, as a developer would.
process.env.DEV_MAIL ??= "true";
// Notifications within a test's patience: jobs polled every half second, an unread message
// noticed after one (tests/e2e/engagement/notifications.spec.ts).
process.env.JOB_POLL_SECONDS ??= "0.5";
process.env.NOTIFY_UNREAD_AFTER_SECONDS ??= "1";
// Web Push to a stand-in push service on 127.0.0.1 (tests/e2e/engagement/push.spec.ts), whose
// certificate is made here and trusted by the server; a browser's real service is unreachable.
const pushCertificates = path.join(
  root,
  `tests/.artifacts/e2e-push-${process.env.PORT ?? "default"}`,
);
process.env.PUSH_SERVICE_HOSTS ??= "127.0.0.1";

// A moderator and three members in good standing to sign in with (tests/e2e/support/
// seeded-members.ts): signed up by a test-only script (through tsx: tests are never built), the
// moderator then promoted with the real `npm run user:role` — both before the server takes the
// data dir, since PGlite allows one process at a time.
for (const args of [
  [path.join(root, "node_modules/tsx/dist/cli.mjs"), "tests/e2e/support/create-seeded-members.ts"],
  [
    path.join(root, "node_modules/tsx/dist/cli.mjs"),
    "tests/e2e/support/create-push-certificate.ts",
    pushCertificates,
  ],
  [path.join(root, "scripts/cli.mjs"), "user:role", "moderator@example.com", "moderator"],
]) {
  const done = spawnSync(process.execPath, args, { cwd: root, stdio: "inherit" });
  if (done.status !== 0) process.exit(done.status ?? 1);
}
// `npm start`: the built server on plain node, built first if stale. A process of its own, since
// node reads NODE_EXTRA_CA_CERTS only as it starts; it ends with this one.
const server = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, NODE_EXTRA_CA_CERTS: path.join(pushCertificates, "cert.pem") },
});
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) {
  process.on(signal, () => server.kill(signal));
}
process.on("exit", () => server.kill("SIGTERM"));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
