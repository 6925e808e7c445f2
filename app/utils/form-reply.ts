import type { SubmissionResult } from "@conform-to/react";

/*
 * What a form's action answers with, read by the page (a plain module: the page's first load
 * must not bring the parser and Zod, see form-submission.ts).
 */

/** The one shape every form action answers with (Conform's), its messages translated. */
export type FormReply = SubmissionResult<string[]>;

export function isFormReply(reply: unknown): reply is FormReply {
  return (
    typeof reply === "object" &&
    reply !== null &&
    "status" in reply &&
    (reply.status === "error" || reply.status === "success")
  );
}

/**
 * The reply meant for the form that sent `intent` (its hidden `intent` field), when a page holds
 * several forms posting to one action.
 */
export function replyFor(reply: unknown, intent: string): FormReply | undefined {
  if (!isFormReply(reply)) return undefined;
  return reply.initialValue?.intent === intent ? reply : undefined;
}

/**
 * Where a refusal points the member (a page of ours, e.g. the listing a post repeats): carried in
 * the reply's errors under this key, which names no field.
 */
export const REPLY_LINK = "@link";

/** The page a refusal points to, if it is one of ours ("/…", never "//host"). */
export function replyLink(reply: FormReply | null | undefined): string | null {
  const link = reply?.error?.[REPLY_LINK]?.[0];
  return typeof link === "string" && /^\/(?!\/)/.test(link) ? link : null;
}

/**
 * A reply with one message above the form, for an answer about the request rather than its
 * fields (too large to read, signed out, the connection lost). The form keeps what was typed.
 */
export function messageReply(message: string): FormReply {
  return { status: "error", error: { "": [message] } };
}
