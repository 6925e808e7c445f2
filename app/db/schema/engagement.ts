import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
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
    /**
     * A step of an offer (issue 31): the offer it is about, and which step — made, countered (the
     * new amount), accepted or declined. The body holds the step in the sender's words, for the
     * inbox, notices and moderators; the thread draws it from the offer in the reader's language.
     */
    offerId: uuid("offer_id").references(() => offers.id, { onDelete: "cascade" }),
    offerStep: text("offer_step"),
  },
  (t) => [
    // Empty only for a message of photos alone (message_photos), which the use case checks.
    check("messages_body_length", sql`char_length(${t.body}) between 0 and 2000`),
    check(
      "messages_offer_step",
      sql`(${t.offerId} is null) = (${t.offerStep} is null) and (${t.offerStep} is null or ${t.offerStep} in ('made', 'countered', 'accepted', 'declined'))`,
    ),
    index("messages_conversation_created_idx").on(t.conversationId, t.createdAt),
    uniqueIndex("messages_sender_client_key")
      .on(t.senderId, t.clientId)
      .where(sql`${t.clientId} is not null`),
  ],
);

/**
 * A price offered in a conversation (issue 31), in SYP: open until the member who did not make it
 * accepts, declines or counters it (a counter is a new open offer; the old one is "countered").
 * One open offer per conversation, which is one per buyer and listing.
 */
export const offers = pgTable(
  "offers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    /** Null once the member who made it deleted their account. */
    madeBy: text("made_by").references(() => users.id, { onDelete: "set null" }),
    amount: bigint("amount", { mode: "number" }).notNull(),
    status: text("status").notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
  },
  (t) => [
    check("offers_amount_positive", sql`${t.amount} > 0`),
    check("offers_status", sql`${t.status} in ('open', 'accepted', 'declined', 'countered')`),
    uniqueIndex("offers_one_open_key").on(t.conversationId).where(sql`${t.status} = 'open'`),
    index("offers_conversation_idx").on(t.conversationId, t.createdAt),
  ],
);

/**
 * A photo in a message (issue 31), seen only by the conversation's two members: stored under
 * `private/messages/`, which the public `/media` path never serves, and read through the thread's
 * photo route after a membership check. Uploaded while the message is written (`message_id`
 * null), taken by the message that names it; one no message took goes with the hourly sweep.
 */
export const messagePhotos = pgTable(
  "message_photos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderId: text("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The browser's name for the upload: sent again after a dropped connection, it is one photo. */
    uploadId: uuid("upload_id").notNull(),
    messageId: uuid("message_id").references(() => messages.id, { onDelete: "cascade" }),
    /** Chosen by the server: `private/messages/<uuid>`, variants `${key}-${width}.webp`. */
    storageKey: text("storage_key").notNull(),
    variants: jsonb("variants").$type<{ width: number; height: number; key: string }[]>(),
    width: integer("width"),
    height: integer("height"),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("message_photos_sender_upload_key").on(t.senderId, t.uploadId),
    index("message_photos_message_idx").on(t.messageId),
    index("message_photos_unsent_idx").on(t.createdAt).where(sql`${t.messageId} is null`),
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

/**
 * A party's report of a conversation (issue 31): once per reporter and conversation. While one
 * is open, moderators may read the conversation and its photos, which are otherwise the two
 * members' alone; a dismissal or a suspension of the reported member closes it.
 */
export const conversationReports = pgTable(
  "conversation_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id").references(() => users.id, { onDelete: "set null" }),
    /** The other party, whom the report is about. */
    reportedId: text("reported_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    details: text("details").notNull().default(""),
    status: reportStatus("status").notNull().default("open"),
    resolvedBy: text("resolved_by").references(() => users.id, { onDelete: "set null" }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("conversation_reports_conversation_reporter_key").on(
      t.conversationId,
      t.reporterId,
    ),
    index("conversation_reports_open_idx").on(t.createdAt).where(sql`${t.status} = 'open'`),
    index("conversation_reports_reported_idx").on(t.reportedId),
    check(
      "conversation_reports_reason",
      sql`${t.reason} in ('scam', 'harassment', 'spam', 'other')`,
    ),
    check("conversation_reports_details_length", sql`char_length(${t.details}) <= 2000`),
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
    /**
     * What the member asked for the number for (issue 32): to call it, or to open WhatsApp. The
     * seller's statistics count each once per member and listing a day.
     */
    channel: text("channel", { enum: ["phone", "whatsapp"] })
      .notNull()
      .default("phone"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("phone_reveals_member_created_idx").on(t.memberId, t.createdAt),
    index("phone_reveals_ip_created_idx").on(t.ipHash, t.createdAt),
  ],
);
