#!/usr/bin/env node
// Our machines reach a registry that serves only the packages for their own platform, so
// `npm install` leaves other platforms' optional binaries (biome, esbuild, sharp, rolldown, …) out
// of package-lock.json — and `npm ci` then refuses the lock everywhere. This adds the missing
// entries with the os/cpu/libc their names declare, so npm skips them on other platforms and
// installs them where they belong. Run it after every dependency change: `npm run lock:complete`.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const lockPath = path.join(root, "package-lock.json");
const check = process.argv.includes("--check");

const OS = [
  "darwin",
  "linux",
  "win32",
  "android",
  "freebsd",
  "openbsd",
  "netbsd",
  "sunos",
  "aix",
  "openharmony",
];
const CPU = [
  "x64",
  "arm64",
  "arm",
  "ia32",
  "ppc64",
  "s390x",
  "riscv64",
  "loong64",
  "mips64el",
  "wasm32",
];

export function platformOf(name) {
  const tokens = name.split("/").pop().split("-");
  const entry = {};
  for (const token of tokens) {
    if (token === "linuxmusl") {
      entry.os = ["linux"];
      entry.libc = ["musl"];
    } else if (OS.includes(token)) entry.os ??= [token];
    else if (CPU.includes(token)) entry.cpu ??= [token];
    else if (token === "musl" || token.startsWith("musleabi")) entry.libc = ["musl"];
    else if (token === "gnu" || token.startsWith("gnueabi")) entry.libc ??= ["glibc"];
    else if (token === "wasi" || token === "wasm32") entry.cpu = ["wasm32"];
    else if (token === "universal") entry.cpu = ["x64", "arm64"];
  }
  return entry;
}

const lock = JSON.parse(fs.readFileSync(lockPath, "utf8"));
const packages = lock.packages;
const missing = [];
for (const [where, info] of Object.entries(packages)) {
  for (const [dep, range] of Object.entries(info.optionalDependencies ?? {})) {
    const base = where === "" ? "" : `${where}/`;
    const nested = `${base}node_modules/${dep}`;
    const hoisted = `node_modules/${dep}`;
    if (packages[nested] || packages[hoisted]) continue;
    const version = range.replace(/^[\^~=]/, "");
    packages[hoisted] = {
      version,
      ...(info.dev ? { dev: true } : {}),
      optional: true,
      ...platformOf(dep),
    };
    missing.push(`${dep}@${version}`);
  }
}

if (check) {
  if (missing.length > 0) {
    console.error(
      `package-lock.json misses ${missing.length} optional packages; run npm run lock:complete`,
    );
    process.exit(1);
  }
  process.exit(0);
}
const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
const text = `${JSON.stringify(lock, null, 2)}\n`;
// Only a real change is written: a new mtime on package-lock.json makes `npm start` rebuild the
// app (scripts/start.mjs), and the tests import this file.
if (text !== fs.readFileSync(lockPath, "utf8")) fs.writeFileSync(lockPath, text);
console.log(
  missing.length
    ? `added ${missing.length} optional packages:\n  ${missing.join("\n  ")}`
    : "lock already complete",
);
