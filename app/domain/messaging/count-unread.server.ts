import { sql } from "drizzle-orm";
import { type Database, selectRows } from "~/db/client.server";
import type { Member } from "~/domain/accounts/session.server";

/**
 * Messages to the member they have not read, over all their conversations: the header's badge, on
 * every signed-in page, so one query on existing indexes (the member's conversations by buyer or
 * seller, then each conversation's messages).
 */
export async function countUnread({
  db,
  member,
  exceptConversationId,
}: {
  db: Database;
  member: Pick<Member, "id">;
  /** Left out of the count (the conversation being opened, which is being marked read). */
  exceptConversationId?: string;
}): Promise<number> {
  const [row] = await selectRows<{ n: string | number }>(
    db,
    sql`select count(*) as n
        from conversations c
        join messages m on m.conversation_id = c.id
        where (c.buyer_id = ${member.id} or c.seller_id = ${member.id})
          and m.read_at is null
          and m.sender_id is distinct from ${member.id}
          ${exceptConversationId ? sql`and c.id <> ${exceptConversationId}` : sql``}`,
  );
  return Number(row?.n ?? 0);
}
