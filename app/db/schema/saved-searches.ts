import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";

/** How often a member is told of new listings matching a saved search (decision 023). */
export const savedSearchCadence = pgEnum("saved_search_cadence", ["instant", "daily", "off"]);

/**
 * A member's saved search. `query` is the NORMALISED query string (parseListingQuery then
 * queryString, category included, sort and page dropped), never the raw URL, so the same search
 * saved twice is one row and every reader parses it the same way. `name` is the member's own name
 * for it; null means "describe it from the query" in the reader's language.
 */
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    query: text("query").notNull(),
    name: text("name"),
    cadence: savedSearchCadence("cadence").notNull().default("instant"),
    /** New matches are counted from here; opening the results from /saved-searches moves it. */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the alert sender last told the member about this search (its batching). */
    lastAlertedAt: timestamp("last_alerted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Where the search is filed for matching new listings (saved-search-keys.server.ts): each key a
     * condition every listing it matches meets. Null (a row written before keys existed) makes it
     * a candidate for every listing until start-up files it.
     */
    matchKeys: text("match_keys").array(),
    /** The MATCH_KEYS_VERSION that wrote match_keys; older rows are filed again at start-up. */
    matchKeysVersion: integer("match_keys_version").notNull().default(0),
  },
  (t) => [
    uniqueIndex("saved_searches_user_query_key").on(t.userId, t.query),
    index("saved_searches_user_created_idx").on(t.userId, t.createdAt),
    index("saved_searches_match_keys_idx").using("gin", t.matchKeys),
    index("saved_searches_unkeyed_idx").on(t.id).where(sql`${t.matchKeys} is null`),
    check("saved_searches_query_length", sql`char_length(${t.query}) between 1 and 2000`),
    check(
      "saved_searches_name_length",
      sql`${t.name} is null or char_length(${t.name}) between 1 and 80`,
    ),
  ],
);
