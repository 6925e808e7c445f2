import type { SafetyFlags } from "~/domain/messaging/safety-check";

/** A message as pages and live events show it, formatted on the server in the reader's language. */
export interface MessageView {
  id: string;
  body: string;
  /** Written by the reader. */
  mine: boolean;
  /** ISO time, for ordering and for the browser to show in its own time zone. */
  iso: string;
  /** The time in Damascus, until the browser has shown its own. */
  time: string;
  /** Only for messages to the reader: what the safety warning says. */
  flags: SafetyFlags;
  /** The reader's own message was read by the other party. */
  seen: boolean;
  /** The reader's own message: the id their device gave it (the outbox drops it once here). */
  clientId?: string;
}

/** The header's badge. */
export interface UnreadCount {
  count: number;
  formatted: string;
}

/** What the event stream sends (server/message-stream.ts). */
export type LiveData =
  | { type: "message"; conversationId: string; message: MessageView }
  | { type: "read"; conversationId: string; byMe: boolean }
  | { type: "unread"; unread: UnreadCount }
  /** Events may have been missed (a reconnection): reload what is shown. */
  | { type: "resync" };

export const STREAM_PATH = "/api/messages/stream";
