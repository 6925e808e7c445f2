import type { Database } from "../../app/db/client.server";
import type { AppJobs, JobSender } from "../../app/jobs/job-types";
import type { Mailer } from "../../app/mail/mailer.server";
import { sendMailJob } from "../../server/jobs/mail-jobs";

/**
 * Jobs that run the moment they are sent, in the test's process: a mail job renders and reaches
 * `mailer` before the domain call returns. The queue itself is tested in app/jobs; `keys` records
 * the key of each send, to check what a domain function makes idempotent. With `db`, the mail job
 * decides who may get the mail as the worker does (mail-recipient.server.ts).
 */
export function inlineJobs(
  mailer: Mailer,
  env = { PUBLIC_URL: "http://localhost:3000", SUPPORT_EMAIL: "support@example.com" },
  db?: Database,
): JobSender & { keys: (string | undefined)[] } {
  const keys: (string | undefined)[] = [];
  const jobs: JobSender & { keys: (string | undefined)[] } = {
    keys,
    async send(name, data, options) {
      keys.push(options?.key);
      // Only mail runs inline; other kinds (a notice scheduled for later) are only recorded.
      if (name === "send-mail")
        await sendMailJob(data as AppJobs["send-mail"], { env, mailer, db });
      return { id: crypto.randomUUID(), created: true };
    },
    async sendMany(name, many) {
      for (const { data, key, startAfter } of many)
        await jobs.send(name, data, { key, startAfter });
    },
  };
  return jobs;
}

/** A queue that cannot take a job (its database is failing). */
export const refusingJobs: JobSender = {
  send: async () => {
    throw new Error("the job queue is unavailable");
  },
  sendMany: async () => {
    throw new Error("the job queue is unavailable");
  },
};
