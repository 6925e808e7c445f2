import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import {
  favorites,
  listings,
  notificationPreferences,
  profiles,
  rateLimits,
  users,
} from "~/db/schema";
import type { Member } from "~/domain/accounts/session.server";
import { createListing } from "~/domain/listings/create-listing.server";
import type { ListingFormInput } from "~/domain/listings/listings-schemas";
import { setListingStatus } from "~/domain/listings/set-listing-status.server";
import { updateListing } from "~/domain/listings/update-listing.server";
import type { ListingChange } from "~/jobs/job-types";
import { createMailer } from "~/mail/mailer.server";
import { listOutbox, readOutboxMessage } from "~/mail/outbox.server";
import { createLocalStorage } from "~/media/storage.server";
import { createLinkSigner } from "~/utils/signed-link.server";
import { inlineJobs } from "../../../tests/factories/jobs";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { notifyWatchers, type WatcherQueue } from "./watchers.server";

let database: TestDatabase;
let db: Database;
let dataDir: string;
const signer = createLinkSigner("a-session-secret-of-at-least-32-characters!");
const PUBLIC_URL = "https://souqna.example";

const member = (id: string) =>
  ({ id, email: `${id}@example.com`, name: id, emailVerified: true, role: "member" }) as Member;
const OWNER = member("owner");

const car: ListingFormInput = {
  title: "Grey sofa",
  description: "Three seats, good shape.",
  price: "5,000,000",
  categoryId: "5",
  location: "aleppo",
  details: { type: "sofas", condition: "good" },
};

let changes: ListingChange[];
const watchers: WatcherQueue = {
  async send(_name, data) {
    changes.push(data);
  },
};

/** notify-watchers jobs a job sent for later (a sale told when the day is over). */
let later: { change: ListingChange; startAfter: Date }[];

/** Runs the queued changes' jobs with mail sent at once into the outbox. */
async function runJobs() {
  const inline = inlineJobs(
    createMailer({ DATA_DIR: dataDir, MAIL_FROM: "Souqna <no-reply@souqna.example>" }),
  );
  const jobs: typeof inline = {
    ...inline,
    async send(name, data, options) {
      if (name === "notify-watchers" && options?.startAfter) {
        later.push({ change: data as ListingChange, startAfter: new Date(options.startAfter) });
      }
      return inline.send(name, data, options);
    },
  };
  for (const change of changes.splice(0)) {
    await notifyWatchers({ db, jobs, signer, publicUrl: PUBLIC_URL, change });
  }
  return inline.keys.filter((key) => key?.startsWith("favorite-changed:"));
}

/** As if the notices told so far were told a day ago. */
function aDayLater() {
  return db.execute(
    sql`update watcher_notices set notified_at = notified_at - interval '1 day',
          sold_notified_at = sold_notified_at - interval '1 day'`,
  );
}

function inbox(who: string) {
  return listOutbox(dataDir)
    .filter((entry) => entry.to.includes(`${who}@example.com`))
    .map((entry) => ({ ...entry, text: readOutboxMessage(dataDir, entry.id)?.text ?? "" }));
}

async function listingSavedByAll() {
  const { id } = await createListing({
    db,
    storage: createLocalStorage(dataDir),
    member: OWNER,
    input: car,
    images: [],
  });
  await db
    .insert(favorites)
    .values(
      ["owner", "huda", "karim", "sami", "nour"].map((userId) => ({ userId, listingId: id })),
    );
  return id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-watchers-"));
  await db.insert(users).values(
    ["owner", "huda", "karim", "sami", "nour"].map((id) => ({
      id,
      name: id,
      email: `${id}@example.com`,
      emailVerified: true,
    })),
  );
  await db.insert(profiles).values([
    { id: "huda", fullName: "هدى", preferredLanguage: "ar" },
    { id: "karim", fullName: "Karim", preferredLanguage: "en" },
  ]);
  // Sami is suspended; Nour turned favourites' e-mails off.
  await db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, "sami"));
  await db.insert(notificationPreferences).values({ userId: "nour", favoritesEmail: false });
});

beforeEach(async () => {
  changes = [];
  later = [];
  await db.delete(listings);
  // Every test edits a lot; the change rate has its own tests (listings.test.ts).
  await db.delete(rateLimits);
  fs.rmSync(path.join(dataDir, "mail"), { recursive: true, force: true });
});

