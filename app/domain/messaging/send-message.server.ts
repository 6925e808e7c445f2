import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { conversations, messages } from "~/db/schema";
import { hitRateLimits } from "~/domain/accounts/rate-limit.server";
import type { Member } from "~/domain/accounts/session.server";
import { AppError } from "~/utils/app-error";
import { findConversationAsParty, sendRefusal } from "./conversation-access.server";
import type { LiveEventSink } from "./live-events";
import { messageLimits } from "./message-limits.server";
import { parseMessageBody } from "./messaging-schemas";

export interface SentMessage {
  id: string;
  conversationId: string;
  senderId: string;
  body: string;
  createdAt: Date;
}

/** A member sending a message: the text as it came, checked here. */
export interface Sending {
  db: Database;
  live: LiveEventSink;
  member: Pick<Member, "id">;
  body: unknown;
  /** For tests of the time windows. */
  now?: number;
}

/**
 * Writes a message into a conversation the member is a party of. Refused when the text is empty
 * or too long, for strangers (NOT_FOUND), when either party blocked the other, when the listing was
 * removed or the other member left, and past the sending limits. Both parties' streams hear of it.
 */
export async function sendMessage({
  db,
  live,
  member,
  conversationId,
  body,
  now = Date.now(),
}: Sending & { conversationId: string }): Promise<SentMessage> {
  const parsed = parseMessageBody(body);
  const party = await findConversationAsParty(db, member, conversationId);
  if (!parsed.ok) throw new AppError(parsed.code, { field: "body" });
  const refusal = sendRefusal(party);
  if (refusal) throw new AppError(refusal);
  await checkSendingLimits(db, member.id, now);
  const message = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(messages)
      .values({ conversationId: party.id, senderId: member.id, body: parsed.body })
      .returning();
    await tx
      .update(conversations)
      .set({ lastMessageAt: sql`now()` })
      .where(eq(conversations.id, party.id));
    return row;
  });
  if (!message) throw new AppError("UNEXPECTED");
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
  };
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
