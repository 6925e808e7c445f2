import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { conversations } from "./engagement";
import { listings } from "./listings";

/**
 * A rating one side of a real exchange gave the other (decision 038): one per rater and
 * conversation, so once per side per listing. It outlives the listing and the conversation (a
 * seller cannot delete a listing to lose its ratings): both references fall to null and the
 * listing's title is kept.
 */
export const ratings = pgTable(
  "ratings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id").references(() => conversations.id, {
      onDelete: "set null",
    }),
    listingId: uuid("listing_id").references(() => listings.id, { onDelete: "set null" }),
    listingTitle: text("listing_title").notNull(),
    raterId: text("rater_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ratedId: text("rated_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** What the rated member was in the exchange: the listing's seller, or a buyer. */
    ratedAs: text("rated_as").notNull(),
    stars: smallint("stars").notNull(),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    comment: text("comment").notNull().default(""),
    /** The rater's network (keyed hash): one rating per network per rated member per day counts. */
    raterNetwork: text("rater_network").notNull(),
    /**
     * Whether the rating counts in the average, decided when it is given: the rater was in good
     * standing (verified phone or confirmed e-mail, a member for a day) and the first from their
     * network for this member that day. A rater suspended later stops counting when it is read.
     */
    counts: boolean("counts").notNull(),
    reply: text("reply"),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    removedAt: timestamp("removed_at", { withTimezone: true }),
    removedBy: text("removed_by").references(() => users.id, { onDelete: "set null" }),
    removalReason: text("removal_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("ratings_conversation_rater_key").on(t.conversationId, t.raterId),
    index("ratings_rated_created_idx").on(t.ratedId, t.createdAt.desc().nullsFirst()),
    index("ratings_rated_network_created_idx").on(t.ratedId, t.raterNetwork, t.createdAt),
    check("ratings_stars_range", sql`${t.stars} between 1 and 5`),
    check("ratings_rated_as", sql`${t.ratedAs} in ('seller', 'buyer')`),
    check("ratings_tags_count", sql`cardinality(${t.tags}) <= 3`),
    check("ratings_comment_length", sql`char_length(${t.comment}) <= 500`),
    check("ratings_reply_length", sql`char_length(${t.reply}) <= 500`),
    check("ratings_not_self", sql`${t.raterId} <> ${t.ratedId}`),
  ],
);

/** A member's report of a rating; moderators remove the rating or dismiss the reports. */
export const ratingReports = pgTable(
  "rating_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ratingId: uuid("rating_id")
      .notNull()
      .references(() => ratings.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id").references(() => users.id, { onDelete: "set null" }),
    details: text("details").notNull().default(""),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("rating_reports_rating_reporter_key").on(t.ratingId, t.reporterId),
    index("rating_reports_open_idx").on(t.createdAt).where(sql`${t.resolvedAt} is null`),
    check("rating_reports_details_length", sql`char_length(${t.details}) <= 1000`),
  ],
);
