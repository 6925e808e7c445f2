import { z } from "zod";
import { PRICE_MAX } from "~/domain/listings/listing-limits";
import { parseWholeNumber } from "~/utils/numbers";
import { characterCount, cleanMultiline } from "~/utils/user-text";
import { MESSAGE_MAX_LENGTH, MESSAGE_PHOTOS_MAX } from "./messaging-limits";

/*
 * A message, as the composer checks it in the browser and the actions and use cases check it on
 * the server. Messages are keys of the `errors` catalog.
 */

export { MESSAGE_MAX_LENGTH };

/**
 * A message as it is stored: plain text, line breaks normalised, trimmed, at most three empty lines
 * in a row. Length is counted in characters as the reader sees them (an emoji is one).
 */
export const messageBody = z
  .string({ error: "MESSAGE_EMPTY" })
  .transform((value) => cleanMultiline(value).replace(/\n{4,}/g, "\n\n\n"))
  .pipe(
    z
      .string()
      .min(1, "MESSAGE_EMPTY")
      .refine((body) => characterCount(body) <= MESSAGE_MAX_LENGTH, "MESSAGE_TOO_LONG"),
  );

/**
 * The id the sender's device (or the page, without JavaScript) gave a message when it was written:
 * sending it again is the same message (issue 31).
 */
export const messageClientId = z
  .uuid({ error: "INVALID_REQUEST" })
  .transform((id) => id.toLowerCase());

export { MESSAGE_PHOTOS_MAX };

/** The photos a message names: the ids their uploads were given, one field each. */
export const messagePhotoIds = z.preprocess(
  (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]),
  z.array(z.string()).max(MESSAGE_PHOTOS_MAX, "MESSAGE_PHOTO_INVALID"),
);

/** A message's text beside photos: it may be empty, never too long. */
const captionBody = z
  .string()
  .optional()
  .transform((value) => cleanMultiline(value ?? "").replace(/\n{4,}/g, "\n\n\n"))
  .pipe(
    z.string().refine((body) => characterCount(body) <= MESSAGE_MAX_LENGTH, "MESSAGE_TOO_LONG"),
  );

/**
 * A message written into an open conversation (the thread's composer, intent "send"): text, or
 * photos with or without text.
 */
export const sendMessageSchema = z
  .object({
    body: captionBody,
    clientId: messageClientId.optional(),
    photos: messagePhotoIds,
  })
  .superRefine((value, ctx) => {
    if (!value.body && value.photos.length === 0) {
      ctx.addIssue({ code: "custom", path: ["body"], message: "MESSAGE_EMPTY" });
    }
  });

/** The first message to a seller, from the listing page (intent "start"). */
export const startConversationSchema = z.object({
  listingId: z.string({ error: "INVALID_LISTING_ID" }),
  body: messageBody,
});

/** The conversation's buttons (read, block, unblock): no fields of their own. */
export const conversationButtonSchema = z.object({});

export type MessageBodyResult =
  | { ok: true; body: string }
  | { ok: false; code: "MESSAGE_EMPTY" | "MESSAGE_TOO_LONG" };

/**
 * The use cases' check of a body, whatever the caller sent (the same schema). Beside photos the
 * text may be empty.
 */
export function parseMessageBody(
  input: unknown,
  { withPhotos = false }: { withPhotos?: boolean } = {},
): MessageBodyResult {
  const parsed = (withPhotos ? captionBody : messageBody).safeParse(input);
  if (parsed.success) return { ok: true, body: parsed.data };
  const tooLong = parsed.error.issues.some((issue) => issue.message === "MESSAGE_TOO_LONG");
  return { ok: false, code: tooLong ? "MESSAGE_TOO_LONG" : "MESSAGE_EMPTY" };
}

/** The most an offer may be: the most a listing may ask. */
export const OFFER_MAX = PRICE_MAX;

export type OfferAmountResult =
  | { ok: true; amount: number }
  | { ok: false; code: "OFFER_AMOUNT_INVALID" | "OFFER_AMOUNT_TOO_HIGH" };

/**
 * An offer's amount in SYP as it was typed: a whole number, in Latin or Arabic-Indic digits, with
 * or without separators; more than nothing and at most what a listing may ask.
 */
export function parseOfferAmount(input: unknown): OfferAmountResult {
  const amount = parseWholeNumber(input);
  if (amount === null || amount <= 0) return { ok: false, code: "OFFER_AMOUNT_INVALID" };
  if (amount > PRICE_MAX) return { ok: false, code: "OFFER_AMOUNT_TOO_HIGH" };
  return { ok: true, amount };
}

/** "Make an offer" and a counter-offer (intent "offer"). */
export const offerSchema = z.object({
  amount: z.string({ error: "OFFER_AMOUNT_INVALID" }).transform((value, ctx) => {
    const parsed = parseOfferAmount(value);
    if (parsed.ok) return parsed.amount;
    ctx.addIssue({ code: "custom", message: parsed.code });
    return z.NEVER;
  }),
});

/** Accepting or declining an offer (intents "accept-offer", "decline-offer"). */
export const offerAnswerSchema = z.object({
  offerId: z.string({ error: "OFFER_NOT_OPEN" }),
});
