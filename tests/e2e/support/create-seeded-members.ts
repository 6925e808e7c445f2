import { eq, sql } from "drizzle-orm";
import { runMigrations } from "../../../app/db/migrate.server";
import { syncReferenceData } from "../../../app/db/reference-data/sync.server";
import { listingDailyStats, listings, users } from "../../../app/db/schema";
import { seedDemoIfEmpty } from "../../../app/db/seed/seed-demo.server";
import { createAuth } from "../../../app/domain/accounts/auth.server";
import { ensureProfile } from "../../../app/domain/accounts/session.server";
import { createListing } from "../../../app/domain/listings/create-listing.server";
import { addDays, damascusDay } from "../../../app/domain/statistics/stat-days";
import type { Lang } from "../../../app/i18n/config";
import type { MediaStorage } from "../../../app/media/storage.server";
import { runCli, withCliDatabase } from "../../../server/cli/cli-database";
import {
  DEALER_RIO_PRICES,
  dealerListingTitle,
  dealerRioTitle,
  E2E_DEALER,
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
      { ...E2E_DEALER, lang: "en", old: true },
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
      if (member.email === E2E_DEALER.email) {
        await seedDealer(database.db, user.id);
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

/**
 * The dealer's wardrobes (E2E_DEALER), and 30 days of figures for each "bumped" one: a weekly
 * rhythm with a busier Friday, so the charts have a shape to look at.
 */
/**
 * Posted `days` ago: older than the demo's newest listings, so that the home page's latest (which
 * other journeys check for photos) stay the demo's, and the dealer's have no photo.
 */
async function backdate(db: Parameters<typeof createListing>[0]["db"], id: string, days: number) {
  await db
    .update(listings)
    .set({ createdAt: sql`now() - make_interval(days => ${days})` })
    .where(eq(listings.id, id));
}

const DEALER_WORDS = [
  "Solid oak, three doors and a mirror inside. Delivery anywhere in Damascus.",
  "Light pine with two drawers underneath, bought last spring, never moved.",
  "Walnut veneer wardrobe from a Hama workshop, four shelves and a hanging rail.",
  "White lacquered doors with brass handles; the hinges were replaced in May.",
  "Beech frame, sliding doors, fits a small bedroom; collect it from Mezzeh.",
  "Dark cedar smell still inside, carved top, made by hand in Aleppo in 2010.",
  "Modern grey wardrobe with soft-close drawers, assembled once, like new.",
  "Old family piece in mahogany, heavy, needs two people to carry the parts.",
];
let seeded = 0;

const RIO_WORDS = [
  "First owner, serviced at the agency, new tyres this summer.",
  "Automatic, silver, the air conditioning was recharged last month.",
  "Manual gearbox, economical in town, small scratch on the rear bumper.",
  "Family car, non-smoker, papers ready for transfer at once.",
  "Red, sunroof, the battery and brake pads were changed in October.",
  "Grey, alloy wheels, parked in a garage, inspection valid until next year.",
];

async function seedDealer(db: Parameters<typeof createListing>[0]["db"], userId: string) {
  const today = damascusDay(new Date());
  for (const [index, price] of DEALER_RIO_PRICES.entries()) {
    const { id } = await createListing({
      db,
      storage: { delete: async () => {} } as unknown as MediaStorage,
      member: { id: userId, emailVerified: true },
      input: {
        title: dealerRioTitle(index),
        description: RIO_WORDS[index] ?? "",
        price: String(price),
        categoryId: "1",
        location: "damascus",
        details: {
          make: "kia",
          model: "rio",
          year: "2015",
          kilometers: String(80_000 + index * 3_000),
          condition: "used",
        },
      },
      images: [],
    });
    await backdate(db, id, 20 + index);
  }
  for (const project of E2E_PROJECTS) {
    for (const lang of ["en", "ar"] as const) {
      for (const which of ["bumped", "control"] as const) {
        const { id } = await createListing({
          db,
          storage: { delete: async () => {} } as unknown as MediaStorage,
          member: { id: userId, emailVerified: true },
          input: {
            title: dealerListingTitle(project, lang, which),
            // Each its own words: the screening refuses a member's near-copy of their own listing.
            description: DEALER_WORDS[seeded++ % DEALER_WORDS.length] ?? "",
            price: which === "bumped" ? "3,100,000" : "2,900,000",
            categoryId: "5",
            location: "damascus",
            details: { type: "wardrobes", condition: "good" },
          },
          images: [],
        });
        await backdate(db, id, which === "bumped" ? 30 : 25);
        if (which !== "bumped") continue;
        await db.insert(listingDailyStats).values(
          Array.from({ length: 30 }, (_, back) => {
            const weekday = back % 7;
            const views = 4 + ((back * 7) % 9) + (weekday === 2 ? 12 : 0);
            return {
              listingId: id,
              sellerId: userId,
              day: addDays(today, -back - 1),
              views,
              impressions: views * 9,
              favorites: back % 4 === 0 ? 1 : 0,
              phoneReveals: back % 3 === 0 ? 2 : 0,
              whatsappTaps: back % 2 === 0 ? 1 : 0,
              conversations: back % 5 === 0 ? 1 : 0,
            };
          }),
        );
      }
    }
  }
}
