// What `npm run build` makes and from which sources (decision 018): read by the build itself
// (scripts/build.mjs), by `npm start` (scripts/start.mjs) and by the commands (scripts/cli.mjs).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const buildDir = path.join(root, "build");
/** The whole server, bundled: Express, the domain and the React Router build. */
export const serverEntry = path.join(buildDir, "server/index.js");
export const cliDir = path.join(buildDir, "cli");
/** Written last by scripts/build.mjs: a build that stopped halfway has none, so it is not fresh. */
export const buildStamp = path.join(buildDir, ".complete");

/** The operator's commands: `npm run <name>` → the source, and build/cli/<file>.js built from it. */
export const commands = {
  "db:migrate": { source: "server/cli/migrate.ts", file: "db-migrate" },
  "db:backup": { source: "server/cli/backup.ts", file: "db-backup" },
  "db:restore": { source: "server/cli/restore.ts", file: "db-restore" },
  "seed:demo": { source: "server/cli/seed-demo.ts", file: "seed-demo" },
  "user:role": { source: "server/cli/user-role.ts", file: "user-role" },
  "media:migrate": { source: "server/cli/media-migrate.ts", file: "media-migrate" },
  "photos:fingerprint": { source: "server/cli/photos-fingerprint.ts", file: "photos-fingerprint" },
  jobs: { source: "server/cli/work-jobs.ts", file: "jobs" },
};

/** What the build is made from; tests are not part of it, so editing one never forces a build. */
const sources = [
  "app",
  "server",
  "scripts/build.mjs",
  "scripts/build-service-worker.mjs",
  "scripts/build-layout.mjs",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
  "package-lock.json",
];
const notSource = /\.test\.tsx?$/;

function newestMtime(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return notSource.test(target) ? 0 : stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/**
 * "missing", "stale" (a source is newer than the server's bundle) or "fresh". Only checked outside
 * production: there the build is what was deployed, whatever the files' times say.
 */
export function buildState() {
  if (!fs.existsSync(serverEntry)) return "missing";
  const built = fs.statSync(buildStamp, { throwIfNoEntry: false });
  if (!built) return "stale";
  const newest = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
  return newest > built.mtimeMs ? "stale" : "fresh";
}

/** NODE_ENV=production as the operator set it: then nothing is ever built at start. */
export function operatorSaysProduction() {
  return process.env.NODE_ENV === "production";
}

export const noBuildMessage = "no build found in build/; run `npm run build` first";
