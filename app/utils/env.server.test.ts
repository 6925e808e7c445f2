import { describe, expect, it } from "vitest";
import { readEnv, resolveWorkers } from "./env.server";

const postgres = "postgres://db.example/souqna";

describe("WEB_CONCURRENCY", () => {
  it("is one process per core (at most 8) on PostgreSQL when unset or auto", () => {
    for (const value of [undefined, "", "auto", "AUTO"]) {
      const env = readEnv({ DATABASE_URL: postgres, WEB_CONCURRENCY: value });
      expect(env.WEB_CONCURRENCY).toBe("auto");
      expect(resolveWorkers(env, 2)).toEqual({ workers: 2 });
      expect(resolveWorkers(env, 1)).toEqual({ workers: 1 });
      expect(resolveWorkers(env, 96)).toEqual({ workers: 8 });
    }
  });

  it("takes a number of workers on PostgreSQL", () => {
    const env = readEnv({ DATABASE_URL: postgres, WEB_CONCURRENCY: " 3 " });
    expect(resolveWorkers(env, 2)).toEqual({ workers: 3 });
  });

  it("is always one process on PGlite, and says when a larger setting is ignored", () => {
    expect(resolveWorkers(readEnv({}), 16)).toEqual({ workers: 1 });
    expect(resolveWorkers(readEnv({ WEB_CONCURRENCY: "1" }), 16)).toEqual({ workers: 1 });
    expect(resolveWorkers(readEnv({ WEB_CONCURRENCY: "4" }), 16)).toEqual({
      workers: 1,
      ignored: 4,
    });
  });

  it("refuses anything else with one line naming it", () => {
    for (const value of ["0", "-1", "two", "1.5", "65", "max"]) {
      expect(() => readEnv({ DATABASE_URL: postgres, WEB_CONCURRENCY: value })).toThrow(
        /^Invalid configuration: WEB_CONCURRENCY: expected a number of worker processes from 1 to 64, or auto/,
      );
    }
  });
});
