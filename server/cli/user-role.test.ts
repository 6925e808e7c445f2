import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openPglite, openPostgres } from "~/db/client.server";
import { users } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/test-database";

/*
 * `npm run user:role -- <email> moderator|member`, run for real as a child process against a test
 * database: PGlite (the data dir must be free, so the test closes its own handle first) or
 * PostgreSQL with TEST_DATABASE_URL.
 */
const root = path.resolve(import.meta.dirname, "../..");
let database: TestDatabase;
let env: Record<string, string>;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(users).values({
    id: "lina",
    name: "Lina",
    email: "lina@example.com",
  });
  if (database.location.databaseUrl) {
    env = { DATABASE_URL: database.location.databaseUrl };
  } else {
    await database.close();
    env = { DATA_DIR: database.location.dataDir!, DATABASE_URL: "" };
  }
});

afterAll(async () => {
  if (database.location.databaseUrl) await database.destroy();
  else fs.rmSync(database.location.dataDir!, { recursive: true, force: true });
});

function run(...args: string[]) {
  const result = spawnSync(
    process.execPath,
    [path.join(root, "node_modules/tsx/dist/cli.mjs"), "server/cli/user-role.ts", ...args],
    { cwd: root, env: { ...process.env, ...env, NODE_ENV: "test" }, encoding: "utf8" },
  );
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
}

async function roleOf(id: string) {
  let handle: DatabaseHandle;
  if (env.DATABASE_URL) handle = await openPostgres(env.DATABASE_URL, 1);
  else handle = await openPglite(path.join(env.DATA_DIR!, "db"));
  try {
    const [row] = await handle.db.select({ role: users.role }).from(users).where(eq(users.id, id));
    return row?.role;
  } finally {
    await handle.close();
  }
}

describe("npm run user:role", () => {
  it("makes a member a moderator and back, by e-mail address in any case", async () => {
    const promoted = run("LINA@example.com", "moderator");
    expect(promoted.out).toContain("LINA@example.com is now a moderator (was member)");
    expect(promoted.code).toBe(0);
    expect(await roleOf("lina")).toBe("moderator");

    expect(run("lina@example.com", "moderator").out).toContain("already a moderator");
    expect(run("lina@example.com", "member").code).toBe(0);
    expect(await roleOf("lina")).toBe("member");
  }, 60_000);

  it("says clearly what is wrong", () => {
    const unknown = run("nobody@example.com", "moderator");
    expect(unknown.code).toBe(1);
    expect(unknown.out).toMatch(/no member with the e-mail address nobody@example.com/);
    for (const args of [["lina@example.com"], ["lina@example.com", "admin"]]) {
      const bad = run(...args);
      expect(bad.code, args.join(" ")).toBe(2);
      expect(bad.out).toContain("usage: npm run user:role -- <email> moderator|member");
    }
  }, 60_000);
});
