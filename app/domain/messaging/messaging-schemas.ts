import { z } from "zod";
import { characterCount, cleanMultiline } from "~/utils/user-text";
import { MESSAGE_MAX_LENGTH } from "./messaging-limits";

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

/** A message written into an open conversation (the thread's composer, intent "send"). */
export const sendMessageSchema = z.object({
  body: messageBody,
  clientId: messageClientId.optional(),
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

/** The use cases' check of a body, whatever the caller sent (the same schema). */
export function parseMessageBody(input: unknown): MessageBodyResult {
  const parsed = messageBody.safeParse(input);
  if (parsed.success) return { ok: true, body: parsed.data };
  const tooLong = parsed.error.issues.some((issue) => issue.message === "MESSAGE_TOO_LONG");
  return { ok: false, code: tooLong ? "MESSAGE_TOO_LONG" : "MESSAGE_EMPTY" };
}
