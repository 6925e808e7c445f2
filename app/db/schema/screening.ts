import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { listings } from "./listings";

/**
 * A listing's latest screening before publish (issue 30): its risk score and the named rules that
 * raised it, and — when it was held "Under review" — when, and what a moderator decided. One row
 * per listing: a resubmission after a rejection screens it again and waits again.
 */
export const listingScreenings = pgTable(
  "listing_screenings",
  {
    listingId: uuid("listing_id")
      .primaryKey()
      .references(() => listings.id, { onDelete: "cascade" }),
    score: integer("score").notNull(),
    /** The rules raised, the weightiest first: `{ rule, evidence }` (risk-score.ts). */
    reasons: jsonb("reasons").notNull().default(sql`'[]'::jsonb`),
    /** Another member's listing one of its photos is (the stolen-photos rule). */
    matchedListingId: uuid("matched_listing_id").references(() => listings.id, {
      onDelete: "set null",
    }),
    screenedAt: timestamp("screened_at", { withTimezone: true }).notNull().defaultNow(),
    /** When it was held instead of published; null when it was published at once. */
    heldAt: timestamp("held_at", { withTimezone: true }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decision: text("decision"),
    /** The moderator's reason for a rejection, as typed; shown to the owner. */
    decisionReason: text("decision_reason"),
  },
  (t) => [
    check("listing_screenings_decision", sql`${t.decision} in ('approved', 'rejected')`),
    // The review queue: the listings waiting for a decision, the oldest first.
    index("listing_screenings_waiting_idx")
      .on(t.heldAt)
      .where(sql`${t.heldAt} is not null and ${t.decidedAt} is null`),
    // Posting-to-decision times of recent decisions (/metrics, the moderation page).
    index("listing_screenings_decided_idx").on(t.decidedAt).where(sql`${t.decidedAt} is not null`),
  ],
);

/**
 * Words and phrases moderators list as a sign of a scam (issue 30), in either language. `normalized`
 * is the phrase as search normalises text (app/domain/search/normalize.ts): a listing's words are
 * compared in the same form, so «حواله» finds «حوالة».
 */
export const screeningWords = pgTable(
  "screening_words",
  {
    id: serial("id").primaryKey(),
    phrase: text("phrase").notNull(),
    normalized: text("normalized").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("screening_words_normalized_idx").on(t.normalized)],
);
