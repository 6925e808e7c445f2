import type { Database } from "../../app/db/client.server";
import { mailRecipient } from "../../app/domain/notifications/mail-recipient.server";
import type { AppJobs } from "../../app/jobs/job-types";
import type { Mailer } from "../../app/mail/mailer.server";
import { templateFromJson } from "../../app/mail/template-json";
import { sendTemplate } from "../../app/mail/templates.server";
import type { Env } from "../../app/utils/env.server";
import { type AppJobQueue, type Policies, retried, type WorkContext } from "./queue";

/**
 * Mail: an SMTP outage of up to about 8 hours is waited out (10 retries, doubling from
 * JOB_RETRY_DELAY_SECONDS, 30 s by default); an attempt is bounded by the mailer's own 10 s
 * timeouts, so 5 minutes means it hung.
 */
export const mailPolicies: Policies<"send-mail"> = (settings) => ({
  "send-mail": retried(settings, 10, 5 * 60),
});

export async function workMailJobs(queue: AppJobQueue, context: WorkContext) {
  await queue.work(
    "send-mail",
    async (job) => {
      const outcome = await sendMailJob(job.data, { ...context, db: context.database.db });
      if (outcome === "withheld") {
        context.logger.info(
          { kind: job.data.template.kind },
          "mail not sent: the address is not a confirmed member's",
        );
      }
    },
    { concurrency: 2 },
  );
}

/**
 * Renders the mail in its language and hands it to the mailer; a throw is retried by the queue.
 * Every mail passes here, so here it is decided whether its address may get it now
 * (mailRecipient): notifications only to a confirmed address, and a name nobody confirmed is
 * never used. `db` is absent only where tests run mail jobs inline without a database.
 */
export async function sendMailJob(
  data: AppJobs["send-mail"],
  {
    env,
    mailer,
    db,
  }: { env: Pick<Env, "PUBLIC_URL" | "SUPPORT_EMAIL">; mailer: Mailer; db?: Database },
): Promise<"sent" | "withheld"> {
  let template = templateFromJson(data.template);
  if (db) {
    const recipient = await mailRecipient(db, data.to, template.kind);
    if (!recipient.send) return "withheld";
    if (!recipient.confirmed) template = { ...template, name: "" };
  }
  await sendTemplate(mailer, {
    to: data.to,
    lang: data.lang,
    template,
    publicUrl: env.PUBLIC_URL,
    supportEmail: env.SUPPORT_EMAIL,
  });
  return "sent";
}
