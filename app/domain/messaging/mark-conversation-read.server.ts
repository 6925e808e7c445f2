import { sql } from "drizzle-orm";
import { type Database, selectRows } from "~/db/client.server";
import type { Member } from "~/domain/accounts/session.server";
import { isConversationId } from "./conversation-access.server";
import type { LiveEventSink } from "./live-events";

/**
 * Marks the other party's messages in this conversation read for `member`, in one statement that
 * only touches a conversation the member is a party of (for anyone else it changes nothing).
 * Returns how many messages changed; when some did, both parties' streams hear of it (unread counts,
 * "Seen" marks).
 */
export async function markConversationRead({
  db,
  live,
  member,
  conversationId,
}: {
  db: Database;
  live: LiveEventSink;
  member: Pick<Member, "id">;
  conversationId: unknown;
}): Promise<number> {
  if (!isConversationId(conversationId)) return 0;
  const id = conversationId.toLowerCase();
  const rows = await selectRows<{ sender_id: string | null }>(
    db,
    sql`update messages m set read_at = now()
        from conversations c
        where m.conversation_id = ${id} and c.id = m.conversation_id
          and (c.buyer_id = ${member.id} or c.seller_id = ${member.id})
          and m.read_at is null
          and m.sender_id is distinct from ${member.id}
        returning m.sender_id`,
  );
  if (rows.length > 0) {
    const others = rows.map((r) => r.sender_id).filter((s): s is string => Boolean(s));
    try {
      await live.publish({
        kind: "read",
        conversationId: id,
        readerId: member.id,
        memberIds: [member.id, ...new Set(others)],
      });
    } catch {
      // Logged by the hub; the messages are marked read either way.
    }
  }
  return rows.length;
}
