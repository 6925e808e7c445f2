import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { favorites, listings, notificationPreferences, profiles, users } from "~/db/schema";
import type { Member } from "~/domain/accounts/session.server";
import { createListing } from "~/domain/listings/create-listing.server";
import type { ListingFormInput } from "~/domain/listings/listings-schemas";
import { setListingStatus } from "~/domain/listings/set-listing-status.server";
import { updateListing } from "~/domain/listings/update-listing.server";
import { createMailer } from "~/mail/mailer.server";
import { listOutbox, readOutboxMessage } from "~/mail/outbox.server";
import { createLocalStorage } from "~/media/storage.server";
import { createLinkSigner } from "~/utils/signed-link.server";
import { inlineJobs } from "../../../tests/factories/jobs";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { type ListingChange, notifyWatchers, type WatcherQueue } from "./watchers.server";

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

/** Runs the queued changes' jobs with mail sent at once into the outbox. */
async function runJobs() {
  const jobs = inlineJobs(
    createMailer({ DATA_DIR: dataDir, MAIL_FROM: "Souqna <no-reply@souqna.example>" }),
  );
  for (const change of changes) {
    await notifyWatchers({ db, jobs, signer, publicUrl: PUBLIC_URL, change });
  }
  return jobs.keys;
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
  await db.delete(listings);
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
    // Each watcher's mail is keyed by the change: the job run again queues nothing new.
    expect(keys).toHaveLength(2);
    expect(await runJobs()).toEqual(keys);
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
});
