import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { smsMessages } from "~/db/schema";

/**
 * A gateway's delivery receipt: the message it knows as `gatewayMessageId` was delivered, or
 * the carrier gave up on it. Returns whether a row of ours had that id (false: a receipt for a
 * message sent before sms_messages existed, another application's on a shared account, or one
 * that came before its own send was recorded — the caller may ask again).
 */
export async function recordSmsReceipt(
  db: Database,
  receipt: {
    gateway: string;
    gatewayMessageId: string;
    status: "delivered" | "failed";
    error?: string;
  },
) {
  const updated = await db
    .update(smsMessages)
    .set({
      status: receipt.status,
      error: receipt.status === "failed" ? (receipt.error ?? "failed") : sql`${smsMessages.error}`,
      doneAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(smsMessages.gateway, receipt.gateway),
        eq(smsMessages.gatewayMessageId, receipt.gatewayMessageId),
      ),
    )
    .returning({ id: smsMessages.id });
  return updated.length > 0;
}
