import { eq } from "drizzle-orm";
import { runCli, withCliDatabase } from "../../../app/db/cli/cli-database";
import { runMigrations } from "../../../app/db/migrate.server";
import { users } from "../../../app/db/schema";
import { createAuth } from "../../../app/domain/accounts/auth.server";
import { ensureProfile } from "../../../app/domain/accounts/session.server";
import { E2E_MODERATOR } from "./moderator";

/*
 * Test-only: run by scripts/e2e-server.mjs on the fresh e2e data dir before the server starts
 * (PGlite allows one process at a time). Signs up an ordinary member; the script then makes them a
 * moderator with the real `npm run user:role` command, as an operator would.
 */
runCli("create-moderator", async () => {
  await withCliDatabase(async ({ env, database }) => {
    await runMigrations(database);
    // A reused database (e.g. DATABASE_URL) may have it already: the role is set again anyway.
    const [existing] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, E2E_MODERATOR.email));
    if (existing) return;
    const auth = createAuth({
      db: database.db,
      env,
      secret: "e2e-only-secret-never-used-for-real-sessions",
      mailer: { kind: "outbox", send: async () => {} },
    });
    const { user } = await auth.api.signUpEmail({
      body: {
        name: E2E_MODERATOR.name,
        email: E2E_MODERATOR.email,
        password: E2E_MODERATOR.password,
      },
    });
    await ensureProfile(database.db, { id: user.id, name: E2E_MODERATOR.name }, "en");
  });
});
