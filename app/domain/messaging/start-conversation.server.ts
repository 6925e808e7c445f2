import { sql } from "drizzle-orm";
import { selectRows } from "~/db/client.server";
import { conversations, messages } from "~/db/schema";
import { hitRateLimit } from "~/domain/accounts/rate-limit.server";
import type { ListingStatus } from "~/domain/listings/listing-status";
import { isPublicStatus } from "~/domain/listings/listing-status";
import { isListingId } from "~/domain/listings/listings-schemas";
import { buyerNetwork } from "~/domain/sellers/buyer-network.server";
import { countStat } from "~/domain/statistics/count-stats.server";
import { AppError } from "~/utils/app-error";
import type { LinkSigner } from "~/utils/signed-link.server";
import { messageLimits } from "./message-limits.server";
import { parseMessageBody } from "./messaging-schemas";
import {
  announce,
  checkSendingLimits,
  type Sending,
  type SentMessage,
} from "./send-message.server";

/**
 * A buyer writes to the seller from the listing page. The first message creates the conversation
 * (one per listing and buyer); later ones continue it. Conversation and message are written in one
 * transaction, and two first messages racing each other end up in the same conversation (the
 * unique index decides, the second insert turns into an update).
 */
export async function startConversation({
  db,
  live,
  member,
  listingId,
  body,
  network,
  now = Date.now(),
}: Sending & {
  listingId: string;
  /** The buyer's address and the app's key: the conversation records the network, hashed. */
  network?: { ip: string; signer: Pick<LinkSigner, "sign"> };
}): Promise<SentMessage & { created: boolean }> {
  if (!isListingId(listingId)) throw new AppError("INVALID_LISTING_ID", { field: "listingId" });
  const id = listingId.toLowerCase();
  const [listing] = await selectRows<{
    user_id: string;
    status: ListingStatus;
    blocked_me: boolean;
    i_blocked: boolean;
    conversation_id: string | null;
  }>(
    db,
    sql`select l.user_id, l.status,
          exists(select 1 from blocks b where b.blocker_id = l.user_id and b.blocked_id = ${member.id}) as blocked_me,
          exists(select 1 from blocks b where b.blocker_id = ${member.id} and b.blocked_id = l.user_id) as i_blocked,
          (select c.id from conversations c where c.listing_id = l.id and c.buyer_id = ${member.id}) as conversation_id
        from listings l where l.id = ${id}`,
  );
  // A hidden or removed listing is "not found" to everyone but its owner, here as on its page.
  if (!listing || !isPublicStatus(listing.status)) {
    throw new AppError("LISTING_NOT_FOUND");
  }
  if (listing.user_id === member.id) throw new AppError("CANNOT_MESSAGE_OWN_LISTING");
  const parsed = parseMessageBody(body);
  if (!parsed.ok) throw new AppError(parsed.code, { field: "body" });
  if (listing.blocked_me) throw new AppError("BLOCKED_BY_MEMBER");
  if (listing.i_blocked) throw new AppError("MEMBER_BLOCKED");
  await checkSendingLimits(db, member.id, now);
  if (!listing.conversation_id) {
    // An hour's window: the member is told in minutes, not seconds, when they can go on.
    const limited = await hitRateLimit(db, messageLimits.newConversationsPerHour, member.id, now);
    if (limited.limited) {
      throw new AppError("CONVERSATION_RATE_LIMITED", { seconds: limited.retryAfterSeconds });
    }
  }

  const saved = await db.transaction(async (tx) => {
    const [conversation] = await tx
      .insert(conversations)
      .values({
        listingId: id,
        buyerId: member.id,
        sellerId: listing.user_id,
        buyerNetwork: network ? buyerNetwork(network.ip, network.signer) : null,
      })
      .onConflictDoUpdate({
        target: [conversations.listingId, conversations.buyerId],
        set: { lastMessageAt: sql`now()` },
      })
      // xmax is 0 only for a row this statement inserted (not one it updated on conflict).
      .returning({ id: conversations.id, inserted: sql<boolean>`(xmax = 0)` });
    if (!conversation) throw new AppError("UNEXPECTED");
    // A conversation started counts in the listing's statistics (issue 32), once per buyer.
    if (conversation.inserted) {
      await countStat(tx, { listingId: id, kind: "conversations", now: new Date(now) });
    }
    const [message] = await tx
      .insert(messages)
      .values({ conversationId: conversation.id, senderId: member.id, body: parsed.body })
      .returning();
    if (!message) throw new AppError("UNEXPECTED");
    return { conversation, message };
  });
  const { conversation, message } = saved;
  await announce(live, {
    conversationId: conversation.id,
    messageId: message.id,
    senderId: member.id,
    memberIds: [member.id, listing.user_id],
  });
  return {
    id: message.id,
    conversationId: conversation.id,
    senderId: member.id,
    body: message.body,
    createdAt: message.createdAt,
    photos: [],
    created: Boolean(conversation.inserted),
  };
}
