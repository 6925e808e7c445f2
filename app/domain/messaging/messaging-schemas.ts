import { isListingId } from "~/domain/listings/listings-schemas";
import { cleanMultiline } from "~/utils/user-text";

/** The longest message, in characters (the database checks the same bound). */
export const MESSAGE_MAX_LENGTH = 2000;

/** Conversation ids are UUIDs of the same shape as listing ids. */
export function isConversationId(value: unknown): value is string {
  return isListingId(value);
}

export type MessageBodyResult =
  | { ok: true; body: string }
  | { ok: false; code: "MESSAGE_EMPTY" | "MESSAGE_TOO_LONG" };

/**
 * A message as it is stored: plain text, line breaks normalised, trimmed, at most three empty lines
 * in a row. Length is counted in characters as the reader sees them (an emoji is one).
 */
export function parseMessageBody(input: unknown): MessageBodyResult {
  if (typeof input !== "string") return { ok: false, code: "MESSAGE_EMPTY" };
  const body = cleanMultiline(input).replace(/\n{4,}/g, "\n\n\n");
  if (body.length === 0) return { ok: false, code: "MESSAGE_EMPTY" };
  if (characterCount(body) > MESSAGE_MAX_LENGTH) return { ok: false, code: "MESSAGE_TOO_LONG" };
  return { ok: true, body };
}

/** Characters as PostgreSQL's char_length counts them (code points), so both checks agree. */
export function characterCount(text: string) {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}
