import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Every text message the send-sms job worked (docs/decisions/035-sms-delivery.md): one row per
 * job, its id the job's. `queued` while the gateway has not taken it (the last attempt's error in
 * `error`), `sent` once it did (with the gateway's id), `delivered` or `failed` when a delivery
 * receipt says so; `failed` too when the gateway refused it for good or the retries ran out.
 */
export const smsMessages = pgTable(
  "sms_messages",
  {
    id: uuid("id").primaryKey(),
    /** E.164. */
    to: text("to").notNull(),
    purpose: text("purpose").notNull(),
    lang: text("lang").notNull(),
    status: text("status", { enum: ["queued", "sent", "delivered", "failed"] }).notNull(),
    /** smpp, http or outbox: what SMS_URL chose when it was sent. */
    gateway: text("gateway").notNull(),
    gatewayMessageId: text("gateway_message_id"),
    /** The last failure in the gateway's words (never with credentials); shown to no member. */
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** When the receipt came: delivered, or failed after it was sent. */
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [
    check("sms_messages_status", sql`${t.status} in ('queued', 'sent', 'delivered', 'failed')`),
    index("sms_messages_gateway_message_id").on(t.gateway, t.gatewayMessageId),
    index("sms_messages_to_created_at").on(t.to, t.createdAt),
  ],
);
