#!/usr/bin/env node
// `npm run build`: the browser's files and the whole server in one bundle (React Router's build;
// vite.config.ts makes server/index.ts its server entry), the service worker with its precache
// list (build-service-worker.mjs), then the operator's commands into
// build/cli — all that `npm start` and `npm run db:migrate`… run on plain node (decision 018).
// `--if-stale` (npm start): only when the build is missing or older than its sources. One build
// at a time per checkout: parallel test files start servers at once, and a second build would
// delete the first one's files; it waits instead, and usually then finds the build fresh.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { buildStamp, buildState, cliDir, commands, root } from "./build-layout.mjs";
import { buildServiceWorker } from "./build-service-worker.mjs";

const LOCK_WAIT_MS = 5 * 60_000;
const lock = path.join(
  os.tmpdir(),
  `souqna-build-${crypto.createHash("sha1").update(root).digest("hex").slice(0, 12)}.lock`,
);

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

function lockOwner() {
  try {
    return Number(fs.readFileSync(path.join(lock, "pid"), "utf8"));
  } catch {
    return 0;
  }
}

async function acquireLock() {
  const started = Date.now();
  for (;;) {
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(path.join(lock, "pid"), String(process.pid));
      return;
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
    }
    const owner = lockOwner();
    // A lock whose builder died is taken over (one with no pid yet is being taken: wait).
    if (owner && !alive(owner)) fs.rmSync(lock, { recursive: true, force: true });
    else if (Date.now() - started > LOCK_WAIT_MS) {
      throw new Error(`another build (pid ${owner}) holds ${lock}; remove it if none is running`);
    }
    await sleep(250);
  }
}

function reactRouterBuild() {
  const result = spawnSync(
    process.execPath,
    [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"],
    { cwd: root, stdio: "inherit" },
  );
  return result.status === 0;
}

/** The commands on plain node: their sources bundled like the server's, packages left outside. */
async function buildCommands() {
  const { build } = await import("vite");
  await build({
    root,
    configFile: false,
    logLevel: "warn",
    resolve: { tsconfigPaths: true },
    build: {
      ssr: true,
      target: "node20",
      outDir: cliDir,
      emptyOutDir: true,
      copyPublicDir: false,
      rolldownOptions: {
        input: Object.fromEntries(
          Object.values(commands).map(({ source, file }) => [file, path.join(root, source)]),
        ),
        // Every file beside its command: app/db/migrate.server.ts finds drizzle/ two folders up.
        output: { format: "esm", entryFileNames: "[name].js", chunkFileNames: "[name]-[hash].js" },
      },
    },
  });
  console.log(`built ${Object.keys(commands).length} commands into build/cli`);
}

await acquireLock();
try {
  if (!process.argv.includes("--if-stale") || buildState() !== "fresh") {
    fs.rmSync(buildStamp, { force: true });
    if (reactRouterBuild()) {
      await buildServiceWorker();
      await buildCommands();
      fs.writeFileSync(buildStamp, `${new Date().toISOString()}\n`);
    } else process.exitCode = 1;
  }
} finally {
  fs.rmSync(lock, { recursive: true, force: true });
}
