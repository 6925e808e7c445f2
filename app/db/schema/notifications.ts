import { boolean, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { conversations } from "./engagement";

/**
 * What a member wants to be told, per kind and channel (issue 15). No row: everything on. The
 * unsubscribe link of an e-mail turns off that kind's e-mail only.
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
