import {
  bigint,
  boolean,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { conversations } from "./engagement";
import { listings } from "./listings";

/**
 * What a member wants to be told, per kind and channel (docs/product-decisions.md §D16). No row:
 * everything on. The unsubscribe link of an e-mail turns off that kind's e-mail only.
 */
export const notificationPreferences = pgTable("notification_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Unread messages. */
  messagesEmail: boolean("messages_email").notNull().default(true),
  messagesPush: boolean("messages_push").notNull().default(true),
  /** Saved-search alerts. */
  alertsEmail: boolean("alerts_email").notNull().default(true),
  alertsPush: boolean("alerts_push").notNull().default(true),
  /** Price drops and sales of favourites. */
  favoritesEmail: boolean("favorites_email").notNull().default(true),
  favoritesPush: boolean("favorites_push").notNull().default(true),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * When a member was last e-mailed about unread messages in a conversation: at most one such
 * e-mail per conversation and member an hour, and a job that runs twice sends one.
 */
export const conversationNotices = pgTable(
  "conversation_notices",
  {
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    notifiedAt: timestamp("notified_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.memberId] })],
);

/**
 * What a member who saved a listing has been told about it: at most one notice a day, a price
 * drop only below the lowest price they were told, a sale once. The notify-watchers job claims a
 * watcher's notice by upserting this row in the statement that decides it, so a price toggled up
 * and down, a job run twice or two jobs at once tell each watcher once.
 */
export const watcherNotices = pgTable(
  "watcher_notices",
  {
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The last notice of any kind. */
    notifiedAt: timestamp("notified_at", { withTimezone: true }).notNull(),
    /** The lowest price a price-drop notice told of; null until one did. */
    lowestPrice: bigint("lowest_price", { mode: "number" }),
    /** When the sale was told; a listing sold again is not told again. */
    soldNotifiedAt: timestamp("sold_notified_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.listingId, t.memberId] }),
    // Deleting an account deletes its rows.
    index("watcher_notices_member_idx").on(t.memberId),
  ],
);

/**
 * A browser a member subscribed to Web Push (decision 021): the push service's endpoint and
 * the keys its payloads are encrypted to (RFC 8291). An endpoint belongs to one browser profile,
 * so it is unique: the same browser subscribed by another member moves to them. Deleted when the
 * push service answers 404/410 (expired) and with the member.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    /** The browser's P-256 public key and auth secret, base64url as the browser gives them. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The last push the service accepted. */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_key").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
  ],
);
