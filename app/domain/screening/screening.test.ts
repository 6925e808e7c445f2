import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import {
  listingScreenings,
  listings,
  moderationActions,
  profiles,
  screeningWords,
  users,
} from "~/db/schema";
import type { Member } from "~/domain/accounts/session.server";
import { createListing } from "~/domain/listings/create-listing.server";
import { getListingForView } from "~/domain/listings/get-listing.server";
import type { ListingFormInput } from "~/domain/listings/listings-schemas";
import { updateListing } from "~/domain/listings/update-listing.server";
import { normalizeText } from "~/domain/search/normalize";
import type { JobSender } from "~/jobs/job-types";
import { createMailer } from "~/mail/mailer.server";
import { listOutbox, readOutboxMessage } from "~/mail/outbox.server";
import { createLocalStorage, type MediaDriver } from "~/media/storage.server";
import { inlineJobs } from "../../../tests/factories/jobs";
import { generatedPhoto } from "../../../tests/factories/photos";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import {
  approveHeldListing,
  listHeldListings,
  rejectHeldListing,
  reviewTimes,
} from "./review-queue.server";
import { SCREENING_WORDS_LIMIT } from "./screening-word-schema";
import {
  addScreeningWord,
  listScreeningWords,
  removeScreeningWord,
} from "./screening-words.server";

/*
 * Issue 30: the screening before publish, wired into posting and editing — a repeat of one's own
 * ad refused, a risky listing held "Under review" (and copied photos always), the review queue's
 * approve and reject with the owner's view and notice, and the moderators' word list.
 */
let database: TestDatabase;
let db: Database;
let dataDir: string;
let storage: MediaDriver;
let seq = 0;

const PUBLIC_URL = "http://localhost:3000";

function aMember(id: string, role: Member["role"] = "member"): Member {
  return {
    id,
    email: `${id}@example.com`,
    name: id,
    emailVerified: true,
    role,
    avatarUrl: null,
    createdAt: new Date(),
  };
}

const MOD = aMember("mod", "moderator");

/** A furniture ad (not a risky category), its words its own. */
function table(extra: Partial<ListingFormInput> = {}): ListingFormInput {
  seq += 1;
  return {
    title: `Oak dining table ${"abcdefghijklmnopqrstuvwxyz"[seq % 26]}${seq}`,
    description: `Solid oak, six chairs, lot ${seq}-${Math.random().toString(36).slice(2, 10)}.`,
    price: "2,000,000",
    categoryId: "5",
    location: "damascus",
    details: { type: "tables", condition: "good" },
    ...extra,
  };
}

async function newMember(name: string, lang: "en" | "ar" = "en") {
  seq += 1;
  const member = aMember(`${name}-${seq}`);
  await db.insert(users).values({
    id: member.id,
    name: member.name,
    email: member.email,
    emailVerified: true,
    // Not a new account: the new-account rule stays out of these tests unless asked for.
    createdAt: new Date(Date.now() - 30 * 86_400_000),
  });
  await db.insert(profiles).values({ id: member.id, preferredLanguage: lang });
  return member;
}

function mail() {
  return inlineJobs(
    createMailer({ DATA_DIR: dataDir, MAIL_FROM: "Souqna <no-reply@souqna.example>" }),
    { PUBLIC_URL, SUPPORT_EMAIL: "support@example.com" },
  );
}

function inbox(member: Member) {
  return listOutbox(dataDir)
    .filter((entry) => entry.to.includes(member.email))
    .map((entry) => ({ ...entry, text: readOutboxMessage(dataDir, entry.id)?.text ?? "" }));
}

async function statusOf(id: string) {
  const [row] = await db
    .select({ status: listings.status, removalReason: listings.removalReason })
    .from(listings)
    .where(eq(listings.id, id));
  return row;
}

async function screeningOf(id: string) {
  const [row] = await db
    .select()
    .from(listingScreenings)
    .where(eq(listingScreenings.listingId, id));
  return row;
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-screening-"));
  storage = createLocalStorage(dataDir);
  await db.insert(users).values({
    id: MOD.id,
    name: "Mod",
    email: MOD.email,
    emailVerified: true,
    role: "moderator",
  });
});

