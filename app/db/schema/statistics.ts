import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
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

/**
 * The fair-price guide (issue 32): for each kind of car (make, model, year, mileage band) and
 * flat (city, sale or rent, type, bedrooms) that has at least PRICE_GUIDE_MIN comparable
 * listings — active, or sold in the last 180 days; a car's years ±1 — the median and middle half
 * of their prices, outliers trimmed. Rebuilt whole by the hourly maintenance
 * (app/domain/statistics/price-guide.server.ts); `key` is the database function
 * price_guide_key(...) of a listing's fields (drizzle/0029_price_guide.sql), so a listing's page
 * finds its row in the statement that reads the listing.
 */
export const priceGuides = pgTable("price_guides", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  median: bigint("median", { mode: "number" }).notNull(),
  low: bigint("low", { mode: "number" }).notNull(),
  high: bigint("high", { mode: "number" }).notNull(),
  refreshedAt: timestamp("refreshed_at", { withTimezone: true }).notNull().defaultNow(),
});
