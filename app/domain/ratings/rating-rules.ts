import { type ZodType, z } from "zod";
import type { Database } from "~/db/client.server";
import type { Member } from "~/domain/accounts/session.server";
import { isListingId } from "~/domain/listings/listings-schemas";
import { AppError, type AppErrorCode } from "~/utils/app-error";
import { toLatinDigits } from "~/utils/numbers";
import { characterCount, cleanMultiline } from "~/utils/user-text";

/*
 * Ratings earned in a real exchange (decision 038): who may rate whom and when, as one pure rule
 * the conversation page and the use case both apply to the same facts, and the form's schema.
 * Messages are keys of the `errors` catalog.
 */

/** Hours after the first message before either side may rate, unless the listing is sold. */
export const RATING_OPENS_AFTER_HOURS = 24;
/** Days a rating can be changed after it is given. */
export const RATING_EDIT_DAYS = 7;
export const RATING_COMMENT_MAX = 500;
export const RATING_REPLY_MAX = 500;
export const RATING_TAGS_MAX = 3;
/** An average is shown from this many counted ratings. */
export const RATINGS_SHOWN_FROM = 3;
/** How long a rater must have been a member for their rating to count. */
export const RATER_MIN_AGE_HOURS = 24;

/** The fixed tags, good then bad; each has an en/ar text under `ratings.tags.*`. */
export const RATING_TAGS = [
  "as_described",
  "on_time",
  "fair_price",
  "friendly",
  "quick_replies",
  "not_as_described",
  "no_show",
  "price_changed",
  "rude",
  "asked_deposit",
] as const;
export type RatingTag = (typeof RATING_TAGS)[number];
export const NEGATIVE_TAGS: ReadonlySet<RatingTag> = new Set([
  "not_as_described",
  "no_show",
  "price_changed",
  "rude",
  "asked_deposit",
]);

export function isRatingTag(value: unknown): value is RatingTag {
  return typeof value === "string" && (RATING_TAGS as readonly string[]).includes(value);
}

/** What the rule needs to know about a conversation, from the rater's side. */
export interface ExchangeFacts {
  listingStatus: string;
  /** The first message in the conversation; null when there is none. */
  firstMessageAt: Date | null;
  /** Both the buyer and the seller wrote at least one message. */
  bothWrote: boolean;
  /** The other side still has an account. */
  otherPresent: boolean;
  /** Either side blocked the other. */
  blocked: boolean;
  /** The rater's rating in this conversation, if they gave one. */
  mineAt: Date | null;
}

export type RatingWindow =
  | { state: "open" }
  | { state: "editable"; until: Date }
  | { state: "closed" }
  | { state: "wait"; opensAt: Date }
  | {
      state: "refused";
      reason: "RATING_NO_EXCHANGE" | "RATING_BLOCKED" | "CONVERSATION_CLOSED";
    };

const HOUR_MS = 60 * 60 * 1000;

/**
 * Whether the member may rate the other side now: both wrote, the other is still a member and
 * neither blocked the other; 24 hours after the first message or once the listing is sold; once,
 * then editable for seven days.
 */
export function ratingWindow(facts: ExchangeFacts, now: Date = new Date()): RatingWindow {
  if (facts.mineAt) {
    const until = new Date(facts.mineAt.getTime() + RATING_EDIT_DAYS * 24 * HOUR_MS);
    return until > now ? { state: "editable", until } : { state: "closed" };
  }
  if (!facts.otherPresent) return { state: "refused", reason: "CONVERSATION_CLOSED" };
  if (facts.blocked) return { state: "refused", reason: "RATING_BLOCKED" };
  if (!facts.bothWrote || !facts.firstMessageAt)
    return { state: "refused", reason: "RATING_NO_EXCHANGE" };
  if (facts.listingStatus === "sold") return { state: "open" };
  const opensAt = new Date(facts.firstMessageAt.getTime() + RATING_OPENS_AFTER_HOURS * HOUR_MS);
  return opensAt <= now ? { state: "open" } : { state: "wait", opensAt };
}

// Comments are one paragraph of plain text: controls and every bidirectional control go.
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

function cleanComment(value: unknown) {
  return cleanMultiline(value)
    .replace(BIDI_CONTROLS, "")
    .replace(/\n{3,}/g, "\n\n");
}

