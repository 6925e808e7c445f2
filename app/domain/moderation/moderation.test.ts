import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import {
  listings,
  moderationActions,
  profiles,
  rateLimits,
  reports,
  sessions,
  users,
} from "~/db/schema";
import type { Member } from "~/domain/accounts/session.server";
import { signIn } from "~/domain/accounts/sign-in.server";
import { signUp } from "~/domain/accounts/sign-up.server";
import { createListing } from "~/domain/listings/create-listing.server";
import { getListingForView } from "~/domain/listings/get-listing.server";
import { listMyListings } from "~/domain/listings/list-my-listings.server";
import { updateListing } from "~/domain/listings/update-listing.server";
import { createLocalStorage } from "~/media/storage.server";
import type { AppErrorCode } from "~/utils/app-error";
import { createTestAuth } from "../../../tests/factories/auth";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { dismissReports } from "./dismiss-reports.server";
import { liftSuspension } from "./lift-suspension.server";
import { listModerationLog } from "./list-moderation-log.server";
import { listReportQueue } from "./list-report-queue.server";
import { listSuspendedMembers } from "./list-suspended-members.server";
import {
  HELD_FOR_REPORTS,
  HELD_FOR_REPORTS_SOLD,
  OWNER_SUSPENDED,
  OWNER_SUSPENDED_SOLD,
  REPORT_DETAILS_MAX,
  statusBeforeHold,
  systemRemovalCode,
} from "./moderation-schemas";
import { parseModerationReason } from "./moderator.server";
import { removeListing } from "./remove-listing.server";
import { parseReport, reportListing } from "./report-listing.server";
import { restoreListing } from "./restore-listing.server";
import { setMemberRole } from "./set-member-role.server";
import { suspendMember } from "./suspend-member.server";

let database: TestDatabase;
let db: Database;

function member(id: string, role: Member["role"] = "member"): Member {
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

const OWNER = member("owner");
const A = member("alia");
const B = member("bassel");
const C = member("carla");
const D = member("dana");
const MOD = member("mod", "moderator");
/** Says "moderator", but the database says member: the domain must not believe it. */
const PRETENDER = member("pretender", "moderator");

async function expectCode(promise: Promise<unknown>, code: AppErrorCode) {
  await expect(promise).rejects.toMatchObject({ name: "AppError", code });
}

let listingCounter = 0;
async function newListing(
  status: "active" | "sold" | "inactive" | "removed" = "active",
  userId = OWNER.id,
) {
  const id = crypto.randomUUID();
  await db.insert(listings).values({
    id,
    userId,
    categoryId: 5,
    title: `Sofa ${++listingCounter}`,
    price: 1_000_000,
    status,
    removalReason: status === "removed" ? "Stolen goods" : null,
  });
  return id;
}

async function listingRow(id: string) {
  const [row] = await db.select().from(listings).where(eq(listings.id, id));
  return row!;
}

async function reportsOf(id: string) {
  return db.select().from(reports).where(eq(reports.listingId, id)).orderBy(reports.createdAt);
}

async function actionsOn(id: string) {
  return db
    .select()
    .from(moderationActions)
    .where(eq(moderationActions.listingId, id))
    .orderBy(moderationActions.createdAt);
}

const scam = { reason: "scam", details: "" };

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await db.insert(users).values(
    [OWNER, A, B, C, D, PRETENDER, MOD].map((m) => ({
      id: m.id,
      name: m.name,
      email: m.email,
      emailVerified: true,
      role: m === MOD ? ("moderator" as const) : ("member" as const),
      // Members in good standing: their reports count towards an automatic hold.
      createdAt: new Date(Date.now() - 30 * 24 * 60 * 60 * 1000),
    })),
  );
});
afterAll(() => database?.destroy());
// These members report far more than a day's allowance; the limit has its own test below.
beforeEach(async () => {
  await db.delete(rateLimits);
});

