#!/usr/bin/env node
// `npm start`: the built server (build/server/index.js) on plain node, with no compiler at run
// time (decision 018). Nothing else to install: the database is embedded (PGlite) unless
// DATABASE_URL is set.
// - NODE_ENV=production set by the operator: the build is the deployed artefact. It is never
//   rebuilt here; a missing build is an error.
// - Otherwise (the quick start, `npm ci && npm start`): the app is built first when the build is
//   missing or older than its sources, then served in production mode.
import { spawnSync } from "node:child_process";
import cluster from "node:cluster";
import path from "node:path";
import { pathToFileURL } from "node:url";
import {
  buildState,
  noBuildMessage,
  operatorSaysProduction,
  root,
  serverEntry,
} from "./build-layout.mjs";

process.chdir(root);

if (operatorSaysProduction()) {
  if (buildState() === "missing") {
    console.error(`souqna: ${noBuildMessage}`);
    process.exit(1);
  }
} else {
  const state = buildState();
  if (state !== "fresh") {
    console.log(
      `souqna: building the app (${state === "missing" ? "no build yet" : "sources changed since the last build"})…`,
    );
    // A first start says what the person needs: that it builds, and when it is done. The build's
    // own report (every file's size, the bundlers' notices) is for `npm run build`, and is shown
    // here only when the build fails.
    const started = Date.now();
    const result = spawnSync(
      process.execPath,
      [path.join(root, "scripts/build.mjs"), "--if-stale"],
      { stdio: ["ignore", "pipe", "pipe"], encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
    );
    if (result.status !== 0) {
      process.stdout.write(result.stdout ?? "");
      process.stderr.write(result.stderr ?? "");
      console.error("souqna: the build failed; see the messages above");
      process.exit(result.status ?? 1);
    }
    console.log(`souqna: built in ${Math.round((Date.now() - started) / 1000)} s`);
  }
  process.env.NODE_ENV ??= "production";
}

// The server runs in this process: node has no exec, and a parent that only waits would have to
// pass on every signal (and would leave the server running if it were killed). Its workers
// (WEB_CONCURRENCY) are `node build/server/index.js` themselves, not this script again.
cluster.setupPrimary({ exec: serverEntry });
await import(pathToFileURL(serverEntry).href);
