import { eq, sql } from "drizzle-orm";
import { runMigrations } from "../../../app/db/migrate.server";
import { syncReferenceData } from "../../../app/db/reference-data/sync.server";
import { listings, users } from "../../../app/db/schema";
import { seedDemoIfEmpty } from "../../../app/db/seed/seed-demo.server";
import { createAuth } from "../../../app/domain/accounts/auth.server";
import { ensureProfile } from "../../../app/domain/accounts/session.server";
import { createListing } from "../../../app/domain/listings/create-listing.server";
import type { Lang } from "../../../app/i18n/config";
import type { MediaStorage } from "../../../app/media/storage.server";
import { runCli, withCliDatabase } from "../../../server/cli/cli-database";
import {
  E2E_EXPIRED_OWNER,
  E2E_MODERATOR,
  E2E_PROJECTS,
  E2E_RATERS,
  E2E_TRUSTED_REPORTERS,
  expiredListingTitle,
} from "./seeded-members";

const MONTH_MS = 30 * 24 * 60 * 60 * 1000;

/*
 * Test-only: run by scripts/e2e-server.mjs on the fresh e2e data dir before the server starts
 * (PGlite allows one process at a time). Signs up the moderator (the script then promotes them with
 * the real `npm run user:role` command, as an operator would) and three members in good standing,
 * whose e-mail is confirmed and whose accounts are dated a month back; and an owner whose listings
 * (no photos) expired yesterday.
 */
runCli("create-seeded-members", async () => {
  await withCliDatabase(async ({ env, database }) => {
    await runMigrations(database);
    // The categories the expired listings are filed under (the server syncs them again), and the
    // demo listings first: the server adds them only to a database without listings.
    await syncReferenceData(database.db);
    if (env.SEED_DEMO) await seedDemoIfEmpty({ db: database.db, dataDir: env.DATA_DIR });
    const auth = createAuth({
      db: database.db,
      env,
      secret: "e2e-only-secret-never-used-for-real-sessions",
      // Nothing is mailed to them: their sign-up sends no confirmation (it is set below).
      jobs: { send: async () => ({ id: "", created: false }), sendMany: async () => {} },
    });
    const seeded: { name: string; email: string; password: string; lang: Lang; old: boolean }[] = [
      { ...E2E_MODERATOR, lang: "en", old: false },
      ...E2E_TRUSTED_REPORTERS.map((r) => ({ ...r, old: true })),
      ...E2E_RATERS.map((r) => ({ ...r, old: true })),
      { ...E2E_EXPIRED_OWNER, lang: "en", old: true },
    ];
    for (const member of seeded) {
      // A reused database (e.g. DATABASE_URL) may have them already.
      const [existing] = await database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, member.email));
      if (existing) continue;
      const { user } = await auth.api.signUpEmail({
        body: { name: member.name, email: member.email, password: member.password },
      });
      await ensureProfile(database.db, { id: user.id, name: member.name }, member.lang);
      if (member.old) {
        await database.db
          .update(users)
          .set({ emailVerified: true, createdAt: new Date(Date.now() - MONTH_MS) })
          .where(eq(users.id, user.id));
      }
      if (member.email === E2E_EXPIRED_OWNER.email) {
        for (const project of E2E_PROJECTS) {
          for (const lang of ["en", "ar"] as const) {
            const { id } = await createListing({
              db: database.db,
              // No photos: nothing is stored.
              storage: {} as MediaStorage,
              member: { id: user.id, emailVerified: true },
              input: {
                title: expiredListingTitle(project, lang),
                description: "Walnut, two doors, a mirror inside.",
                price: "2,400,000",
                categoryId: "5",
                location: "damascus",
                details: { type: "wardrobes", condition: "good" },
              },
              images: [],
            });
            await database.db
              .update(listings)
              .set({ status: "expired", expiresAt: sql`now() - interval '1 day'` })
              .where(eq(listings.id, id));
          }
        }
      }
    }
  });
});
