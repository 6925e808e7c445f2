import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { conversations, messages } from "~/db/schema";
import { hitRateLimits } from "~/domain/accounts/rate-limit.server";
import type { Member } from "~/domain/accounts/session.server";
import { AppError } from "~/utils/app-error";
import { findConversationAsParty, sendRefusal } from "./conversation-access.server";
import type { LiveEventSink } from "./live-events";
import { messageLimits } from "./message-limits.server";
import { type MessagePhotoRef, messagePhotosOf, photoRefs } from "./message-photo-refs.server";
import { takeMessagePhotos } from "./message-photos.server";
import { parseMessageBody } from "./messaging-schemas";

export interface SentMessage {
  id: string;
  conversationId: string;
  senderId: string;
  body: string;
  createdAt: Date;
  /** The id the sender's device gave it, if it gave one. */
  clientId?: string;
  /** Its photos, in order. */
  photos: MessagePhotoRef[];
}

/** A member sending a message: the text as it came, checked here. */
export interface Sending {
  db: Database;
  live: LiveEventSink;
  member: Pick<Member, "id">;
  body: unknown;
  /**
   * The id the sender's device gave the message (messageClientId): the same id again is the same
   * message, answered as it was saved — not a second one, and no second notice.
   */
  clientId?: string;
  /** Photos uploaded for it (stageMessagePhoto), at most MESSAGE_PHOTOS_MAX: their ids, in order. */
  photoIds?: readonly string[];
  /** For tests of the time windows. */
  now?: number;
}

/**
 * Writes a message into a conversation the member is a party of, with the photos it names (the
 * sender's own uploads for this conversation, not sent before, else MESSAGE_PHOTO_INVALID and
 * nothing is saved). Refused when the text is empty without photos,
 * or too long, for strangers (NOT_FOUND), when either party blocked the other, when the listing was
 * removed or the other member left, and past the sending limits. Both parties' streams hear of it.
 * With a `clientId` it is sent once however often it comes: a repeat is answered with the message
 * saved the first time (even if the conversation has closed since), and costs no limit.
 */
export async function sendMessage({
  db,
  live,
  member,
  conversationId,
  body,
  clientId,
  photoIds = [],
  now = Date.now(),
}: Sending & { conversationId: string }): Promise<SentMessage> {
  const parsed = parseMessageBody(body, { withPhotos: photoIds.length > 0 });
  const party = await findConversationAsParty(db, member, conversationId);
  if (!parsed.ok) throw new AppError(parsed.code, { field: "body" });
  const sentBefore = clientId ? await findSent(db, member.id, clientId) : null;
  if (sentBefore) {
    // The id is the sender's own: reused for another conversation it names nothing there.
    if (sentBefore.conversationId !== party.id) throw new AppError("INVALID_REQUEST");
    return sentBefore;
  }
  const refusal = sendRefusal(party);
  if (refusal) throw new AppError(refusal);
  const message = await db.transaction(async (tx) => {
    // Two copies of one message at once (the page and the service worker after a power cut):
    // the unique (sender, client id) keeps one — the other waits for it here, and is answered
    // with it below.
    const [row] = await tx
      .insert(messages)
      .values({ conversationId: party.id, senderId: member.id, body: parsed.body, clientId })
      .onConflictDoNothing({
        target: [messages.senderId, messages.clientId],
        where: sql`${messages.clientId} is not null`,
      })
      .returning();
    if (!row) return null;
    const photos = await takeMessagePhotos(tx, {
      senderId: member.id,
      conversationId: party.id,
      messageId: row.id,
      ids: photoIds,
    });
    // Only the copy that is saved counts against the limits (past them, it is not saved).
    await checkSendingLimits(tx, member.id, now);
    await tx
      .update(conversations)
      .set({ lastMessageAt: sql`now()` })
      .where(eq(conversations.id, party.id));
    return { ...row, photos };
  });
  if (!message) {
    const copy = clientId ? await findSent(db, member.id, clientId) : null;
    if (copy?.conversationId === party.id) return copy;
    throw new AppError(copy ? "INVALID_REQUEST" : "UNEXPECTED");
  }
  await announce(live, {
    conversationId: party.id,
    messageId: message.id,
    senderId: member.id,
    memberIds: [member.id, party.otherId ?? member.id],
  });
  return {
    id: message.id,
    conversationId: party.id,
    senderId: member.id,
    body: message.body,
    createdAt: message.createdAt,
    clientId: message.clientId ?? undefined,
    photos: message.photos,
  };
}

/** The member's message with this client id, as it was saved. */
async function findSent(
  db: Database,
  senderId: string,
  clientId: string,
): Promise<SentMessage | null> {
  const [row] = await db
    .select({
      id: messages.id,
      conversationId: messages.conversationId,
      senderId: messages.senderId,
      body: messages.body,
      createdAt: messages.createdAt,
      clientId: messages.clientId,
      photos: messagePhotosOf(sql`${messages.id}`),
    })
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)))
    .limit(1);
  return row
    ? { ...row, senderId, clientId: row.clientId ?? undefined, photos: photoRefs(row.photos) }
    : null;
}

/** The member's sending limits (message-limits.server.ts). */
export async function checkSendingLimits(db: Database, memberId: string, now: number) {
  const limited = await hitRateLimits(
    db,
    [messageLimits.burst, messageLimits.perMinute].map((rule) => [rule, memberId]),
    now,
  );
  if (limited.limited) {
    throw new AppError("MESSAGE_RATE_LIMITED", { seconds: limited.retryAfterSeconds });
  }
}

/**
 * The message is saved whatever happens next: a failed notification only means the other party
 * sees it on their next page load, so it is not thrown (the hub logs it).
 */
export async function announce(
  live: LiveEventSink,
  event: { conversationId: string; messageId: string; senderId: string; memberIds: string[] },
) {
  try {
    await live.publish({ kind: "message", ...event });
  } catch {
    // Logged by the hub; the message itself is saved.
  }
}
