import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import {
  createServerDatabase,
  dropServerDatabase,
  type RunningServer,
  startServer,
} from "./server-process";

/**
 * Two instances of the built server on one fresh PostgreSQL database (TEST_DATABASE_URL), for the
 * tests of what crosses instances. Call inside a `describe.skipIf(!process.env.TEST_DATABASE_URL)`
 * block; read `a`, `b` (and `databaseUrl`) in the tests. Both migrate at start-up, taking turns on an advisory lock.
 */
export function twoInstancesOnPostgres(
  prefix: string,
  /** More variables for both, read when they start (e.g. an S3 server's, started before). */
  extraEnv: () => Record<string, string> = () => ({}),
) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  const state = {
    dataDirs: { a: path.join(tmp, "a"), b: path.join(tmp, "b") },
  } as {
    a: RunningServer;
    b: RunningServer;
    databaseUrl: string;
    /** Each instance's DATA_DIR. */
    dataDirs: { a: string; b: string };
  };
  let databaseUrl: string | undefined;
  beforeAll(async () => {
    databaseUrl = await createServerDatabase(prefix);
    if (!databaseUrl) throw new Error("two instances need TEST_DATABASE_URL");
    state.databaseUrl = databaseUrl;
    const env = (dir: string) => ({
      DATA_DIR: path.join(tmp, dir),
      DATABASE_URL: databaseUrl,
      TRUST_PROXY: "1",
      SIGN_UPS_PER_IP_PER_HOUR: "1000",
      ...extraEnv(),
    });
    [state.a, state.b] = await Promise.all([startServer(env("a")), startServer(env("b"))]);
  }, 120_000);
  afterAll(async () => {
    for (const server of [state.a, state.b]) {
      if (server?.process.exitCode === null) await server.stop();
    }
    fs.rmSync(tmp, { recursive: true, force: true });
    await dropServerDatabase(databaseUrl);
  });
  return state;
}
