import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { listings, notificationPreferences, profiles, savedSearches, users } from "~/db/schema";
import type { Member } from "~/domain/accounts/session.server";
import { createListing } from "~/domain/listings/create-listing.server";
import type { ListingFormInput } from "~/domain/listings/listings-schemas";
import type { JobSender } from "~/jobs/job-types";
import { createMailer } from "~/mail/mailer.server";
import { listOutbox, readOutboxMessage } from "~/mail/outbox.server";
import { createLocalStorage } from "~/media/storage.server";
import { createLinkSigner } from "~/utils/signed-link.server";
import { inlineJobs } from "../../../tests/factories/jobs";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { saveSearch } from "./save-search.server";
import {
  ALERT_SPACING_MS,
  type AlertQueue,
  alertMatchingSearches,
  queueDailyDigests,
  sendSavedSearchAlert,
} from "./saved-search-alerts.server";
import { setSavedSearchCadence } from "./set-saved-search-cadence.server";

let database: TestDatabase;
let db: Database;
let dataDir: string;
const signer = createLinkSigner("a-session-secret-of-at-least-32-characters!");
const PUBLIC_URL = "https://souqna.example";

const member = (id: string) =>
  ({ id, email: `${id}@example.com`, name: id, emailVerified: true, role: "member" }) as Member;
const SELLER = member("seller");
const HUDA = member("huda");
const KARIM = member("karim");

const kia: ListingFormInput = {
  title: "كيا ريو ٢٠١٢ للبيع",
  description: "سيارة نظيفة، صاحب واحد.",
  price: "4,500,000",
  categoryId: "1",
  location: "aleppo",
  details: {
    make: "kia",
    model: "rio",
    year: "2012",
    kilometers: "90000",
    condition: "used",
  },
};
const sofa: ListingFormInput = {
  title: "Grey sofa",
  description: "Three seats, good shape.",
  price: "1,500,000",
  categoryId: "5",
  location: "damascus",
  details: { type: "sofas", condition: "good" },
};

let matched: string[];
const alerts: AlertQueue = {
  async send(_name, data) {
    matched.push(data.listingId);
  },
};

/** Records what the jobs would queue, and runs mail at once into the outbox. */
function recordingJobs() {
  const sent: {
    name: string;
    data: unknown;
    options?: { key?: string; startAfter?: Date | number };
  }[] = [];
  const mail = inlineJobs(
    createMailer({ DATA_DIR: dataDir, MAIL_FROM: "Souqna <no-reply@souqna.example>" }),
  );
  const jobs: JobSender = {
    async send(name, data, options) {
      sent.push({ name, data, options });
      return mail.send(name, data, options);
    },
    async sendMany(name, many) {
      for (const { data, key, startAfter } of many)
        await jobs.send(name, data, { key, startAfter });
    },
  };
  return { jobs, sent };
}

function inbox(who: string) {
  return listOutbox(dataDir)
    .filter((entry) => entry.to.includes(`${who}@example.com`))
    .map((entry) => ({ ...entry, text: readOutboxMessage(dataDir, entry.id)?.text ?? "" }));
}