describe("the report form's rules", () => {
  it("needs one of the six reasons", () => {
    for (const reason of ["", "spam", "SCAM", "scam' or 1=1 --", null, 3, ["scam"]]) {
      expect(() => parseReport({ reason, details: "x" }), String(reason)).toThrow(
        expect.objectContaining({ code: "REPORT_REASON_REQUIRED", field: "reason" }),
      );
    }
    for (const reason of ["scam", "prohibited", "wrong_category", "duplicate", "offensive"]) {
      expect(parseReport({ reason, details: undefined })).toEqual({ reason, details: "" });
    }
  });

  it('requires details for "other", trims them and allows at most 2,000 characters', () => {
    // Each failure names the field it belongs to, so the form shows it there.
    expect(() => parseReport({ reason: "other", details: "  \n\t " })).toThrow(
      expect.objectContaining({ code: "REPORT_DETAILS_REQUIRED", field: "details" }),
    );
    expect(
      parseReport({ reason: "other", details: "  Asks for a deposit by Western Union \r\n" }),
    ).toEqual({ reason: "other", details: "Asks for a deposit by Western Union" });
    const max = "ب".repeat(REPORT_DETAILS_MAX);
    expect(parseReport({ reason: "other", details: `  ${max}  ` }).details).toBe(max);
    expect(() => parseReport({ reason: "other", details: `${max}x` })).toThrow(
      expect.objectContaining({ code: "REPORT_DETAILS_TOO_LONG", field: "details" }),
    );
    // Emoji count as one character each, as PostgreSQL's char_length counts them.
    expect(
      parseReport({ reason: "scam", details: "😀".repeat(REPORT_DETAILS_MAX) }).details,
    ).toHaveLength(REPORT_DETAILS_MAX * 2);
    expect(parseReport({ reason: "scam", details: "a\u0000b" }).details).toBe("ab");
  });
});

describe("reporting a listing", () => {
  it("stores one report per member; the second says so and changes nothing", async () => {
    const id = await newListing();
    const details = "<script>alert(1)</script> سعر وهمي ٥٠٠ 😡";
    expect(
      await reportListing({ db, member: A, listingId: id, input: { reason: "scam", details } }),
    ).toEqual({ held: false });
    await expectCode(
      reportListing({ db, member: A, listingId: id, input: { reason: "offensive", details: "" } }),
      "ALREADY_REPORTED",
    );
    const stored = await reportsOf(id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ reporterId: A.id, reason: "scam", details, status: "open" });
  });

  it("refuses visitors, malformed and unknown ids, the owner, and hidden listings", async () => {
    const id = await newListing();
    await expectCode(
      reportListing({ db, member: null, listingId: id, input: scam }),
      "AUTH_REQUIRED",
    );
    for (const bad of ["", "abc", "1 or 1=1", `${id}x`, "../../etc/passwd"]) {
      await expectCode(
        reportListing({ db, member: A, listingId: bad, input: scam }),
        "INVALID_LISTING_ID",
      );
    }
    await expectCode(
      reportListing({ db, member: A, listingId: crypto.randomUUID(), input: scam }),
      "LISTING_NOT_FOUND",
    );
    await expectCode(
      reportListing({ db, member: OWNER, listingId: id, input: scam }),
      "CANNOT_REPORT_OWN_LISTING",
    );
    for (const status of ["removed", "inactive"] as const) {
      await expectCode(
        reportListing({ db, member: A, listingId: await newListing(status), input: scam }),
        "LISTING_NOT_FOUND",
      );
    }
    // Sold listings are still on show, so they can be reported.
    await reportListing({ db, member: A, listingId: await newListing("sold"), input: scam });
    // Bad input is refused before anything is written.
    await expectCode(
      reportListing({ db, member: B, listingId: id, input: { reason: "other", details: "" } }),
      "REPORT_DETAILS_REQUIRED",
    );
    expect(await reportsOf(id)).toHaveLength(0);
  });

  it("refuses a suspended member even with a session in hand", async () => {
    await db.insert(users).values({
      id: "gone",
      name: "Gone",
      email: "gone@example.com",
      suspendedAt: new Date(),
    });
    await expectCode(
      reportListing({ db, member: member("gone"), listingId: await newListing(), input: scam }),
      "ACCOUNT_SUSPENDED",
    );
  });
});