const stars = z
  .union([z.string(), z.number()], { error: "RATING_STARS_REQUIRED" })
  .transform((value) => Number(toLatinDigits(String(value)).trim()))
  .pipe(
    z
      .number({ error: "RATING_STARS_REQUIRED" })
      .int("RATING_STARS_REQUIRED")
      .min(1, "RATING_STARS_REQUIRED")
      .max(5, "RATING_STARS_REQUIRED"),
  );

const tags = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]))
  .pipe(
    z
      .array(z.string().refine(isRatingTag, "RATING_TAG_UNKNOWN"))
      .max(RATING_TAGS_MAX, "RATING_TOO_MANY_TAGS"),
  )
  .transform((list) => [...new Set(list)] as RatingTag[]);

const comment = z
  .string()
  .optional()
  .transform((value) => cleanComment(value ?? ""))
  .pipe(
    z
      .string()
      .refine((text) => characterCount(text) <= RATING_COMMENT_MAX, "RATING_COMMENT_TOO_LONG"),
  );

/** A rating as the form sends it (intent "rate" on the conversation page). */
export const ratingSchema = z.object({ stars, tags, comment });
export type RatingInput = z.output<typeof ratingSchema>;

/** What answering or reporting a rating is given: the member, and the form as it was sent. */
export interface RatingFormAction {
  db: Database;
  member: Pick<Member, "id">;
  input: unknown;
}

/** A rating's id as a form sends it: an id of the wrong shape is one nobody may see. */
const ratingId = z
  .string({ error: "NOT_FOUND" })
  .refine(isListingId, "NOT_FOUND")
  .transform((id) => id.toLowerCase());

/** The rated member's one public answer. */
export const ratingReplySchema = z.object({
  ratingId,
  reply: z
    .string({ error: "RATING_REPLY_EMPTY" })
    .transform(cleanComment)
    .pipe(
      z
        .string()
        .min(1, "RATING_REPLY_EMPTY")
        .refine((text) => characterCount(text) <= RATING_REPLY_MAX, "RATING_REPLY_TOO_LONG"),
    ),
});

/** A member's report of a rating, with optional details. */
export const ratingReportSchema = z.object({
  ratingId,
  details: z
    .string()
    .optional()
    .transform((value) => cleanComment(value ?? ""))
    .pipe(z.string().refine((text) => characterCount(text) <= 1000, "REPORT_DETAILS_TOO_LONG")),
});

/** Average of counted ratings and their count; the average only from RATINGS_SHOWN_FROM. */
export interface RatingSummary {
  count: number;
  /** One decimal; null below RATINGS_SHOWN_FROM. */
  average: number | null;
}

export function toRatingSummary(raw: { n?: unknown; avg?: unknown } | null): RatingSummary {
  const count = Number(raw?.n ?? 0) || 0;
  const avg = raw?.avg == null ? null : Number(raw.avg);
  return {
    count,
    average:
      count >= RATINGS_SHOWN_FROM && avg !== null && Number.isFinite(avg)
        ? Math.round(avg * 10) / 10
        : null,
  };
}

/**
 * A ratings form as its use case takes it, or the AppError that says what to fix and where: a
 * malformed `ratingId` is NOT_FOUND (like any id nobody may see), a message of the schema that is
 * an error code is that error under its field, anything else `fallback` under `field`.
 */
export function parseRatingForm<S extends ZodType>(
  schema: S,
  input: unknown,
  fallback: AppErrorCode,
  field: string,
): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  if (issue?.path[0] === "ratingId") throw new AppError("NOT_FOUND");
  const code = RATING_FORM_CODES.find((known) => known === issue?.message) ?? fallback;
  throw new AppError(code, { field: String(issue?.path[0] ?? field) });
}

const RATING_FORM_CODES = [
  "RATING_STARS_REQUIRED",
  "RATING_TAG_UNKNOWN",
  "RATING_TOO_MANY_TAGS",
  "RATING_COMMENT_TOO_LONG",
  "RATING_REPLY_EMPTY",
  "RATING_REPLY_TOO_LONG",
  "REPORT_DETAILS_TOO_LONG",
] as const satisfies readonly AppErrorCode[];