async function post(input: ListingFormInput) {
  const { id } = await createListing({
    db,
    storage: createLocalStorage(dataDir),
    member: SELLER,
    input,
    images: [],
    alerts,
  });
  return id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-alerts-"));
  await db.insert(users).values(
    ["seller", "huda", "karim"].map((id) => ({
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
});

beforeEach(async () => {
  matched = [];
  await db.delete(listings);
  await db.delete(savedSearches);
  await db.delete(notificationPreferences);
  fs.rmSync(path.join(dataDir, "mail"), { recursive: true, force: true });
});

afterAll(async () => {
  await database?.destroy();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("saved-search alerts", () => {
  it("tell the member of a new matching listing once, in their language, and at most every 15 minutes", async () => {
    const { id: search } = await saveSearch({
      db,
      member: HUDA,
      query: "q=كيا&category=1&maxPrice=٥٠٠٠٠٠٠",
    });
    await saveSearch({ db, member: KARIM, query: "category=5" });
    const listing = await post(kia);
    expect(matched).toEqual([listing]);

    const { jobs, sent } = recordingJobs();
    expect(await alertMatchingSearches({ db, jobs, listingId: listing })).toBe(1);
    const alert = sent.find((job) => job.name === "saved-search-alert");
    expect(alert?.data).toEqual({ savedSearchId: search });

    expect(
      await sendSavedSearchAlert({
        db,
        jobs,
        signer,
        publicUrl: PUBLIC_URL,
        savedSearchId: search,
      }),
    ).toBe(1);
    // The same job again: claimed, nothing more.
    expect(
      await sendSavedSearchAlert({
        db,
        jobs,
        signer,
        publicUrl: PUBLIC_URL,
        savedSearchId: search,
      }),
    ).toBe(0);
    const [mail] = inbox("huda");
    expect(inbox("huda")).toHaveLength(1);
    expect(mail?.subject).toContain("إعلان جديد");
    expect(mail?.text).toContain("كيا ريو");
    expect(mail?.text).toContain(`${PUBLIC_URL}/listing/${listing}`);
    expect(mail?.text).toContain(`${PUBLIC_URL}/search?`);
    expect(inbox("karim")).toHaveLength(0);

    // Another Kia a moment later: its alert waits for the 15 minutes to pass.
    const second = await post({ ...kia, title: "كيا سيراتو ٢٠١٥" });
    const again = recordingJobs();
    await alertMatchingSearches({ db, jobs: again.jobs, listingId: second });
    const startAfter = again.sent.find((job) => job.name === "saved-search-alert")?.options
      ?.startAfter;
    expect(new Date(startAfter ?? 0).getTime() - Date.now()).toBeGreaterThan(
      ALERT_SPACING_MS - 60_000,
    );
    const later = new Date(Date.now() + ALERT_SPACING_MS + 1000);
    expect(
      await sendSavedSearchAlert({
        db,
        jobs,
        signer,
        publicUrl: PUBLIC_URL,
        savedSearchId: search,
        now: later,
      }),
    ).toBe(1);
    expect(inbox("huda")).toHaveLength(2);
  });

  it("go once a day for a daily search, never for one turned off or a member who said no", async () => {
    const { id: daily } = await saveSearch({ db, member: KARIM, query: "category=5" });
    await setSavedSearchCadence({ db, member: KARIM, id: daily, cadence: "daily" });
    const { id: off } = await saveSearch({ db, member: HUDA, query: "category=5" });
    await setSavedSearchCadence({ db, member: HUDA, id: off, cadence: "off" });
    const listing = await post(sofa);

    const { jobs, sent } = recordingJobs();
    // Not instant: the new listing queues no alert of its own.
    expect(await alertMatchingSearches({ db, jobs, listingId: listing })).toBe(0);
    expect(await queueDailyDigests({ db, jobs })).toBe(1);
    expect(sent.map((job) => job.data)).toEqual([{ savedSearchId: daily }]);
    expect(
      await sendSavedSearchAlert({ db, jobs, signer, publicUrl: PUBLIC_URL, savedSearchId: daily }),
    ).toBe(1);
    expect(
      await sendSavedSearchAlert({ db, jobs, signer, publicUrl: PUBLIC_URL, savedSearchId: off }),
    ).toBe(0);
    expect(inbox("karim").map((m) => m.subject)).toEqual(["1 new listing for your saved search"]);
    expect(inbox("huda")).toHaveLength(0);

    await db.insert(notificationPreferences).values({ userId: "karim", alertsEmail: false });
    await post({ ...sofa, title: "Blue sofa" });
    const tomorrow = new Date(Date.now() + 24 * 3600 * 1000);
    expect(
      await sendSavedSearchAlert({
        db,
        jobs,
        signer,
        publicUrl: PUBLIC_URL,
        savedSearchId: daily,
        now: tomorrow,
      }),
    ).toBe(0);
    expect(inbox("karim")).toHaveLength(1);
  });

  it("never tell the seller of their own listing", async () => {
    await saveSearch({ db, member: SELLER, query: "category=5" });
    const listing = await post(sofa);
    const { jobs } = recordingJobs();
    expect(await alertMatchingSearches({ db, jobs, listingId: listing })).toBe(0);
    const [row] = await db.select().from(listings).where(eq(listings.id, listing));
    expect(row?.status).toBe("active");
  });

  it("e-mail only a confirmed address: an account opened with someone else's cannot flood it", async () => {
    await db
      .insert(users)
      .values({ id: "rami", name: "rami", email: "rami@example.com", emailVerified: false });
    const { id: search } = await saveSearch({ db, member: member("rami"), query: "category=5" });
    const listing = await post(sofa);
    const { jobs } = recordingJobs();
    await alertMatchingSearches({ db, jobs, listingId: listing });
    await sendSavedSearchAlert({ db, jobs, signer, publicUrl: PUBLIC_URL, savedSearchId: search });
    expect(inbox("rami")).toHaveLength(0);
    await db.delete(users).where(eq(users.id, "rami"));
  });
});
