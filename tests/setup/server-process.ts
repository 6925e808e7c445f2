import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { inject } from "vitest";
import { openPostgres } from "../../app/db/client.server";
import { createFlash, type FlashKey } from "../../app/utils/flash.server";
import { withDatabase } from "./global-setup";

const root = path.resolve(import.meta.dirname, "../..");

/** The session secret of every server the suite starts (unless a test gives its own). */
export const SUITE_SECRET = "test-secret-for-the-suite-only-0123456789abcdef";

/** The notice a response leaves for the next page, read as such a server reads it (signed). */
export async function flashSetBy(res: Response): Promise<FlashKey | undefined> {
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith("souqna_flash="))
    ?.split(";")[0];
  if (!cookie) return undefined;
  const request = new Request("http://localhost/", { headers: { cookie } });
  return (await createFlash(SUITE_SECRET).read(request))?.key;
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; ms: number }>;
}

/**
 * Starts the real server (`npm start`'s script: the built server on plain node, built first if
 * the build is missing or stale) as a child process on a free port and resolves once it says it
 * is listening. Rejects with the server's output if it exits first.
 */
export function startServer(
  env: Record<string, string | undefined>,
  timeoutMs = 60_000,
): Promise<RunningServer> {
  fromTemplate(env);
  const child = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      SEED_DEMO: "false",
      // Unset, as in the quick start: start.mjs then builds a missing or stale build (one build
      // at a time, whatever the number of test files starting servers) and serves in production
      // mode. NODE_ENV=production from the operator would run whatever build is there.
      NODE_ENV: undefined,
      // One process per started server, as before workers existed: test files run three at a time
      // on two cores, and the cluster has its own test (server/cluster.test.ts).
      WEB_CONCURRENCY: "1",
      SESSION_SECRET: SUITE_SECRET,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`server did not start in ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = () => {
      const match = /Souqna is running at http:\/\/localhost:(\d+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout?.off("data", onData);
      resolve({
        url: `http://127.0.0.1:${match[1]}`,
        process: child,
        output: () => output,
        async stop(signal = "SIGTERM") {
          const started = performance.now();
          if (child.exitCode === null) child.kill(signal);
          const code = await exited;
          return { code, ms: performance.now() - started };
        },
      });
    };
    child.stdout?.on("data", onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(Object.assign(new Error(`server exited with ${code}:\n${output}`), { code, output }));
    });
  });
}

/**
 * The suite's template (tests/setup/global-setup.ts), where it is known: a test's server on a new
 * embedded database starts from a migrated copy with the reference data, as test databases do,
 * instead of migrating from scratch (about 4 of its 6 to 9 seconds on a busy machine). Its own
 * start still runs the migrations and the reference data's sync, which then find nothing to do.
 * Outside Vitest (the benches) and when the data dir already has a database, nothing is copied.
 */
function fromTemplate(env: Record<string, string | undefined>) {
  if (!env.DATA_DIR || env.DATABASE_URL) return;
  const target = path.join(env.DATA_DIR, "db");
  if (fs.existsSync(target)) return;
  let config: { kind: string; template: string };
  try {
    config = inject("testDatabase");
  } catch {
    return;
  }
  if (config.kind !== "pglite") return;
  try {
    fs.mkdirSync(env.DATA_DIR, { recursive: true });
    fs.cpSync(config.template, target, { recursive: true });
  } catch {
    // A data dir nobody can write (a start-up failure under test): the server reports it itself.
  }
}

/** Runs the server expecting it to fail at start-up; resolves with its exit code and output. */
export async function expectStartupFailure(env: Record<string, string | undefined>) {
  try {
    const server = await startServer(env);
    await server.stop();
    throw new Error("the server started, but it should have refused to");
  } catch (error) {
    const { code, output } = error as { code?: number; output?: string };
    if (code === undefined) throw error;
    return { code, output: output ?? "" };
  }
}

/**
 * With TEST_DATABASE_URL set, a fresh PostgreSQL database for one test file's server (its URL);
 * without it, undefined: the server uses PGlite in its DATA_DIR.
 */
export async function createServerDatabase(prefix: string): Promise<string | undefined> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return undefined;
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const admin = await openPostgres(serverUrl, 1);
  // From the suite's migrated template where it is known, as the embedded copies are.
  let template = "";
  try {
    const config = inject("testDatabase");
    if (config.kind === "postgres") template = ` template "${config.template}"`;
  } catch {
    // Outside Vitest: an empty database the server migrates.
  }
  await admin.db.execute(sql.raw(`create database "${name}"${template}`));
  await admin.close();
  return withDatabase(serverUrl, name);
}

/** Drops what createServerDatabase made; nothing to do on PGlite. */
export async function dropServerDatabase(databaseUrl: string | undefined) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl || !databaseUrl) return;
  const admin = await openPostgres(serverUrl, 1);
  const name = new URL(databaseUrl).pathname.slice(1);
  await admin.db.execute(sql.raw(`drop database if exists "${name}" with (force)`));
  await admin.close();
}
