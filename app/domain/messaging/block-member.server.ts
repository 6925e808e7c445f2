import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { blocks } from "~/db/schema";
import type { Member } from "~/domain/accounts/session.server";
import { AppError } from "~/utils/app-error";
import { findConversationAsParty } from "./conversation-access.server";

/**
 * A party blocks the other party of a conversation: from then on the blocked member cannot write
 * to them — in this conversation or any other, nor start a new one about their listings. The
 * blocker can still read everything, and unblock at any time.
 */
export async function blockMember({
  db,
  member,
  conversationId,
}: {
  db: Database;
  member: Pick<Member, "id">;
  conversationId: unknown;
}): Promise<void> {
  const party = await findConversationAsParty(db, member, conversationId);
  if (!party.otherId) throw new AppError("CONVERSATION_CLOSED");
  await db
    .insert(blocks)
    .values({ blockerId: member.id, blockedId: party.otherId })
    .onConflictDoNothing();
}

export async function unblockMember({
  db,
  member,
  conversationId,
}: {
  db: Database;
  member: Pick<Member, "id">;
  conversationId: unknown;
}): Promise<void> {
  const party = await findConversationAsParty(db, member, conversationId);
  if (!party.otherId) return;
  await db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, member.id), eq(blocks.blockedId, party.otherId)));
}
