#!/usr/bin/env node
// `npm test`: the whole suite — build, unit and integration tests (Vitest), then end-to-end tests
// in a real browser (Playwright). Fails, never skips, when no browser is available.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { findChromium, missingChromiumMessage } from "./find-chromium.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules/.bin", name);

const chromium = await findChromium();
if (!chromium) {
  console.error(`souqna test: ${missingChromiumMessage}`);
  process.exit(1);
}

function step(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  const ok = result.status === 0;
  console.log(`${ok ? "✔" : "✘"} ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return ok;
}

const results = [];
// The whole build (scripts/build.mjs): the tests start the built server and commands.
if (!step("build", process.execPath, [path.join(root, "scripts/build.mjs")])) process.exit(1);
results.push([
  "unit and integration (Vitest)",
  step("unit and integration (Vitest)", bin("vitest"), ["run"]),
]);
results.push([
  "end-to-end (Playwright)",
  step("end-to-end (Playwright)", bin("playwright"), ["test"], { CHROMIUM_PATH: chromium }),
]);

const failed = results.filter(([, ok]) => !ok);
console.log(`\n${results.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length === 0 ? 0 : 1);
