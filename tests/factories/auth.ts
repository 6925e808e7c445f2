import { createAuth } from "../../app/domain/accounts/auth.server";
import type { Mailer, OutgoingMail } from "../../app/mail/mailer.server";
import type { TestDatabase } from "../setup/test-database";
import { inlineJobs } from "./jobs";

export const testEnv = {
  PUBLIC_URL: "http://localhost:3000",
  SUPPORT_EMAIL: "support@example.com",
};

/** A real better-auth instance on a test database, with a mailer that keeps what it sends. */
export function createTestAuth(database: TestDatabase) {
  const sent: OutgoingMail[] = [];
  const mailer: Mailer = {
    kind: "outbox",
    send: async (mail) => {
      sent.push(mail);
    },
  };
  const jobs = inlineJobs(mailer, testEnv);
  const auth = createAuth({
    db: database.db,
    env: testEnv,
    secret: "test-secret-".repeat(4),
    jobs,
  });
  return {
    auth,
    mailer,
    jobs,
    sent,
    /** What signUp needs besides the database and auth: the jobs, links and a logger. */
    signUpKit: {
      jobs,
      links: { publicUrl: testEnv.PUBLIC_URL, supportEmail: testEnv.SUPPORT_EMAIL },
      logger: { error: () => {}, warn: () => {}, info: () => {} },
    },
    /** The first link in the newest mail to this address that matches the pattern. */
    linkFor(to: string, pattern: RegExp) {
      const mail = [...sent].reverse().find((m) => m.to === to && pattern.test(m.text));
      const match = mail?.text.match(/https?:\/\/\S+/g)?.find((url) => pattern.test(url));
      if (!match) throw new Error(`no mail to ${to} with a link matching ${pattern}`);
      return new URL(match);
    },
  };
}

/** Request headers that carry the cookies a response set (a browser's next request). */
export function asBrowser(setCookies: string[]) {
  return new Headers({ cookie: setCookies.map((c) => c.split(";")[0]).join("; ") });
}
