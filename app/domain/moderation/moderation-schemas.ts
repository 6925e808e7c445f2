import { z } from "zod";
import { characterCount, cleanMultiline } from "~/utils/user-text";
import {
  type ConversationReportReason,
  isConversationReportReason,
  isReportReason,
  MODERATION_REASON_MAX,
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  type ReportReason,
} from "./moderation-limits";

/*
 * Reports and moderator decisions: the forms' schemas, checked in the browser and again on the
 * server (messages are keys of the `errors` catalog), and the codes a listing's removal_reason
 * carries when the system (not a person) hid it.
 */

export type { ConversationReportReason, ReportReason };
export { isReportReason, MODERATION_REASON_MAX, REPORT_DETAILS_MAX, REPORT_REASONS };

/**
 * A report: a reason from `isReason`, and details in the member's words (required for "other").
 * `reasonCode` names the missing reason for what is reported (a listing, a conversation).
 */
function reportSchemaOf<Reason extends string>(
  isReason: (value: unknown) => value is Reason,
  reasonCode: "REPORT_REASON_REQUIRED" | "CONVERSATION_REPORT_REASON_REQUIRED",
) {
  return z
    .object({
      reason: z.string({ error: reasonCode }).refine(isReason, reasonCode),
      details: z
        .string()
        .default("")
        .transform(cleanMultiline)
        .pipe(
          z
            .string()
            .refine(
              (text) => characterCount(text) <= REPORT_DETAILS_MAX,
              "REPORT_DETAILS_TOO_LONG",
            ),
        ),
    })
    .refine((report) => report.reason !== "other" || report.details.length > 0, {
      message: "REPORT_DETAILS_REQUIRED",
      path: ["details"],
    })
    .transform((report) => ({ reason: report.reason as Reason, details: report.details }));
}

/** A member's report of a listing: why, and in their words (required for "other"). */
export const reportSchema = reportSchemaOf(isReportReason, "REPORT_REASON_REQUIRED");

/** A party's report of a conversation (issue 31), the same shape with its own reasons. */
export const conversationReportSchema = reportSchemaOf(
  isConversationReportReason,
  "CONVERSATION_REPORT_REASON_REQUIRED",
);

/** A moderator's reason: required, at most MODERATION_REASON_MAX characters once cleaned. */
export const moderationReason = z
  .string({ error: "MODERATION_REASON_REQUIRED" })
  .transform(cleanMultiline)
  .pipe(
    z
      .string()
      .min(1, "MODERATION_REASON_REQUIRED")
      .refine(
        (reason) => characterCount(reason) <= MODERATION_REASON_MAX,
        "MODERATION_REASON_TOO_LONG",
      ),
  );

/** Every moderator decision (dismiss, remove, restore, suspend, lift) carries a reason. */
export const decisionSchema = z.object({ reason: moderationReason });

/** Distinct members with open reports on a listing before it is hidden for review. */
export const AUTO_HIDE_REPORTERS = 3;
/**
 * Only reports from members in good standing count towards that automatic hold: a confirmed
 * e-mail or a verified phone, an account at least this old, not suspended. Anyone else's report still reaches the
 * moderators' queue — three throwaway accounts can no longer take a rival's listing down.
 */
export const TRUSTED_REPORTER_MIN_AGE_DAYS = 1;

/*
 * removal_reason codes written by the system. A moderator's own reason is free text and shown as
 * written; these are translated on display. The ":sold" variants remember that the listing was
 * sold before it was hidden, so it goes back to sold rather than active.
 */
export const HELD_FOR_REPORTS = "held:reports";
export const HELD_FOR_REPORTS_SOLD = "held:reports:sold";
/** Held "Under review" by the screening before publish (issue 30), until a moderator decides. */
export const HELD_FOR_SCREENING = "held:screening";
export const OWNER_SUSPENDED = "suspended";
export const OWNER_SUSPENDED_SOLD = "suspended:sold";

export type SystemRemovalCode = "held" | "review" | "suspended";

/** Which system code a removal reason is, or null for a moderator's own words. */
export function systemRemovalCode(reason: string | null | undefined): SystemRemovalCode | null {
  if (reason === HELD_FOR_REPORTS || reason === HELD_FOR_REPORTS_SOLD) return "held";
  if (reason === HELD_FOR_SCREENING) return "review";
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
  "remove_rating",
  "dismiss_rating_reports",
  "hold_listing",
  "approve_listing",
  "reject_listing",
  "add_screening_word",
  "remove_screening_word",
  "dismiss_conversation_reports",
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
