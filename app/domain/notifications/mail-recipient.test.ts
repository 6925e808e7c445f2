import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import type { Mailer, OutgoingMail } from "~/mail/mailer.server";
import { type MailTemplateJson, templateToJson } from "~/mail/template-json";
import type { MailTemplate } from "~/mail/templates.server";
import { sendMailJob } from "../../../server/jobs/mail-jobs";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { mailRecipient } from "./mail-recipient.server";

/*
 * Who gets which mail, decided as the mail job runs (PGlite; PostgreSQL with TEST_DATABASE_URL):
 * notifications only to an address its account has confirmed, mails about the account to any,
 * and never the name of an account whose address nobody confirmed.
 */
let handle: TestDatabase;
let db: Database;
const sent: OutgoingMail[] = [];
const mailer: Mailer = { kind: "outbox", send: async (mail) => void sent.push(mail) };
const env = { PUBLIC_URL: "https://souqna.example", SUPPORT_EMAIL: "help@souqna.example" };
const LURE = "ACTION REQUIRED: verify at evil.example/login";

const notifications: MailTemplate[] = [
  {
    kind: "saved-search-alert",
    name: "Victim",
    search: LURE,
    total: 1,
    listings: [{ title: LURE, price: "SYP 1", url: "https://souqna.example/listing/1" }],
    url: "https://souqna.example/search?q=x",
    unsubscribeUrl: "https://souqna.example/unsubscribe?t=1",
  },
  {
    kind: "unread-messages",
    name: "Victim",
    url: "https://souqna.example/messages/1",
    conversations: [{ sender: LURE, title: LURE }],
    unsubscribeUrl: "https://souqna.example/unsubscribe?t=1",
  },
  {
    kind: "favorite-changed",
    name: "Victim",
    url: "https://souqna.example/listing/1",
    title: LURE,
    change: { kind: "sold" },
    unsubscribeUrl: "https://souqna.example/unsubscribe?t=1",
  },
  {
    kind: "listing-expiring",
    name: "Victim",
    url: "https://souqna.example/renew/1?token=t",
    title: LURE,
    expiresAt: new Date("2026-12-01T10:00:00Z"),
  },
];

const job = (to: string, template: MailTemplate) => ({
  to,
  lang: "en" as const,
  template: templateToJson(template) as MailTemplateJson,
});

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  await db.insert(users).values([
    // Signed up by a stranger with someone else's address: never confirmed.
    { id: "claimed", name: LURE, email: "victim@example.com" },
    { id: "member", name: "Rania", email: "rania@example.com", emailVerified: true },
    {
      id: "banned",
      name: "Banned",
      email: "banned@example.com",
      emailVerified: true,
      suspendedAt: new Date(),
    },
  ]);
});
afterAll(() => handle.destroy());

describe("notification e-mails", () => {
  it("go only to a confirmed address of a member in good standing", async () => {
    for (const template of notifications) {
      sent.length = 0;
      expect(await sendMailJob(job("victim@example.com", template), { env, mailer, db })).toBe(
        "withheld",
      );
      expect(await sendMailJob(job("banned@example.com", template), { env, mailer, db })).toBe(
        "withheld",
      );
      expect(await sendMailJob(job("nobody@example.com", template), { env, mailer, db })).toBe(
        "withheld",
      );
      expect(sent).toEqual([]);
      expect(await sendMailJob(job("Rania@Example.com ", template), { env, mailer, db })).toBe(
        "sent",
      );
      expect(sent).toHaveLength(1);
    }
  });

  it("are decided when they are sent: a confirmation since, or an address changed since", async () => {
    const [alert] = notifications as [MailTemplate];
    const queued = job("victim@example.com", alert);
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, "claimed"));
    expect(await sendMailJob(queued, { env, mailer, db })).toBe("sent");
    const toOld = job("rania@example.com", alert);
    await db.update(users).set({ email: "rania.new@example.com" }).where(eq(users.id, "member"));
    expect(await sendMailJob(toOld, { env, mailer, db })).toBe("withheld");
    await db.update(users).set({ emailVerified: false }).where(eq(users.id, "claimed"));
    await db.update(users).set({ email: "rania@example.com" }).where(eq(users.id, "member"));
  });
});

describe("mails about the account", () => {
  it("reach an unconfirmed address, without the name whoever signed up chose", async () => {
    for (const template of [
      { kind: "confirm-email", name: LURE, url: "https://souqna.example/auth/confirm?token=t" },
      { kind: "reset-password", name: LURE, url: "https://souqna.example/auth?token=t" },
      { kind: "sign-up-attempt", name: LURE, url: "https://souqna.example/auth" },
      { kind: "password-changed", name: LURE, when: new Date() },
    ] as MailTemplate[]) {
      sent.length = 0;
      expect(await sendMailJob(job("victim@example.com", template), { env, mailer, db })).toBe(
        "sent",
      );
      const [mail] = sent;
      expect(mail?.text, template.kind).toMatch(/^Hello,\n/);
      expect(`${mail?.subject}${mail?.text}${mail?.html}`).not.toContain("ACTION REQUIRED");
    }
    // A confirmed member is greeted by name.
    sent.length = 0;
    await sendMailJob(
      job("rania@example.com", {
        kind: "reset-password",
        name: "Rania",
        url: "https://souqna.example/auth?token=t",
      }),
      { env, mailer, db },
    );
    expect(sent[0]?.text).toMatch(/^Hello \u2068Rania\u2069,\n/);
  });

  it("are the only kinds that skip the confirmation; any other kind needs it", async () => {
    expect(await mailRecipient(db, "victim@example.com", "confirm-email")).toEqual({
      send: true,
      confirmed: false,
    });
    expect(await mailRecipient(db, "rania@example.com", "saved-search-alert")).toEqual({
      send: true,
      confirmed: true,
    });
    // A kind added later without thought is a notification, not a free pass.
    expect(
      await mailRecipient(db, "victim@example.com", "some-new-kind" as MailTemplate["kind"]),
    ).toEqual({ send: false, confirmed: false });
  });
});