afterAll(async () => {
  await database?.destroy();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("watchers of a listing", () => {
  it("hear of a price drop, old and new, in their language; never the owner, a suspended member or one who said no", async () => {
    const id = await listingSavedByAll();
    const edit = (price: string) =>
      updateListing({
        db,
        storage: createLocalStorage(dataDir),
        member: OWNER,
        listingId: id,
        input: { ...car, price },
        newImages: [],
        removedImageIds: [],
        watchers,
      });
    await edit("5,500,000");
    expect(changes).toHaveLength(0);
    await edit("٤٬٥٠٠٬٠٠٠");
    expect(changes).toEqual([
      {
        listingId: id,
        kind: "price-drop",
        oldPrice: 5_500_000,
        newPrice: 4_500_000,
        at: expect.any(String),
      },
    ]);

    const keys = await runJobs();
    expect(inbox("owner")).toHaveLength(0);
    expect(inbox("sami")).toHaveLength(0);
    expect(inbox("nour")).toHaveLength(0);
    const [karim] = inbox("karim");
    expect(karim?.subject).toBe("A listing in your favourites is cheaper now");
    expect(karim?.text).toContain("“\u2068Grey sofa\u2069”");
    expect(karim?.text).toContain("SYP 4,500,000");
    expect(karim?.text).toContain("SYP 5,500,000");
    expect(karim?.text).toContain(`${PUBLIC_URL}/listing/${id}`);
    const [huda] = inbox("huda");
    expect(huda?.subject).toBe("انخفض سعر إعلان في مفضلتك");
    expect(huda?.text).toContain("٤٬٥٠٠٬٠٠٠");
    // Each watcher's notice is claimed by the job: run again, it queues nothing.
    expect(keys).toHaveLength(2);
    expect(await runJobs()).toEqual([]);
  });

  it("hear once that it was sold", async () => {
    const id = await listingSavedByAll();
    await setListingStatus({
      db,
      member: OWNER,
      listingId: id,
      status: "sold",
      ttlDays: 60,
      watchers,
    });
    await setListingStatus({
      db,
      member: OWNER,
      listingId: id,
      status: "sold",
      ttlDays: 60,
      watchers,
    });
    expect(changes.map((c) => c.kind)).toEqual(["sold"]);
    await runJobs();
    expect(inbox("karim").map((m) => m.subject)).toEqual(["A listing in your favourites was sold"]);
    expect(inbox("huda")).toHaveLength(1);
    expect(inbox("owner")).toHaveLength(0);
  });

  it("hear that a reserved listing is available again (issue 31), once a day, in their language", async () => {
    const id = await listingSavedByAll();
    const set = (status: "reserved" | "active" | "sold") =>
      setListingStatus({ db, member: OWNER, listingId: id, status, ttlDays: 60, watchers });
    // Reserving tells nobody; available again does; available while not reserved does not.
    await set("active");
    await set("reserved");
    expect(changes).toEqual([]);
    await set("active");
    expect(changes.map((c) => c.kind)).toEqual(["available"]);
    await runJobs();
    expect(inbox("karim").map((m) => m.subject)).toEqual([
      "A listing in your favourites is available again",
    ]);
    expect(inbox("huda").map((m) => m.subject)).toEqual(["إعلان في مفضلتك متاح من جديد"]);
    expect(inbox("owner")).toHaveLength(0);
    expect(inbox("sami")).toHaveLength(0);
    // Reserved and released again the same day: one notice a day.
    await set("reserved");
    await set("active");
    await runJobs();
    expect(inbox("karim")).toHaveLength(1);
    // Reserved again before the job runs: it is not available, nobody is told.
    await aDayLater();
    await set("reserved");
    await set("active");
    await set("reserved");
    await runJobs();
    expect(inbox("karim")).toHaveLength(1);
    // Sold from reserved: the sale is told, and the reservation is over.
    await set("sold");
    await runJobs();
    expect(inbox("karim").map((m) => m.subject)).toContain("A listing in your favourites was sold");
    const [row] = await db
      .select({ reservedAt: listings.reservedAt })
      .from(listings)
      .where(eq(listings.id, id));
    expect(row?.reservedAt).toBeNull();
  });

  it("are not told when another member tries to change the listing", async () => {
    const id = await listingSavedByAll();
    await expect(
      setListingStatus({
        db,
        member: member("karim"),
        listingId: id,
        status: "sold",
        ttlDays: 60,
        watchers,
      }),
    ).rejects.toMatchObject({ code: "NOT_OWNER" });
    expect(changes).toHaveLength(0);
  });
  it("hear of a price toggled up and down once: a drop a day, and only below the lowest told", async () => {
    const id = await listingSavedByAll();
    const edit = async (price: string) => {
      await updateListing({
        db,
        storage: createLocalStorage(dataDir),
        member: OWNER,
        listingId: id,
        input: { ...car, price },
        newImages: [],
        removedImageIds: [],
        watchers,
      });
      // Each change's job runs before the next change, as on a quiet server.
      await runJobs();
    };
    // The review's scenario: 750,000 → 700,000 → 750,000, fifteen times.
    await db.update(listings).set({ price: 750_000 }).where(eq(listings.id, id));
    for (let n = 0; n < 15; n++) {
      await edit("700,000");
      await edit("750,000");
    }
    expect(inbox("karim")).toHaveLength(1);
    expect(inbox("huda")).toHaveLength(1);
    expect(inbox("karim")[0]?.text).toContain("SYP 700,000");

    // A day later: back to 700,000 is no news to them; 650,000 is.
    await aDayLater();
    await edit("700,000");
    expect(inbox("karim")).toHaveLength(1);
    await edit("650,000");
    expect(inbox("karim")).toHaveLength(2);
    expect(
      inbox("karim").filter((m) => m.text.includes("now costs \u2068SYP 650,000")),
    ).toHaveLength(1);
    // …and the same day, 600,000 waits for a later drop.
    await edit("600,000");
    expect(inbox("karim")).toHaveLength(2);
  });

  it("are not told of a drop that was undone before the job ran", async () => {
    const id = await listingSavedByAll();
    for (const price of ["4,000,000", "5,000,000"]) {
      await updateListing({
        db,
        storage: createLocalStorage(dataDir),
        member: OWNER,
        listingId: id,
        input: { ...car, price },
        newImages: [],
        removedImageIds: [],
        watchers,
      });
    }
    expect(changes).toHaveLength(1);
    expect(await runJobs()).toEqual([]);
  });

  it("hear of a sale once per listing, however often it is sold again", async () => {
    const id = await listingSavedByAll();
    const mark = async (status: "sold" | "active") => {
      await setListingStatus({ db, member: OWNER, listingId: id, status, ttlDays: 60, watchers });
      await runJobs();
    };
    for (let n = 0; n < 5; n++) {
      await mark("sold");
      await mark("active");
      await aDayLater();
    }
    expect(inbox("karim").map((m) => m.subject)).toEqual(["A listing in your favourites was sold"]);
    expect(inbox("huda")).toHaveLength(1);
  });

  it("hear of a sale within a day of a price drop when that day is over, if it is still sold", async () => {
    const id = await listingSavedByAll();
    await updateListing({
      db,
      storage: createLocalStorage(dataDir),
      member: OWNER,
      listingId: id,
      input: { ...car, price: "4,000,000" },
      newImages: [],
      removedImageIds: [],
      watchers,
    });
    await runJobs();
    await setListingStatus({
      db,
      member: OWNER,
      listingId: id,
      status: "sold",
      ttlDays: 60,
      watchers,
    });
    await runJobs();
    expect(inbox("karim").map((m) => m.subject)).toEqual([
      "A listing in your favourites is cheaper now",
    ]);
    // The sale's job is sent again for when the day since the drop is over.
    expect(later).toHaveLength(1);
    const wait = (later[0]?.startAfter.getTime() ?? 0) - Date.now();
    expect(wait).toBeGreaterThan(23 * 60 * 60 * 1000);
    expect(wait).toBeLessThanOrEqual(24 * 60 * 60 * 1000);

    await aDayLater();
    changes.push(...later.splice(0).map((job) => job.change));
    await runJobs();
    expect(
      inbox("karim")
        .map((m) => m.subject)
        .sort(),
    ).toEqual([
      "A listing in your favourites is cheaper now",
      "A listing in your favourites was sold",
    ]);
    expect(later).toHaveLength(0);
  });

  it("are e-mailed only at a confirmed address", async () => {
    await db
      .insert(users)
      .values({ id: "rami", name: "rami", email: "rami@example.com", emailVerified: false });
    const id = await listingSavedByAll();
    await db.insert(favorites).values({ userId: "rami", listingId: id });
    await setListingStatus({
      db,
      member: OWNER,
      listingId: id,
      status: "sold",
      ttlDays: 60,
      watchers,
    });
    await runJobs();
    expect(inbox("karim")).toHaveLength(1);
    expect(inbox("rami")).toHaveLength(0);
    await db.delete(users).where(eq(users.id, "rami"));
  });
});
