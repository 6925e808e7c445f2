import type { Lang } from "~/i18n/config";
import type { JobSender, SmsPurpose } from "~/jobs/job-types";

/**
 * The app's one way to send a text message: a `send-sms` job (server/jobs/sms-jobs.ts), so a
 * gateway that is down delays the message (retried with back-off) instead of failing the request
 * or losing it. Resolves once the job is stored; its id is the message's row in sms_messages.
 * `key` makes it idempotent: a second message of the same purpose and key within 12 hours is not
 * queued (a double submit).
 */
export async function queueSms(
  jobs: JobSender,
  sms: {
    to: string;
    text: string;
    lang: Lang;
    purpose: SmsPurpose;
    key?: string;
    /** A code's expiry: a gateway back after it gets nothing to send, and we pay for nothing. */
    expiresAt?: Date;
  },
) {
  if (!/^\+[1-9]\d{6,14}$/.test(sms.to)) {
    throw new Error(`queueSms needs an E.164 number ("+963…"), not ${JSON.stringify(sms.to)}`);
  }
  return jobs.send(
    "send-sms",
    {
      to: sms.to,
      text: sms.text,
      lang: sms.lang,
      purpose: sms.purpose,
      ...(sms.expiresAt ? { expiresAt: sms.expiresAt.toISOString() } : {}),
    },
    sms.key ? { key: `${sms.purpose}:${sms.key}` } : {},
  );
}
