import type { OfferStatus, OfferStep } from "~/domain/messaging/offer-rules";
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
  /** A step of an offer: its id (live events carry only this; the page reloads for the rest). */
  offerId?: string;
  /** The step as the thread draws it (issue 31). */
  offer?: OfferCard;
  /** Its photos (issue 31), served only to the conversation's members. */
  photos?: MessagePhotoView[];
}

export interface MessagePhotoView {
  /** The small width, for the thread. */
  src: string;
  /** The largest, opened by a tap. */
  full: string;
  width: number;
  height: number;
}

/** A step of an offer in the reader's language, and what the reader may do with it. */
export interface OfferCard {
  id: string;
  step: OfferStep;
  /** "Counter-offer: SYP 4,200,000". */
  title: string;
  /** "≈ $320 · rate of …", or null. */
  usd: string | null;
  status: OfferStatus;
  /** Shown on the offer's made or countered step: where it stands now. */
  statusLabel: string | null;
  /** The reader may accept, decline or counter it now. */
  answerable: boolean;
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
