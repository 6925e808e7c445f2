import { sql } from "drizzle-orm";
import { type Database, selectRows } from "~/db/client.server";
import type { Member } from "~/domain/accounts/session.server";
import type { ListingStatus } from "~/domain/listings/listing-status";
import { isListingId } from "~/domain/listings/listings-schemas";
import { AppError } from "~/utils/app-error";

/** Conversation ids are UUIDs of the same shape as listing ids. */
export function isConversationId(value: unknown): value is string {
  return isListingId(value);
}

export interface PartyView {
  id: string;
  listingId: string;
  listingStatus: ListingStatus;
  /** The other party; null once they deleted their account. */
  otherId: string | null;
  /** The member is the buyer (else the seller). */
  asBuyer: boolean;
  /** The other party blocked the member. */
  blockedMe: boolean;
  /** The member blocked the other party. */
  iBlocked: boolean;
}

/**
 * The conversation if `member` is one of its two parties, with the block state between them, in one
 * query. Anyone else — and any malformed id — gets NOT_FOUND: a stranger cannot even learn that the
 * conversation exists.
 */
export async function findConversationAsParty(
  db: Database,
  member: Pick<Member, "id">,
  conversationId: unknown,
): Promise<PartyView> {
  if (!isConversationId(conversationId)) throw new AppError("NOT_FOUND");
  const [row] = await selectRows<{
    id: string;
    listing_id: string;
    status: PartyView["listingStatus"];
    buyer_id: string | null;
    seller_id: string | null;
    blocked_me: boolean;
    i_blocked: boolean;
  }>(
    db,
    sql`select c.id, c.listing_id, l.status, c.buyer_id, c.seller_id,
          exists(select 1 from blocks b
                 where b.blocked_id = ${member.id}
                   and b.blocker_id = case when c.buyer_id = ${member.id} then c.seller_id else c.buyer_id end) as blocked_me,
          exists(select 1 from blocks b
                 where b.blocker_id = ${member.id}
                   and b.blocked_id = case when c.buyer_id = ${member.id} then c.seller_id else c.buyer_id end) as i_blocked
        from conversations c
        join listings l on l.id = c.listing_id
        where c.id = ${conversationId.toLowerCase()}
          and (c.buyer_id = ${member.id} or c.seller_id = ${member.id})`,
  );
  if (!row) throw new AppError("NOT_FOUND");
  const asBuyer = row.buyer_id === member.id;
  return {
    id: row.id,
    listingId: row.listing_id,
    listingStatus: row.status,
    otherId: asBuyer ? row.seller_id : row.buyer_id,
    asBuyer,
    blockedMe: Boolean(row.blocked_me),
    iBlocked: Boolean(row.i_blocked),
  };
}

/** Why the member cannot write into this conversation now, or null when they can. */
export function sendRefusal(party: PartyView) {
  if (!party.otherId || party.listingStatus === "removed") return "CONVERSATION_CLOSED" as const;
  if (party.blockedMe) return "BLOCKED_BY_MEMBER" as const;
  if (party.iBlocked) return "MEMBER_BLOCKED" as const;
  return null;
}
