import type { Lang } from "~/i18n/config";
import type { JobSender } from "~/jobs/job-types";
import { isUndeliverableAddress } from "~/utils/undeliverable-address";
import { templateToJson } from "./template-json";
import type { MailTemplate } from "./templates.server";

/**
 * The app's one way to send an e-mail: a `send-mail` job (server/jobs/mail-jobs.ts), so an SMTP
 * outage delays the mail (retried with back-off, each failure logged) instead of failing the
 * request. Resolves once the job is stored. `key` makes it idempotent: a second mail of the same
 * kind and key within 12 hours is not queued (a double submit, a sweep run twice). An address that
 * can never receive mail (a phone-only account's placeholder, decision 037) queues nothing.
 */
export async function queueMail(
  jobs: JobSender,
  mail: { to: string; lang: Lang; template: MailTemplate; key?: string },
) {
  if (isUndeliverableAddress(mail.to)) return { id: "", created: false };
  return jobs.send(
    "send-mail",
    { to: mail.to, lang: mail.lang, template: templateToJson(mail.template) },
    mail.key ? { key: `${mail.template.kind}:${mail.key}` } : {},
  );
}