describe("hiding a listing after reports", () => {
  it("hides it at exactly 3 different members — not at 2, not for one member twice", async () => {
    const id = await newListing();
    await reportListing({ db, member: A, listingId: id, input: scam });
    await reportListing({ db, member: B, listingId: id, input: scam });
    await expectCode(
      reportListing({ db, member: B, listingId: id, input: scam }),
      "ALREADY_REPORTED",
    );
    expect((await listingRow(id)).status).toBe("active");
    expect(await actionsOn(id)).toHaveLength(0);

    const third = await reportListing({
      db,
      member: C,
      listingId: id,
      input: { reason: "other", details: "Same photos as another ad" },
    });
    expect(third).toEqual({ held: true });
    const row = await listingRow(id);
    expect(row).toMatchObject({ status: "removed", removalReason: HELD_FOR_REPORTS });
    const [audit] = await actionsOn(id);
    expect(audit).toMatchObject({
      moderatorId: null,
      action: "auto_hide",
      targetUserId: OWNER.id,
      reason: HELD_FOR_REPORTS,
    });
    // Gone for everyone but the owner, who sees why; and a fourth member cannot pile on.
    expect(await getListingForView({ db, listingId: id, viewer: D })).toBeNull();
    expect(await getListingForView({ db, listingId: id, viewer: null })).toBeNull();
    const own = await getListingForView({ db, listingId: id, viewer: OWNER });
    expect(own?.listing.removalReason).toBe(HELD_FOR_REPORTS);
    await expectCode(
      reportListing({ db, member: D, listingId: id, input: scam }),
      "LISTING_NOT_FOUND",
    );
  });

  it("counts only members in good standing towards the hold, and records their standing", async () => {
    const throwaway = ["fresh1", "fresh2", "fresh3"].map((id) => member(id));
    await db.insert(users).values([
      // Confirmed but minutes old; old but unconfirmed; old and confirmed but suspended.
      { id: "fresh1", name: "f1", email: "fresh1@example.com", emailVerified: true },
      {
        id: "fresh2",
        name: "f2",
        email: "fresh2@example.com",
        emailVerified: false,
        createdAt: new Date(Date.now() - 40 * 86_400_000),
      },
      {
        id: "fresh3",
        name: "f3",
        email: "fresh3@example.com",
        emailVerified: true,
        createdAt: new Date(Date.now() - 40 * 86_400_000),
        suspendedAt: new Date(),
      },
    ]);
    const id = await newListing();
    for (const m of throwaway.slice(0, 2)) {
      expect(await reportListing({ db, member: m, listingId: id, input: scam })).toEqual({
        held: false,
      });
    }
    await expectCode(
      reportListing({ db, member: throwaway[2]!, listingId: id, input: scam }),
      "ACCOUNT_SUSPENDED",
    );
    await reportListing({ db, member: A, listingId: id, input: scam });
    await reportListing({ db, member: B, listingId: id, input: scam });
    expect((await listingRow(id)).status).toBe("active");
    // Their reports still reach the moderators' queue.
    const queue = await listReportQueue({ db, actor: MOD });
    expect(queue.find((item) => item.listing.id === id)?.reportCount).toBe(4);
    expect(await reportListing({ db, member: C, listingId: id, input: scam })).toEqual({
      held: true,
    });
    const [audit] = await db
      .select({ details: moderationActions.details })
      .from(moderationActions)
      .where(eq(moderationActions.listingId, id));
    const details = audit?.details as { reporters: { reporterId: string; counted: boolean }[] };
    const reporters = details.reporters;
    expect(
      reporters
        .filter((r) => r.counted)
        .map((r) => r.reporterId)
        .sort(),
    ).toEqual([A.id, B.id, C.id].sort());
    expect(reporters.find((r) => r.reporterId === "fresh1")).toMatchObject({
      counted: false,
      emailVerified: true,
      accountAgeDays: 0,
    });
  });

  it("counts a member who proved a phone number, not an e-mail address, like a confirmed one", async () => {
    const caller = member("caller");
    await db.insert(users).values({
      id: "caller",
      name: "c",
      email: "caller@example.com",
      emailVerified: false,
      createdAt: new Date(Date.now() - 40 * 86_400_000),
    });
    await db.insert(profiles).values({
      id: "caller",
      phoneNumber: "+963955000333",
      phoneVerifiedAt: new Date(),
    });
    const id = await newListing();
    await reportListing({ db, member: A, listingId: id, input: scam });
    await reportListing({ db, member: B, listingId: id, input: scam });
    expect(await reportListing({ db, member: caller, listingId: id, input: scam })).toEqual({
      held: true,
    });
  });

  it("limits how many listings one member reports in a day", async () => {
    for (let i = 0; i < 10; i++) {
      await reportListing({
        db,
        member: D,
        listingId: await newListing(),
        input: scam,
        ip: "10.7.7.7",
      });
    }
    await expectCode(
      reportListing({ db, member: D, listingId: await newListing(), input: scam, ip: "10.7.7.7" }),
      "RATE_LIMITED",
    );
  });

  it("remembers that a held listing was sold", async () => {
    const id = await newListing("sold");
    for (const m of [A, B, C]) await reportListing({ db, member: m, listingId: id, input: scam });
    expect(await listingRow(id)).toMatchObject({
      status: "removed",
      removalReason: HELD_FOR_REPORTS_SOLD,
    });
    await restoreListing({ db, actor: MOD, listingId: id, reason: "Checked: fine" });
    expect(await listingRow(id)).toMatchObject({ status: "sold", removalReason: null });
  });

  it("does not count dismissed reports", async () => {
    const id = await newListing();
    await reportListing({ db, member: A, listingId: id, input: scam });
    await reportListing({ db, member: B, listingId: id, input: scam });
    await dismissReports({ db, actor: MOD, listingId: id, reason: "Price is real" });
    expect(await reportListing({ db, member: C, listingId: id, input: scam })).toEqual({
      held: false,
    });
    expect((await listingRow(id)).status).toBe("active");
  });

  it("holds once when reports arrive at the same moment", async () => {
    const id = await newListing();
    const results = await Promise.allSettled(
      [A, B, C, D].map((m) => reportListing({ db, member: m, listingId: id, input: scam })),
    );
    expect(results.filter((r) => r.status === "fulfilled" && r.value.held).length).toBe(1);
    expect((await actionsOn(id)).filter((a) => a.action === "auto_hide")).toHaveLength(1);
  });
});

