import { sql } from "drizzle-orm";
import {
  check,
  index,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { listings } from "./listings";

export const favorites = pgTable(
  "favorites",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("favorites_user_listing_key").on(t.userId, t.listingId),
    index("favorites_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
    index("favorites_listing_idx").on(t.listingId),
  ],
);

/** One conversation per listing and buyer. A deleted member leaves the other party's messages. */
export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    buyerId: text("buyer_id").references(() => users.id, { onDelete: "set null" }),
    sellerId: text("seller_id").references(() => users.id, { onDelete: "set null" }),
    /**
     * Where the buyer wrote from, as a keyed hash of the network (buyer-network.server.ts): reply
     * times count one buyer per network, so accounts opened on one connection are one.
     */
    buyerNetwork: text("buyer_network"),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("conversations_listing_buyer_key").on(t.listingId, t.buyerId),
    index("conversations_buyer_last_idx").on(t.buyerId, t.lastMessageAt.desc().nullsFirst()),
    index("conversations_seller_last_idx").on(t.sellerId, t.lastMessageAt.desc().nullsFirst()),
  ],
);

export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderId: text("sender_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Made by the sender's device when the message was written (issue 31): the same message sent
     * again — from the outbox after a power cut, by the service worker, a form posted twice — is
     * the same row. Unique per sender, so another member's id names nothing of theirs.
     */
    clientId: uuid("client_id"),
  },
  (t) => [
    check("messages_body_length", sql`char_length(${t.body}) between 1 and 2000`),
    index("messages_conversation_created_idx").on(t.conversationId, t.createdAt),
    uniqueIndex("messages_sender_client_key")
      .on(t.senderId, t.clientId)
      .where(sql`${t.clientId} is not null`),
  ],
);

export const blocks = pgTable(
  "blocks",
  {
    blockerId: text("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: text("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    check("blocks_not_self", sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

export const reportReason = pgEnum("report_reason", [
  "scam",
  "prohibited",
  "wrong_category",
  "duplicate",
  "offensive",
  "other",
]);
export const reportStatus = pgEnum("report_status", ["open", "dismissed", "actioned"]);

export const reports = pgTable(
  "reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id").references(() => users.id, { onDelete: "set null" }),
    reason: reportReason("reason").notNull(),
    details: text("details").notNull().default(""),
    status: reportStatus("status").notNull().default("open"),
    resolvedBy: text("resolved_by").references(() => users.id, { onDelete: "set null" }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("reports_listing_reporter_key").on(t.listingId, t.reporterId),
    index("reports_status_created_idx").on(t.status, t.createdAt),
    check("reports_details_length", sql`char_length(${t.details}) <= 2000`),
  ],
);

/** Audit log of every moderator decision: who, what, when and why. */
export const moderationActions = pgTable(
  "moderation_actions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    moderatorId: text("moderator_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    listingId: uuid("listing_id").references(() => listings.id, { onDelete: "set null" }),
    targetUserId: text("target_user_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason").notNull().default(""),
    /** Facts behind an automatic decision, e.g. the standing of the reporters of a hold. */
    details: jsonb("details").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("moderation_actions_created_idx").on(t.createdAt.desc().nullsFirst())],
);

/**
 * Every time a member revealed a seller's phone number: the limits count these rows, and
 * moderators can see who harvests numbers. The address is stored hashed.
 */
export const phoneReveals = pgTable(
  "phone_reveals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: text("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    ipHash: text("ip_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("phone_reveals_member_created_idx").on(t.memberId, t.createdAt),
    index("phone_reveals_ip_created_idx").on(t.ipHash, t.createdAt),
  ],
);
