import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { conversations } from "~/db/schema";
import type { Member } from "~/domain/accounts/session.server";
import { isListingId } from "~/domain/listings/listings-schemas";

/** The member's conversation about this listing as its buyer, if they already wrote to the seller. */
export async function findListingConversation({
  db,
  member,
  listingId,
}: {
  db: Database;
  member: Pick<Member, "id">;
  listingId: string;
}): Promise<string | null> {
  if (!isListingId(listingId)) return null;
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.listingId, listingId.toLowerCase()),
        eq(conversations.buyerId, member.id),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}