describe("moderator decisions", () => {
  const everyDecision = (listingId: string, userId: string) => [
    (actor: Member | null) => dismissReports({ db, actor, listingId, reason: "x" }),
    (actor: Member | null) => removeListing({ db, actor, listingId, reason: "x" }),
    (actor: Member | null) => restoreListing({ db, actor, listingId, reason: "x" }),
    (actor: Member | null) => suspendMember({ db, actor, userId, reason: "x" }),
    (actor: Member | null) => liftSuspension({ db, actor, userId, reason: "x" }),
    (actor: Member | null) => listReportQueue({ db, actor }),
    (actor: Member | null) => listSuspendedMembers({ db, actor }),
    (actor: Member | null) => listModerationLog({ db, actor }),
  ];

  it("are NOT_FOUND for visitors, members, the owner and a member who only claims the role", async () => {
    const id = await newListing();
    await reportListing({ db, member: A, listingId: id, input: scam });
    for (const actor of [null, A, OWNER, PRETENDER]) {
      for (const decide of everyDecision(id, A.id)) await expectCode(decide(actor), "NOT_FOUND");
    }
    expect((await listingRow(id)).status).toBe("active");
    expect((await reportsOf(id))[0]?.status).toBe("open");
    const [a] = await db.select().from(users).where(eq(users.id, A.id));
    expect(a?.suspendedAt).toBeNull();
    expect(await actionsOn(id)).toHaveLength(0);
  });

  it("need a reason of at most 500 characters", async () => {
    const id = await newListing();
    await reportListing({ db, member: A, listingId: id, input: scam });
    for (const reason of ["", "   ", undefined, null]) {
      await expectCode(
        removeListing({ db, actor: MOD, listingId: id, reason }),
        "MODERATION_REASON_REQUIRED",
      );
    }
    await expectCode(
      removeListing({ db, actor: MOD, listingId: id, reason: "x".repeat(501) }),
      "MODERATION_REASON_TOO_LONG",
    );
    expect(parseModerationReason(`  ${"x".repeat(500)}  `)).toHaveLength(500);
    for (const reason of ["  ", "x".repeat(501)]) {
      expect(() => parseModerationReason(reason)).toThrow(
        expect.objectContaining({ field: "reason" }),
      );
    }
    expect((await listingRow(id)).status).toBe("active");
  });

  it("dismiss: closes the reports and puts a held listing back", async () => {
    const id = await newListing();
    for (const m of [A, B, C]) await reportListing({ db, member: m, listingId: id, input: scam });
    expect(
      await dismissReports({ db, actor: MOD, listingId: id, reason: "Genuine seller" }),
    ).toEqual({ dismissed: 3, restored: true });
    expect(await listingRow(id)).toMatchObject({ status: "active", removalReason: null });
    expect((await reportsOf(id)).map((r) => [r.status, r.resolvedBy])).toEqual([
      ["dismissed", MOD.id],
      ["dismissed", MOD.id],
      ["dismissed", MOD.id],
    ]);
    expect((await actionsOn(id)).map((a) => [a.action, a.moderatorId, a.reason])).toEqual([
      ["auto_hide", null, HELD_FOR_REPORTS],
      ["dismiss_reports", MOD.id, "Genuine seller"],
      ["restore_listing", MOD.id, "Genuine seller"],
    ]);
    await expectCode(
      dismissReports({ db, actor: MOD, listingId: id, reason: "again" }),
      "NO_OPEN_REPORTS",
    );
  });

  it("remove: hidden with the reason its owner sees on the page and in My Listings", async () => {
    const id = await newListing();
    for (const m of [A, B, C]) await reportListing({ db, member: m, listingId: id, input: scam });
    await removeListing({ db, actor: MOD, listingId: id, reason: "  Fake car papers  " });
    expect(await listingRow(id)).toMatchObject({
      status: "removed",
      removalReason: "Fake car papers",
    });
    expect((await reportsOf(id)).every((r) => r.status === "actioned")).toBe(true);
    const own = await getListingForView({ db, listingId: id, viewer: OWNER });
    expect(own?.listing).toMatchObject({ status: "removed", removalReason: "Fake car papers" });
    expect(await getListingForView({ db, listingId: id, viewer: A })).toBeNull();
    const mine = (await listMyListings({ db, member: OWNER })).find((l) => l.id === id);
    expect(mine).toMatchObject({ status: "removed", removalReason: "Fake car papers" });
    expect((await actionsOn(id)).at(-1)).toMatchObject({
      action: "remove_listing",
      moderatorId: MOD.id,
      targetUserId: OWNER.id,
      reason: "Fake car papers",
    });
    await expectCode(
      removeListing({ db, actor: MOD, listingId: "nope", reason: "x" }),
      "INVALID_LISTING_ID",
    );
    await expectCode(
      removeListing({ db, actor: MOD, listingId: crypto.randomUUID(), reason: "x" }),
      "LISTING_NOT_FOUND",
    );
  });

  it("restore: puts back exactly what the owner had, and the owner cannot edit meanwhile", async () => {
    const storage = createLocalStorage(fs.mkdtempSync(path.join(os.tmpdir(), "souqna-held-")));
    for (const before of ["inactive", "sold", "active"] as const) {
      const id = await newListing(before);
      await removeListing({ db, actor: MOD, listingId: id, reason: "Checking the papers" });
      await expectCode(
        updateListing({
          db,
          storage,
          member: OWNER,
          listingId: id,
          input: {
            title: "Swapped content",
            description: "x",
            price: "1000",
            categoryId: "5",
            location: "homs",
          },
          newImages: [],
          removedImageIds: [],
        }),
        "LISTING_HELD",
      );
      expect(
        await restoreListing({ db, actor: MOD, listingId: id, reason: "Papers fine" }),
      ).toEqual({ status: before });
      expect(await listingRow(id)).toMatchObject({ status: before, removalReason: null });
    }
  });

  it("restore: back to active; refuses a listing that is not hidden", async () => {
    const id = await newListing("removed");
    expect(
      await restoreListing({ db, actor: MOD, listingId: id, reason: "Appeal accepted" }),
    ).toEqual({ status: "active" });
    expect(await listingRow(id)).toMatchObject({ status: "active", removalReason: null });
    await expectCode(
      restoreListing({ db, actor: MOD, listingId: id, reason: "again" }),
      "LISTING_NOT_HIDDEN",
    );
  });
});