afterAll(async () => {
  await database?.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("a repeat of one's own ad", () => {
  it("is refused with a link to the listing it repeats, and nothing is saved", async () => {
    const seller = await newMember("repeat");
    const input = table();
    const first = await createListing({ db, storage, member: seller, input, images: [] });
    const before = await db.select().from(listings).where(eq(listings.userId, seller.id));
    await expect(
      createListing({ db, storage, member: seller, input: { ...input }, images: [] }),
    ).rejects.toMatchObject({
      code: "LISTING_REPEATS_YOURS",
      params: { listingId: first.id, link: `/listing/${first.id}` },
    });
    expect(await db.select().from(listings).where(eq(listings.userId, seller.id))).toHaveLength(
      before.length,
    );
    // Another member posting the same words is not refused (that is not their own ad).
    const other = await newMember("other");
    await expect(
      createListing({ db, storage, member: other, input: { ...input }, images: [] }),
    ).resolves.toMatchObject({ held: false });
  });

  it("makes one listing of ten copies sent at once, refusing the other nine", async () => {
    const seller = await newMember("flood");
    const input = table();
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        createListing({ db, storage, member: seller, input: { ...input }, images: [] }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.flatMap((r) => (r.status === "rejected" ? [r.reason.code] : []))).toEqual(
      Array(9).fill("LISTING_REPEATS_YOURS"),
    );
    expect(await db.select().from(listings).where(eq(listings.userId, seller.id))).toHaveLength(1);
  });

  it("refuses an edit that makes a listing repeat another of the member's listings", async () => {
    const seller = await newMember("editor");
    const a = table();
    await createListing({ db, storage, member: seller, input: a, images: [] });
    const b = await createListing({ db, storage, member: seller, input: table(), images: [] });
    await expect(
      updateListing({
        db,
        storage,
        member: seller,
        listingId: b.id,
        input: a,
        newImages: [],
        removedImageIds: [],
      }),
    ).rejects.toMatchObject({ code: "LISTING_REPEATS_YOURS" });
    // Saving a listing with its own words is not a repeat of itself.
    await expect(
      updateListing({
        db,
        storage,
        member: seller,
        listingId: b.id,
        input: table(),
        newImages: [],
        removedImageIds: [],
      }),
    ).resolves.toMatchObject({ held: false });
  });
});

describe("screening at publish", () => {
  it("publishes a listing with one weak sign at once, keeping the reason for moderators", async () => {
    const seller = await newMember("weak");
    const { id, held } = await createListing({
      db,
      storage,
      member: seller,
      input: table({ description: "Photos and more at www.example-furniture.com, see it there." }),
      images: [],
    });
    expect(held).toBe(false);
    expect(await statusOf(id)).toEqual({ status: "active", removalReason: null });
    expect(await screeningOf(id)).toMatchObject({ score: 25, heldAt: null });
  });

  it("holds a listing with a phone number (Arabic-Indic digits) and a wa.me link, visible only to its owner", async () => {
    const seller = await newMember("contact", "ar");
    const jobs = mail();
    const { id, held } = await createListing({
      db,
      storage,
      member: seller,
      input: table({
        title: "طاولة سفرة خشب سنديان",
        description: "للتواصل واتساب ٠٩٤٤١٢٣٤٥٦ أو wa.me/963944123456",
      }),
      images: [],
      alerts: jobs,
    });
    expect(held).toBe(true);
    expect(await statusOf(id)).toEqual({ status: "removed", removalReason: "held:screening" });
    const screening = await screeningOf(id);
    expect(screening?.score).toBeGreaterThanOrEqual(60);
    expect(((screening?.reasons ?? []) as { rule: string }[]).map((r) => r.rule)).toEqual(
      expect.arrayContaining(["contact-app", "contact-phone"]),
    );
    // Not matched against saved searches until a moderator approves it.
    expect(jobs.keys).not.toContain(id);
    // Its owner sees it; another member and a visitor do not.
    expect(await getListingForView({ db, listingId: id, viewer: seller })).not.toBeNull();
    const other = await newMember("stranger");
    expect(await getListingForView({ db, listingId: id, viewer: other })).toBeNull();
    expect(await getListingForView({ db, listingId: id, viewer: null })).toBeNull();
    // The system's hold is in the audit log.
    const [log] = await db
      .select()
      .from(moderationActions)
      .where(eq(moderationActions.listingId, id));
    expect(log).toMatchObject({ action: "hold_listing", moderatorId: null });
  });

  it("holds copied photos of another member's listing whatever the threshold, and names that listing", async () => {
    const owner = await newMember("photographer");
    const copier = await newMember("copier");
    const photo = await generatedPhoto(7);
    const original = await createListing({
      db,
      storage,
      member: owner,
      input: table(),
      images: [new Uint8Array(photo)],
    });
    // The copy: resized to half and recompressed, as a scammer saving it from the page would.
    const sharp = (await import("sharp")).default;
    const copy = await sharp(photo).resize({ width: 400 }).jpeg({ quality: 60 }).toBuffer();
    const { id, held } = await createListing({
      db,
      storage,
      member: copier,
      input: table(),
      images: [new Uint8Array(copy)],
      holdScore: 101,
    });
    expect(held).toBe(true);
    expect(await screeningOf(id)).toMatchObject({ matchedListingId: original.id });
    // The review queue puts it first and shows the original beside it.
    const queue = await listHeldListings({ db, actor: MOD });
    expect(queue[0]).toMatchObject({ id, matched: { id: original.id, owner: { id: owner.id } } });
    // Its own photo again, by its own owner, is their repeat, not a theft.
    await expect(
      createListing({ db, storage, member: owner, input: table(), images: [new Uint8Array(copy)] }),
    ).rejects.toMatchObject({ code: "LISTING_REPEATS_YOURS", params: { by: "photo" } });
  });

  it("holds an edit that adds contact details to a live listing, and tells no watcher of its price", async () => {
    const seller = await newMember("later");
    const { id } = await createListing({ db, storage, member: seller, input: table(), images: [] });
    const { held } = await updateListing({
      db,
      storage,
      member: seller,
      listingId: id,
      input: table({
        price: "1,000,000",
        description: "Call me on 0944 123 456 or write to me at seller@example.com",
      }),
      newImages: [],
      removedImageIds: [],
    });
    expect(held).toBe(true);
    expect(await statusOf(id)).toEqual({ status: "removed", removalReason: "held:screening" });
  });

  it("finds the moderators' listed words in either language, normalised like search", async () => {
    await db.insert(screeningWords).values([
      { phrase: "حوالة", normalized: normalizeText("حوالة") },
      { phrase: "Cash mobile", normalized: normalizeText("Cash mobile") },
    ]);
    const seller = await newMember("words");
    const arabic = await createListing({
      db,
      storage,
      member: seller,
      input: table({ description: "الدفع بالحواله قبل الاستلام" }),
      images: [],
    });
    expect((await screeningOf(arabic.id))?.reasons).toEqual([
      { rule: "listed-words", evidence: "حواله" },
    ]);
    const english = await createListing({
      db,
      storage,
      member: seller,
      input: table({ description: "Pay by CASH MOBILE to hold it" }),
      images: [],
    });
    expect((await screeningOf(english.id))?.reasons).toEqual([
      { rule: "listed-words", evidence: "cash mobile" },
    ]);
    // A word inside another is not the word.
    const clean = await createListing({
      db,
      storage,
      member: seller,
      input: table({ description: "Cashmere cover, mobile legs" }),
      images: [],
    });
    expect(await screeningOf(clean.id)).toBeUndefined();
    await db.delete(screeningWords);
  });
});

describe("the review queue", () => {
  async function heldBy(seller: Member) {
    const { id } = await createListing({
      db,
      storage,
      member: seller,
      input: table({ description: "WhatsApp 0944 555 666, details at t.me/oak_tables" }),
      images: [],
    });
    expect(await statusOf(id)).toMatchObject({ removalReason: "held:screening" });
    return id;
  }

  it("is for moderators only: a member, the owner and a visitor get NOT_FOUND and nothing changes", async () => {
    const seller = await newMember("queue-owner");
    const id = await heldBy(seller);
    const other = await newMember("queue-other");
    for (const actor of [seller, other, null, { ...other, role: "moderator" as const }]) {
      await expect(listHeldListings({ db, actor })).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(
        approveHeldListing({ db, actor, listingId: id, reason: "fine", publicUrl: PUBLIC_URL }),
      ).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(
        rejectHeldListing({ db, actor, listingId: id, reason: "no", publicUrl: PUBLIC_URL }),
      ).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
    expect(await statusOf(id)).toMatchObject({
      status: "removed",
      removalReason: "held:screening",
    });
  });

  it("approves: published, matched against saved searches, the owner told in their language, logged", async () => {
    const seller = await newMember("approved", "ar");
    const id = await heldBy(seller);
    const jobs = mail();
    await expect(
      approveHeldListing({
        db,
        actor: MOD,
        listingId: id,
        reason: "",
        jobs,
        publicUrl: PUBLIC_URL,
      }),
    ).rejects.toMatchObject({ code: "MODERATION_REASON_REQUIRED" });
    await approveHeldListing({
      db,
      actor: MOD,
      listingId: id,
      reason: "Shop's own number, known dealer",
      jobs,
      publicUrl: PUBLIC_URL,
    });
    expect(await statusOf(id)).toEqual({ status: "active", removalReason: null });
    expect(jobs.keys).toContain(id);
    const [notice] = inbox(seller);
    expect(notice?.subject).toBe("نُشر إعلانك على سوقنا");
    expect(notice?.text).toContain(`${PUBLIC_URL}/listing/${id}`);
    expect(await screeningOf(id)).toMatchObject({ decision: "approved", decidedBy: MOD.id });
    const actions = await db
      .select({ action: moderationActions.action, details: moderationActions.details })
      .from(moderationActions)
      .where(eq(moderationActions.listingId, id));
    expect(actions.map((a) => a.action)).toEqual(["hold_listing", "approve_listing"]);
    // Decided once: a second moderator's click finds nothing waiting.
    await expect(
      approveHeldListing({ db, actor: MOD, listingId: id, reason: "again", publicUrl: PUBLIC_URL }),
    ).rejects.toMatchObject({ code: "LISTING_NOT_UNDER_REVIEW" });
    expect((await listHeldListings({ db, actor: MOD })).map((item) => item.id)).not.toContain(id);
  });

  it("rejects with a reason the owner reads; the owner edits and resubmits, and it waits again", async () => {
    const seller = await newMember("rejected");
    const id = await heldBy(seller);
    const jobs = mail();
    await rejectHeldListing({
      db,
      actor: MOD,
      listingId: id,
      reason: "Remove the phone number: buyers contact you through Souqna.",
      jobs,
      publicUrl: PUBLIC_URL,
    });
    expect(await statusOf(id)).toEqual({
      status: "removed",
      removalReason: "Remove the phone number: buyers contact you through Souqna.",
    });
    const [notice] = inbox(seller);
    expect(notice?.subject).toBe("Your listing on Souqna was not published");
    expect(notice?.text).toContain("Remove the phone number");
    expect(notice?.text).toContain(`${PUBLIC_URL}/edit-listing/${id}`);
    // Still hidden from everyone else.
    expect(await getListingForView({ db, listingId: id, viewer: null })).toBeNull();
    // Another member cannot edit it; its owner can, and it goes back to the queue.
    const other = await newMember("meddler");
    await expect(
      updateListing({
        db,
        storage,
        member: other,
        listingId: id,
        input: table(),
        newImages: [],
        removedImageIds: [],
      }),
    ).rejects.toMatchObject({ code: "NOT_OWNER" });
    const { held } = await updateListing({
      db,
      storage,
      member: seller,
      listingId: id,
      input: table(),
      newImages: [],
      removedImageIds: [],
    });
    expect(held).toBe(true);
    expect(await statusOf(id)).toEqual({ status: "removed", removalReason: "held:screening" });
    expect(await screeningOf(id)).toMatchObject({ decision: null, decidedAt: null });
    const queued = (await listHeldListings({ db, actor: MOD })).find((item) => item.id === id);
    expect(queued?.reasons.map((r) => r.rule)).toEqual(["resubmitted"]);
    // While it waits, its owner cannot change it under the moderator's eyes.
    await expect(
      updateListing({
        db,
        storage,
        member: seller,
        listingId: id,
        input: table(),
        newImages: [],
        removedImageIds: [],
      }),
    ).rejects.toMatchObject({ code: "LISTING_HELD" });
  });

  it("tells a phone-only owner by SMS, in their language", async () => {
    seq += 1;
    const id = `phone-only-${seq}`;
    const seller = { ...aMember(id), email: `${id}@phone.invalid` };
    await db.insert(users).values({
      id,
      name: "Samer",
      email: seller.email,
      emailVerified: false,
      createdAt: new Date(Date.now() - 30 * 86_400_000),
    });
    await db.insert(profiles).values({
      id,
      preferredLanguage: "ar",
      phoneNumber: "+963944000111",
      phoneVerifiedAt: new Date(),
    });
    const listingId = await heldBy(seller);
    const sent: { name: string; data: unknown }[] = [];
    const jobs: JobSender = {
      async send(name, data) {
        sent.push({ name, data });
        return { id: crypto.randomUUID(), created: true };
      },
      async sendMany() {},
    };
    await rejectHeldListing({
      db,
      actor: MOD,
      listingId,
      reason: "رقم الهاتف في الوصف",
      jobs,
      publicUrl: PUBLIC_URL,
    });
    expect(sent).toEqual([
      {
        name: "send-sms",
        data: expect.objectContaining({
          to: "+963944000111",
          lang: "ar",
          purpose: "listing-reviewed",
          text: expect.stringContaining(`${PUBLIC_URL}/edit-listing/${listingId}`),
        }),
      },
    ]);
  });

  it("keeps its clock: the median and 95th percentile from posting to decision", async () => {
    const seller = await newMember("clock");
    const waited = [60, 120, 3600];
    for (const seconds of waited) {
      const id = await heldBy(seller);
      await db
        .update(listingScreenings)
        .set({ heldAt: new Date(Date.now() - seconds * 1000) })
        .where(eq(listingScreenings.listingId, id));
      await approveHeldListing({
        db,
        actor: MOD,
        listingId: id,
        reason: "ok",
        publicUrl: PUBLIC_URL,
      });
    }
    const times = await reviewTimes(db);
    expect(times.decided).toBeGreaterThanOrEqual(3);
    expect(times.median).not.toBeNull();
    expect(times.p95).toBeGreaterThan(times.median ?? 0);
  });
});

describe("the moderators' screening words", () => {
  it("are for moderators only: a member and a visitor get NOT_FOUND", async () => {
    const member = await newMember("wordsmith");
    for (const actor of [member, null, { ...member, role: "moderator" as const }]) {
      await expect(listScreeningWords({ db, actor })).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(addScreeningWord({ db, actor, phrase: "عربون" })).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
      await expect(removeScreeningWord({ db, actor, id: "1" })).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
    }
    expect(await db.select().from(screeningWords)).toEqual([]);
  });

  it("keep a phrase as typed, refuse its other spellings, empty, huge and unknown input, and log each change", async () => {
    const added = await addScreeningWord({ db, actor: MOD, phrase: "  حوالة   مسبقة " });
    expect(added.phrase).toBe("حوالة مسبقة");
    for (const [phrase, code] of [
      ["حواله مسبقه", "SCREENING_WORD_EXISTS"],
      ["حوالَة مسبقة", "SCREENING_WORD_EXISTS"],
      ["", "SCREENING_WORD_REQUIRED"],
      ["   ", "SCREENING_WORD_REQUIRED"],
      ["!!! ؟؟", "SCREENING_WORD_REQUIRED"],
      [12, "SCREENING_WORD_REQUIRED"],
      ["x".repeat(61), "SCREENING_WORD_TOO_LONG"],
    ] as const) {
      await expect(addScreeningWord({ db, actor: MOD, phrase })).rejects.toMatchObject({ code });
    }
    // Hostile text is only a phrase: stored as typed, matched as words.
    const html = await addScreeningWord({ db, actor: MOD, phrase: "<b>send ٥٠٠$</b>" });
    expect((await listScreeningWords({ db, actor: MOD })).map((w) => w.phrase)).toEqual([
      "<b>send ٥٠٠$</b>",
      "حوالة مسبقة",
    ]);
    for (const id of ["999999", "1; drop table listings", "../1", "-1"]) {
      await expect(removeScreeningWord({ db, actor: MOD, id })).rejects.toMatchObject({
        code: "SCREENING_WORD_NOT_FOUND",
      });
    }
    await removeScreeningWord({ db, actor: MOD, id: String(html.id) });
    await removeScreeningWord({ db, actor: MOD, id: String(added.id) });
    expect(await listScreeningWords({ db, actor: MOD })).toEqual([]);
    const log = await db
      .select({ action: moderationActions.action, reason: moderationActions.reason })
      .from(moderationActions)
      .where(eq(moderationActions.moderatorId, MOD.id))
      .orderBy(moderationActions.createdAt);
    expect(log.filter((entry) => entry.action.endsWith("screening_word"))).toEqual([
      { action: "add_screening_word", reason: "حوالة مسبقة" },
      { action: "add_screening_word", reason: "<b>send ٥٠٠$</b>" },
      { action: "remove_screening_word", reason: "<b>send ٥٠٠$</b>" },
      { action: "remove_screening_word", reason: "حوالة مسبقة" },
    ]);
  });

  it("hold at most SCREENING_WORDS_LIMIT, exactly, when moderators add at once", async () => {
    await db.insert(screeningWords).values(
      Array.from({ length: SCREENING_WORDS_LIMIT - 1 }, (_, i) => ({
        phrase: `word${i}`,
        normalized: `word${i}`,
      })),
    );
    const results = await Promise.allSettled(
      ["one", "two", "three", "four", "five"].map((phrase) =>
        addScreeningWord({ db, actor: MOD, phrase }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((r) => r.status === "rejected").map((r) => r.reason.code)).toEqual(
      Array(4).fill("SCREENING_WORDS_FULL"),
    );
    expect(await db.select().from(screeningWords)).toHaveLength(SCREENING_WORDS_LIMIT);
    await db.delete(screeningWords);
  });
});
