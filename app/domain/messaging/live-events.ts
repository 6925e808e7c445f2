/**
 * What one app instance tells the others (and itself) when a conversation changes. Ids only: a
 * receiver reads the rows it needs with its own member's permissions, so nothing private travels
 * through the database's notification channel and the payload stays far below NOTIFY's 8 kB.
 */
export type LiveEvent =
  /** A new message in a conversation: both parties' streams show it. */
  | {
      kind: "message";
      conversationId: string;
      messageId: string;
      senderId: string;
      memberIds: string[];
    }
  /** `readerId` read the other party's messages: unread counts and "Seen" marks change. */
  | { kind: "read"; conversationId: string; readerId: string; memberIds: string[] };

/** Where use cases announce changes; the hub (message-hub.server.ts) delivers them. */
export interface LiveEventSink {
  publish(event: LiveEvent): Promise<void>;
}

/** For scripts and tests that do not deliver anything live. */
export const noLiveEvents: LiveEventSink = { publish: async () => {} };

const ID = /^[\w-]{1,64}$/;

/** Parses an event received from another instance; anything unexpected is dropped. */
export function parseLiveEvent(value: unknown): LiveEvent | null {
  if (!value || typeof value !== "object") return null;
  const event = value as Record<string, unknown>;
  const memberIds = Array.isArray(event.memberIds)
    ? event.memberIds.filter((id): id is string => typeof id === "string" && ID.test(id))
    : [];
  if (memberIds.length === 0 || typeof event.conversationId !== "string") return null;
  if (!ID.test(event.conversationId)) return null;
  if (event.kind === "message" && typeof event.messageId === "string" && ID.test(event.messageId)) {
    const senderId =
      typeof event.senderId === "string" && ID.test(event.senderId) ? event.senderId : memberIds[0];
    return {
      kind: "message",
      conversationId: event.conversationId,
      messageId: event.messageId,
      senderId: senderId ?? "",
      memberIds,
    };
  }
  if (event.kind === "read" && typeof event.readerId === "string" && ID.test(event.readerId)) {
    return {
      kind: "read",
      conversationId: event.conversationId,
      readerId: event.readerId,
      memberIds,
    };
  }
  return null;
}
