import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../app/db/schema";
import type { Mailer, OutgoingMail } from "../../app/mail/mailer.server";
import { queueMail } from "../../app/mail/queue-mail.server";
import { templateFromJson, templateToJson } from "../../app/mail/template-json";
import type { MailTemplate } from "../../app/mail/templates.server";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/test-database";
import { createAppJobQueue, queuePolicies, registerJobHandlers } from "./app-jobs";
import { type AppJobQueue, jobSender } from "./queue";

// The app's own queue and its mail job, on a real queue (PGlite; PostgreSQL with TEST_DATABASE_URL).

const env = {
  PUBLIC_URL: "https://souqna.example",
  SUPPORT_EMAIL: "help@souqna.example",
  NOTIFY_UNREAD_AFTER_SECONDS: 0,
  SESSION_SECRET: "a-session-secret-of-at-least-32-characters!",
  DATA_DIR: "/nonexistent",
  PUSH_SERVICE_HOSTS: [],
};
const silent = { info: () => {}, warn: () => {}, error: () => {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the app's jobs", () => {
  let database: TestDatabase;
  let queue: AppJobQueue;
  const sent: OutgoingMail[] = [];
  const mailer: Mailer = {
    kind: "outbox",
    send: async (mail) => {
      sent.push(mail);
    },
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    queue = createAppJobQueue({
      database,
      logger: silent,
      settings: { JOB_RETRY_DELAY_SECONDS: 1, JOB_POLL_SECONDS: 0.5 },
    });
    await queue.start();
    await registerJobHandlers(queue, { env, database, mailer, logger: silent });
    // A member who confirmed their address: a reminder may reach them.
    await database.db
      .insert(users)
      .values({ id: "rania", name: "Rania", email: "rania@example.com", emailVerified: true });
  });
  afterAll(async () => {
    await queue.stop({ timeoutMs: 1000 });
    await database.destroy();
  });

  it("sends a mail job sent twice with one key once, rendered in its language", async () => {
    const jobs = jobSender(queue);
    const mail = {
      to: "rania@example.com",
      lang: "ar" as const,
      template: {
        kind: "listing-expiring" as const,
        name: "رانيا",
        url: "https://souqna.example/renew/1?token=t",
        title: "كيا ريو",
        expiresAt: new Date("2026-12-01T10:00:00Z"),
      },
      key: "listing-1:2026-12-01T10:00:00.000Z",
    };
    const first = await queueMail(jobs, mail);
    const second = await queueMail(jobs, mail);
    expect(first.created).toBe(true);
    expect(second).toEqual({ id: first.id, created: false });
    await expect.poll(() => sent.length, { timeout: 10_000 }).toBe(1);
    // A double submit after it went out is refused too (the key holds 12 hours).
    expect((await queueMail(jobs, mail)).created).toBe(false);
    await sleep(1500);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: "rania@example.com", lang: "ar" });
    // The title is the owner's own words: in the body, never the subject.
    expect(sent[0]?.subject).toContain("ينتهي إعلانك");
    expect(sent[0]?.subject).not.toContain("كيا ريو");
    expect(sent[0]?.text).toContain("كيا ريو");
  });

  it("carries a template's dates through JSON", () => {
    const templates: MailTemplate[] = [
      { kind: "password-changed", name: "Omar", when: new Date("2026-11-25T12:00:00Z") },
      {
        kind: "listing-expiring",
        name: "Omar",
        url: "https://souqna.example/renew/2?token=x",
        title: "Bike",
        expiresAt: new Date("2026-11-28T12:00:00Z"),
      },
      { kind: "confirm-email", name: "Omar", url: "https://souqna.example/auth/confirm?token=t" },
    ];
    for (const template of templates) {
      const travelled = JSON.parse(JSON.stringify(templateToJson(template)));
      expect(templateFromJson(travelled)).toEqual(template);
    }
  });

  it("waits out a long SMTP outage: mail is retried for hours, with back-off", () => {
    const mail = queuePolicies({ JOB_RETRY_DELAY_SECONDS: 30, JOB_POLL_SECONDS: 2 })["send-mail"];
    expect(mail).toMatchObject({ retryLimit: 10, retryDelay: 30, retryBackoff: true });
    // The shortest total wait before the last retry: 30·(1 + 2 + … + 2^9) s, over 8 hours.
    expect(30 * (2 ** 10 - 1)).toBeGreaterThan(8 * 3600);
  });
});
