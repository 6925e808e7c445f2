import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { listings } from "./listings";

/**
 * A listing's figures for one day in Damascus (issue 32): what its owner's statistics and
 * dashboard draw. One row per listing and day it had anything, written by upserts that add to it.
 * Rows older than STATS_DAILY_DAYS are folded into one row per month, on the month's first day,
 * with `days` saying how many days it holds (app/domain/statistics).
 */
export const listingDailyStats = pgTable(
  "listing_daily_stats",
  {
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    /** The listing's owner, copied: the dashboard reads a seller's days through one index. */
    sellerId: text("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    /** 1 for a day; a folded month's number of days. */
    days: smallint("days").notNull().default(1),
    views: integer("views").notNull().default(0),
    favorites: integer("favorites").notNull().default(0),
    phoneReveals: integer("phone_reveals").notNull().default(0),
    whatsappTaps: integer("whatsapp_taps").notNull().default(0),
    conversations: integer("conversations").notNull().default(0),
    /** How many results pages (search, category, home) showed it. */
    impressions: integer("impressions").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.listingId, t.day] }),
    index("listing_daily_stats_seller_day_idx").on(t.sellerId, t.day),
    check("listing_daily_stats_days_range", sql`${t.days} between 1 and 31`),
  ],
);
