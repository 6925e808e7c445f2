import type { Database } from "../../app/db/client.server";
import { recordSmsAttempt } from "../../app/domain/sms/record-sms-attempt.server";
import { recordSmsReceipt } from "../../app/domain/sms/record-sms-receipt.server";
import type { JobLogger } from "../../app/jobs/job-queue.server";
import { SmsDeliveryError, type SmsReceipt, type SmsSender } from "../../app/sms/sms-sender";
import { type AppJobQueue, type Policies, retried, type WorkContext } from "./queue";

/**
 * Text messages (docs/decisions/035-sms-delivery.md): a gateway that is down is waited out for
 * about two hours (8 retries, doubling from JOB_RETRY_DELAY_SECONDS, 30 s by default) — a code is
 * delayed, never lost; an attempt is bounded by the sender's own 10 s timeouts, so 2 minutes
 * means it hung. A refusal no retry can change (an invalid number) ends the job at once, and a
 * text whose `expiresAt` has passed (a code the member can no longer type) is not sent at all.
 */
export const smsPolicies: Policies<"send-sms"> = (settings) => ({
  "send-sms": retried(settings, 8, 2 * 60),
});

export async function workSmsJobs(queue: AppJobQueue, context: WorkContext) {
  const { database, logger, sms } = context;
  await queue.work(
    "send-sms",
    async (job) => {
      const row = {
        id: job.id,
        to: job.data.to,
        purpose: job.data.purpose,
        lang: job.data.lang,
        gateway: sms.kind,
      };
      if (job.data.expiresAt && Date.parse(job.data.expiresAt) <= Date.now()) {
        // A code the member can no longer type: sending it costs money and tells them nothing.
        await recordSmsAttempt(database.db, {
          ...row,
          outcome: { status: "failed", error: "expired before it could be sent", final: true },
        });
        logger.warn(
          { jobId: job.id, purpose: job.data.purpose },
          "text message expired in the queue; it was not sent",
        );
        return;
      }
      try {
        const { gatewayId } = await sms.send(job.data);
        await recordSmsAttempt(database.db, {
          ...row,
          outcome: { status: "sent", gatewayMessageId: gatewayId },
        });
      } catch (error) {
        const permanent = error instanceof SmsDeliveryError && error.permanent;
        const message = error instanceof SmsDeliveryError ? error.message : "SMS sender failed";
        await recordSmsAttempt(database.db, {
          ...row,
          outcome: {
            status: "failed",
            error: message,
            final: permanent || job.attempt >= job.maxAttempts,
          },
        });
        if (!permanent) throw error;
        logger.warn(
          { jobId: job.id, purpose: job.data.purpose, error: message },
          "text message refused by the gateway; it will not be retried",
        );
      }
    },
    { concurrency: 4 },
  );
}

/** Waits before asking again for a receipt's row: its send may still be being recorded. */
const RECEIPT_RETRY_MS = [200, 1000, 5000];

/**
 * What a sender calls with each delivery receipt: the row of the message it names becomes
 * delivered or failed. A fast SMSC can send the receipt before the job has recorded the
 * submit_sm's answer, so a receipt that finds no row is tried again a few times.
 */
export function receiptRecorder(
  db: Database,
  gateway: SmsSender["kind"],
  logger: JobLogger,
): (receipt: SmsReceipt) => void {
  return (receipt) => {
    const attempt = async (tries: number) => {
      const found = await recordSmsReceipt(db, {
        gateway,
        gatewayMessageId: receipt.gatewayId,
        status: receipt.status,
        error: receipt.error,
      });
      if (found) return;
      const wait = RECEIPT_RETRY_MS[tries];
      if (wait === undefined) {
        logger.info({ gatewayId: receipt.gatewayId }, "delivery receipt for an unknown message");
        return;
      }
      setTimeout(() => void attempt(tries + 1).catch(report), wait).unref();
    };
    const report = (error: unknown) =>
      logger.error({ err: error, gatewayId: receipt.gatewayId }, "recording a receipt failed");
    void attempt(0).catch(report);
  };
}
