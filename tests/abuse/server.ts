import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { type Database, openPglite, openPostgres } from "../../app/db/client.server";
import {
  createServerDatabase,
  dropServerDatabase,
  type RunningServer,
  startServer,
} from "../setup/server-process";

/*
 * The real built server for one abuse test file, on PGlite in a fresh data dir, or on a fresh
 * PostgreSQL database when TEST_DATABASE_URL is set. Call at the top of a test file.
 */
export function serverForFile(env: Record<string, string> = {}) {
  const state = {} as {
    server: RunningServer;
    dataDir: string;
    databaseUrl: string | undefined;
    url: string;
  };
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-abuse-"));
  state.dataDir = path.join(tmp, "data");
  const start = async () => {
    state.server = await startServer({
      DATA_DIR: state.dataDir,
      DATABASE_URL: state.databaseUrl ?? "",
      ...env,
    });
    state.url = state.server.url;
  };
  beforeAll(async () => {
    state.databaseUrl = await createServerDatabase("souqna_abuse");
    await start();
  });
  afterAll(async () => {
    if (state.server?.process.exitCode === null) await state.server.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
    await dropServerDatabase(state.databaseUrl);
  });
  return {
    get server() {
      return state.server;
    },
    get url() {
      return state.url;
    },
    dataDir: state.dataDir,
    /**
     * Runs `fn` on the server's database, as an operator's command would (npm run user:role).
     * PGlite belongs to one process, so the server is stopped meanwhile and started again (on a
     * new port: read `url` afterwards); on PostgreSQL it keeps running.
     */
    async withDatabase<T>(fn: (db: Database) => Promise<T>): Promise<T> {
      if (!state.databaseUrl) await state.server.stop();
      const handle = state.databaseUrl
        ? await openPostgres(state.databaseUrl, 1)
        : await openPglite(path.join(state.dataDir, "db"));
      try {
        return await fn(handle.db);
      } finally {
        await handle.close();
        if (!state.databaseUrl) await start();
      }
    },
  };
}

/** The outbox's messages (newest last), as the dev mail writes them. */
export function outbox(dataDir: string) {
  const dir = path.join(dataDir, "mail");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .map((name) => fs.readFileSync(path.join(dir, name), "utf8"));
}
