import { sql } from "drizzle-orm";
import { type Database, selectRows } from "~/db/client.server";
import type { Member } from "~/domain/accounts/session.server";
import { isConversationId } from "./conversation-access.server";
import { type MessagePhotoRef, messagePhotosColumn, photoRefs } from "./message-photo-refs.server";

export interface LiveMessage {
  conversationId: string;
  id: string;
  senderId: string | null;
  body: string;
  createdAt: Date;
  readAt: Date | null;
  /** The id its sender's device gave it (issue 31's outbox). */
  clientId: string | null;
  /** A step of an offer (issue 31): the offer's id. */
  offerId: string | null;
  /** Its photos, in order. */
  photos: MessagePhotoRef[];
  /** The member's unread count after this message. */
  unread: number;
}

/**
 * What a live stream sends its member about a new message, read with the member's permission (a
 * party of the conversation) in one query; null when it is not theirs to see.
 */
export async function getLiveMessage({
  db,
  member,
  messageId,
}: {
  db: Database;
  member: Pick<Member, "id">;
  messageId: string;
}): Promise<LiveMessage | null> {
  if (!isConversationId(messageId)) return null;
  const [row] = await selectRows<{
    conversation_id: string;
    id: string;
    sender_id: string | null;
    body: string;
    created_at: Date | string;
    read_at: Date | string | null;
    client_id: string | null;
    offer_id: string | null;
    photos: unknown;
    unread: string | number;
  }>(
    db,
    sql`select m.conversation_id, m.id, m.sender_id, m.body, m.created_at, m.read_at, m.client_id, m.offer_id,
          ${messagePhotosColumn} as photos,
          (select count(*) from conversations c2
            join messages m2 on m2.conversation_id = c2.id
            where (c2.buyer_id = ${member.id} or c2.seller_id = ${member.id})
              and m2.read_at is null and m2.sender_id is distinct from ${member.id}) as unread
        from messages m
        join conversations c on c.id = m.conversation_id
        where m.id = ${messageId.toLowerCase()}
          and (c.buyer_id = ${member.id} or c.seller_id = ${member.id})`,
  );
  if (!row) return null;
  return {
    conversationId: row.conversation_id,
    id: row.id,
    senderId: row.sender_id,
    body: row.body,
    createdAt: new Date(row.created_at),
    readAt: row.read_at ? new Date(row.read_at) : null,
    clientId: row.client_id,
    offerId: row.offer_id,
    photos: photoRefs(row.photos),
    unread: Number(row.unread),
  };
}
