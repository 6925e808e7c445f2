/*
 * Reports' and decisions' limits and choices, typed once: the schemas enforce them
 * (moderation-schemas.ts), the forms draw them (the reasons, maxLength). A plain module, so a page
 * can read them without fetching Zod.
 */

export const REPORT_REASONS = [
  "scam",
  "prohibited",
  "wrong_category",
  "duplicate",
  "offensive",
  "other",
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/**
 * Why a party reports a conversation (issue 31): what goes wrong in messages rather than in an
 * ad — a deposit asked for or a fake transfer receipt, threats, advertising.
 */
export const CONVERSATION_REPORT_REASONS = ["scam", "harassment", "spam", "other"] as const;
export type ConversationReportReason = (typeof CONVERSATION_REPORT_REASONS)[number];

export const REPORT_DETAILS_MAX = 2_000;
/** A moderator's reason: the owner reads it, the audit log keeps it. */
export const MODERATION_REASON_MAX = 500;

export function isReportReason(value: unknown): value is ReportReason {
  return typeof value === "string" && (REPORT_REASONS as readonly string[]).includes(value);
}

export function isConversationReportReason(value: unknown): value is ConversationReportReason {
  return (
    typeof value === "string" && (CONVERSATION_REPORT_REASONS as readonly string[]).includes(value)
  );
}