describe("suspending a member", () => {
  it("ends their sessions, hides what they show, keeps what a moderator removed, and lifts back", async () => {
    await db.insert(users).values({ id: "seller", name: "Seller", email: "seller@example.com" });
    const seller = member("seller");
    const active = await newListing("active", seller.id);
    const sold = await newListing("sold", seller.id);
    const inactive = await newListing("inactive", seller.id);
    const removed = await newListing("removed", seller.id);
    const held = await newListing("active", seller.id);
    for (const m of [A, B, C]) await reportListing({ db, member: m, listingId: held, input: scam });
    await db.insert(sessions).values({
      id: "s1",
      token: "t1",
      userId: seller.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    });

    expect(await suspendMember({ db, actor: MOD, userId: seller.id, reason: "Scam ring" })).toEqual(
      { hiddenListings: 3 },
    );
    const [row] = await db.select().from(users).where(eq(users.id, seller.id));
    expect(row?.suspendedAt).toBeInstanceOf(Date);
    expect(row?.suspensionReason).toBe("Scam ring");
    const [left] = await db
      .select({ n: count() })
      .from(sessions)
      .where(eq(sessions.userId, seller.id));
    expect(left?.n).toBe(0);
    expect(await listingRow(active)).toMatchObject({
      status: "removed",
      removalReason: OWNER_SUSPENDED,
    });
    expect(await listingRow(sold)).toMatchObject({
      status: "removed",
      removalReason: OWNER_SUSPENDED_SOLD,
    });
    expect(await listingRow(held)).toMatchObject({
      status: "removed",
      removalReason: OWNER_SUSPENDED,
    });
    expect((await listingRow(inactive)).status).toBe("inactive");
    expect(await listingRow(removed)).toMatchObject({
      status: "removed",
      removalReason: "Stolen goods",
    });
    expect((await reportsOf(held)).every((r) => r.status === "actioned")).toBe(true);

    // A suspended member can neither report nor post, whatever session they still hold.
    await expectCode(
      reportListing({ db, member: seller, listingId: await newListing(), input: scam }),
      "ACCOUNT_SUSPENDED",
    );
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-mod-"));
    try {
      await expectCode(
        createListing({
          db,
          storage: createLocalStorage(dataDir),
          member: { id: seller.id, emailVerified: true },
          input: {
            title: "Another sofa",
            description: "x",
            price: "1000",
            categoryId: "5",
            location: "aleppo",
            details: { type: "sofas", condition: "good" },
          },
          images: [],
        }),
        "ACCOUNT_SUSPENDED",
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    // A hidden listing of a suspended member does not come back on its own.
    await expectCode(
      restoreListing({ db, actor: MOD, listingId: active, reason: "x" }),
      "OWNER_IS_SUSPENDED",
    );
    await expectCode(
      suspendMember({ db, actor: MOD, userId: seller.id, reason: "again" }),
      "MEMBER_ALREADY_SUSPENDED",
    );
    expect(
      (await listSuspendedMembers({ db, actor: MOD })).find((m) => m.id === seller.id),
    ).toMatchObject({ reason: "Scam ring", hiddenListings: 3, email: "seller@example.com" });

    expect(await liftSuspension({ db, actor: MOD, userId: seller.id, reason: "Appeal" })).toEqual({
      restoredListings: 3,
    });
    expect(await listingRow(active)).toMatchObject({ status: "active", removalReason: null });
    expect(await listingRow(sold)).toMatchObject({ status: "sold", removalReason: null });
    expect(await listingRow(held)).toMatchObject({ status: "active", removalReason: null });
    expect(await listingRow(removed)).toMatchObject({
      status: "removed",
      removalReason: "Stolen goods",
    });
    expect((await listSuspendedMembers({ db, actor: MOD })).some((m) => m.id === seller.id)).toBe(
      false,
    );
    await expectCode(
      liftSuspension({ db, actor: MOD, userId: seller.id, reason: "x" }),
      "MEMBER_NOT_SUSPENDED",
    );
    const log = await db
      .select()
      .from(moderationActions)
      .where(and(eq(moderationActions.targetUserId, seller.id)))
      .orderBy(moderationActions.createdAt);
    expect(log.map((a) => a.action)).toEqual(["auto_hide", "suspend_member", "lift_suspension"]);
  });

  it("refuses moderators (the moderator themself included) and unknown members", async () => {
    await expectCode(
      suspendMember({ db, actor: MOD, userId: MOD.id, reason: "x" }),
      "CANNOT_SUSPEND_MODERATOR",
    );
    for (const userId of ["nobody", "", "x".repeat(500), null, 42]) {
      await expectCode(suspendMember({ db, actor: MOD, userId, reason: "x" }), "NOT_FOUND");
    }
  });

  it("refuses sign-in with the clear message and ends every session", async () => {
    const kit = createTestAuth(database);
    const cookies = await signUp({
      db,
      auth: kit.auth,
      ...kit.signUpKit,
      input: { fullName: "Rami", email: "rami@example.com", password: "Cedar-Hama-Waterwheel-9" },
      lang: "en",
      ip: "10.9.9.9",
    });
    expect(cookies.length).toBeGreaterThan(0);
    const [rami] = await db.select().from(users).where(eq(users.email, "rami@example.com"));
    await suspendMember({ db, actor: MOD, userId: rami!.id, reason: "Threats in messages" });
    const [left] = await db
      .select({ n: count() })
      .from(sessions)
      .where(eq(sessions.userId, rami!.id));
    expect(left?.n).toBe(0);
    await expectCode(
      signIn({
        db,
        auth: kit.auth,
        input: { email: "rami@example.com", password: "Cedar-Hama-Waterwheel-9" },
        ip: "10.9.9.10",
        headers: new Headers(),
      }),
      "ACCOUNT_SUSPENDED",
    );
    await liftSuspension({ db, actor: MOD, userId: rami!.id, reason: "Apologised" });
    const back = await signIn({
      db,
      auth: kit.auth,
      input: { email: "rami@example.com", password: "Cedar-Hama-Waterwheel-9" },
      ip: "10.9.9.11",
      headers: new Headers(),
    });
    expect(back.length).toBeGreaterThan(0);
  });
});

describe("what moderators see", () => {
  it("the queue groups open reports by listing, most reported first, with the owner", async () => {
    await db.insert(users).values({ id: "q-owner", name: "Qusai", email: "q@example.com" });
    const once = await newListing("active", "q-owner");
    const twice = await newListing("active", "q-owner");
    await reportListing({ db, member: A, listingId: once, input: scam });
    await reportListing({
      db,
      member: A,
      listingId: twice,
      input: { reason: "duplicate", details: "Same as #1" },
    });
    await reportListing({
      db,
      member: B,
      listingId: twice,
      input: { reason: "other", details: "سعر غير منطقي" },
    });
    const queue = await listReportQueue({ db, actor: MOD });
    const mine = queue.filter((item) => item.owner.id === "q-owner");
    expect(mine.map((item) => [item.listing.id, item.reportCount])).toEqual([
      [twice, 2],
      [once, 1],
    ]);
    expect(mine[0]?.owner).toMatchObject({
      name: "Qusai",
      email: "q@example.com",
      suspended: false,
    });
    expect(mine[0]?.reports.map((r) => [r.reason, r.details, r.reporterName])).toEqual([
      ["duplicate", "Same as #1", "alia"],
      ["other", "سعر غير منطقي", "bassel"],
    ]);
    // Decided listings leave the queue.
    await removeListing({ db, actor: MOD, listingId: twice, reason: "Duplicate" });
    expect((await listReportQueue({ db, actor: MOD })).some((i) => i.listing.id === twice)).toBe(
      false,
    );
  });

  it("the audit log: newest first, who, what, about which listing or member, why", async () => {
    const log = await listModerationLog({ db, actor: MOD, limit: 5 });
    expect(log).toHaveLength(5);
    expect(log[0]).toMatchObject({
      action: "remove_listing",
      moderatorName: "mod",
      reason: "Duplicate",
    });
    expect(log[0]?.listing?.title).toMatch(/^Sofa/);
    expect(log[0]?.target?.email).toBe("q@example.com");
    for (let i = 1; i < log.length; i++) {
      expect(log[i - 1]!.createdAt.getTime()).toBeGreaterThanOrEqual(log[i]!.createdAt.getTime());
    }
    const system = (await listModerationLog({ db, actor: MOD, limit: 500 })).find(
      (entry) => entry.action === "auto_hide",
    );
    expect(system?.moderatorName).toBeNull();
  });
});

describe("system removal codes", () => {
  it("are recognised and remember the status before", () => {
    expect(systemRemovalCode(HELD_FOR_REPORTS)).toBe("held");
    expect(systemRemovalCode(HELD_FOR_REPORTS_SOLD)).toBe("held");
    expect(systemRemovalCode(OWNER_SUSPENDED)).toBe("suspended");
    expect(systemRemovalCode(OWNER_SUSPENDED_SOLD)).toBe("suspended");
    expect(systemRemovalCode("Fake papers")).toBeNull();
    expect(systemRemovalCode(null)).toBeNull();
    expect(statusBeforeHold(HELD_FOR_REPORTS_SOLD)).toBe("sold");
    expect(statusBeforeHold(OWNER_SUSPENDED)).toBe("active");
    expect(statusBeforeHold("Fake papers")).toBe("active");
  });
});

describe("the moderator role", () => {
  it("is set by e-mail address, whatever its case; unknown addresses answer null", async () => {
    expect(await setMemberRole({ db, email: "  ALIA@Example.com ", role: "moderator" })).toEqual({
      id: A.id,
      name: A.name,
      previous: "member",
    });
    const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, A.id));
    expect(row?.role).toBe("moderator");
    expect(await setMemberRole({ db, email: "alia@example.com", role: "member" })).toMatchObject({
      previous: "moderator",
    });
    expect(await setMemberRole({ db, email: "nobody@example.com", role: "moderator" })).toBeNull();
  });
});
