/*
 * Reports and moderator decisions, shared by the browser and the server. Limits and the codes a
 * listing's removal_reason carries when the system (not a person) hid it.
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

export const REPORT_DETAILS_MAX = 2_000;
/** A moderator's reason: the owner reads it, the audit log keeps it. */
export const MODERATION_REASON_MAX = 500;
/** Distinct members with open reports on a listing before it is hidden for review. */
export const AUTO_HIDE_REPORTERS = 3;
/**
 * Only reports from members in good standing count towards that automatic hold: a confirmed
 * e-mail, an account at least this old, not suspended. Anyone else's report still reaches the
 * moderators' queue — three throwaway accounts can no longer take a rival's listing down.
 */
export const TRUSTED_REPORTER_MIN_AGE_DAYS = 1;

export function isReportReason(value: unknown): value is ReportReason {
  return typeof value === "string" && (REPORT_REASONS as readonly string[]).includes(value);
}

/*
 * removal_reason codes written by the system. A moderator's own reason is free text and shown as
 * written; these are translated on display. The ":sold" variants remember that the listing was
 * sold before it was hidden, so it goes back to sold rather than active.
 */
export const HELD_FOR_REPORTS = "held:reports";
export const HELD_FOR_REPORTS_SOLD = "held:reports:sold";
export const OWNER_SUSPENDED = "suspended";
export const OWNER_SUSPENDED_SOLD = "suspended:sold";

export type SystemRemovalCode = "held" | "suspended";

/** Which system code a removal reason is, or null for a moderator's own words. */
export function systemRemovalCode(reason: string | null | undefined): SystemRemovalCode | null {
  if (reason === HELD_FOR_REPORTS || reason === HELD_FOR_REPORTS_SOLD) return "held";
  if (reason === OWNER_SUSPENDED || reason === OWNER_SUSPENDED_SOLD) return "suspended";
  return null;
}

/** The status a listing hidden by the system returns to. */
export function statusBeforeHold(reason: string | null | undefined): "active" | "sold" {
  return reason === HELD_FOR_REPORTS_SOLD || reason === OWNER_SUSPENDED_SOLD ? "sold" : "active";
}

/** Actions in the audit log (moderation_actions.action). */
export const MODERATION_ACTIONS = [
  "auto_hide",
  "dismiss_reports",
  "remove_listing",
  "restore_listing",
  "suspend_member",
  "lift_suspension",
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export { cleanMultiline } from "~/utils/user-text";
