#!/usr/bin/env node
// `npm start`: builds the app when the build is missing or older than the sources, then runs
// the server. Nothing else to install: the database is embedded (PGlite) unless DATABASE_URL is set.
import { spawnSync } from "node:child_process";
import cluster from "node:cluster";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
process.env.NODE_ENV ??= "production";

const stamp = path.join(root, "build/server/index.js");
const sources = ["app", "vite.config.ts", "react-router.config.ts", "package-lock.json"];

function newestMtime(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const built = fs.statSync(stamp, { throwIfNoEntry: false })?.mtimeMs ?? 0;
// A worker (WEB_CONCURRENCY, server/index.ts) runs what its primary has just built: several
// workers building at once into one folder would break each other's build.
if (!cluster.isWorker && built < Math.max(...sources.map((s) => newestMtime(path.join(root, s))))) {
  console.log("souqna: building the app (first start or changed sources)…");
  const result = spawnSync(
    process.execPath,
    [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"],
    {
      stdio: "inherit",
      env: process.env,
    },
  );
  if (result.status !== 0) {
    console.error("souqna: the build failed; see the messages above");
    process.exit(result.status ?? 1);
  }
}

const { register } = await import("tsx/esm/api");
register();
await import("../server/index.ts");
