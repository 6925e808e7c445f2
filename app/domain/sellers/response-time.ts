/*
 * "Usually replies within …" (docs/decisions/026). The figures come from the database
 * (response-time.server.ts); what they may be called is decided here, free of imports.
 */

/** Conversations started this many days ago or less are read. */
export const RESPONSE_WINDOW_DAYS = 90;
/** The most recent conversations read, at most: a busy seller costs no more than this. */
export const RESPONSE_SAMPLE = 200;
/** Fewer conversations say nothing about a seller: no line is shown. */
export const MIN_CONVERSATIONS = 3;
/** An unanswered conversation counts only once it has waited this long (seconds). */
export const PENDING_AFTER_SECONDS = 60 * 60;
/**
 * A buyer counts only if their account was this old when they wrote (hours), besides a confirmed
 * e-mail and not suspended: the standing a report needs (decision 009), so a seller cannot make
 * "replies within an hour" out of accounts opened for it.
 */
export const BUYER_MIN_AGE_HOURS = 24;

const HOUR = 60 * 60;
const DAY = 24 * HOUR;

export type ResponseTime = "hour" | "day" | "days";

export interface ResponseStats {
  /** Conversations counted: one per buyer in good standing. */
  conversations: number;
  /** Median seconds from the buyer's first message to the seller's first reply; null for none. */
  medianSeconds: number | null;
}

/**
 * What a buyer is told: within an hour, a day or a few days (three); nothing with too little
 * data, and nothing for a seller who usually takes longer (we say only what is true and kind;
 * "never replies" is for moderators, not a badge).
 */
export function responseTimeOf(stats: ResponseStats | null): ResponseTime | null {
  if (!stats || stats.conversations < MIN_CONVERSATIONS || stats.medianSeconds === null) {
    return null;
  }
  const median = stats.medianSeconds;
  if (!Number.isFinite(median)) return null;
  if (median <= HOUR) return "hour";
  if (median <= DAY) return "day";
  if (median <= 3 * DAY) return "days";
  return null;
}
