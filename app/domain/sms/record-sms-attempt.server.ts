import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { smsMessages } from "~/db/schema";
import type { SmsPurpose } from "~/jobs/job-types";

export interface SmsAttempt {
  /** The send-sms job's id: one row per message, however often it is tried. */
  id: string;
  to: string;
  purpose: SmsPurpose;
  lang: string;
  gateway: string;
  outcome:
    | { status: "sent"; gatewayMessageId?: string }
    /** `final`: no retry follows (refused for good, or the last attempt). */
    | { status: "failed"; error: string; final: boolean };
}

/**
 * Records one attempt of the send-sms job in its row (made by the first attempt): sent with the
 * gateway's id, or still queued with the error (failed when no retry follows). A receipt that
 * came before this write (status delivered or failed after sent) is kept.
 */
export async function recordSmsAttempt(db: Database, attempt: SmsAttempt) {
  const { outcome } = attempt;
  const sent = outcome.status === "sent";
  const status = sent ? "sent" : outcome.final ? "failed" : "queued";
  await db
    .insert(smsMessages)
    .values({
      id: attempt.id,
      to: attempt.to,
      purpose: attempt.purpose,
      lang: attempt.lang,
      gateway: attempt.gateway,
      status,
      attempts: 1,
      gatewayMessageId: sent ? (outcome.gatewayMessageId ?? null) : null,
      error: sent ? null : outcome.error,
      sentAt: sent ? new Date() : null,
    })
    .onConflictDoUpdate({
      target: smsMessages.id,
      set: {
        status: sql`case when ${smsMessages.doneAt} is null then ${status} else ${smsMessages.status} end`,
        gateway: attempt.gateway,
        attempts: sql`${smsMessages.attempts} + 1`,
        updatedAt: sql`now()`,
        ...(sent
          ? {
              gatewayMessageId: outcome.gatewayMessageId ?? null,
              sentAt: sql`now()`,
              error: null,
            }
          : { error: outcome.error }),
      },
    });
}
