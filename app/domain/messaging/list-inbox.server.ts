import { sql } from "drizzle-orm";
import { type Database, selectRows } from "~/db/client.server";
import type { Member } from "~/domain/accounts/session.server";
import type { ListingStatus } from "~/domain/listings/listing-status";
import { type ImageVariants, parseVariants } from "./get-conversation.server";

export interface InboxEntry {
  id: string;
  lastMessageAt: Date;
  listing: {
    id: string;
    title: string;
    titleAr: string;
    price: number;
    status: ListingStatus;
    image: ImageVariants | null;
  };
  other: { id: string; name: string | null; avatarUrl: string | null } | null;
  lastMessage: { body: string; mine: boolean; createdAt: Date } | null;
  /** Messages from the other party the member has not read. */
  unread: number;
}

export const INBOX_PAGE = 50;

/**
 * The member's conversations, newest activity first, with everything a row shows — the other
 * party's name and avatar, the listing's title, price and primary image, the last message and the
 * unread count — in one query.
 */
export async function listInbox({
  db,
  member,
  limit = INBOX_PAGE,
}: {
  db: Database;
  member: Pick<Member, "id">;
  limit?: number;
}): Promise<InboxEntry[]> {
  const rows = await selectRows<{
    id: string;
    last_message_at: Date | string;
    listing_id: string;
    title: string;
    title_ar: string;
    price: string | number;
    status: InboxEntry["listing"]["status"];
    image: ImageVariants | string | null;
    other_id: string | null;
    other_name: string | null;
    other_avatar: string | null;
    body: string | null;
    sender_id: string | null;
    created_at: Date | string | null;
    unread: string | number;
  }>(
    db,
    sql`select c.id, c.last_message_at, l.id as listing_id, l.title, l.title_ar, l.price, l.status,
          (select i.variants from listing_images i where i.listing_id = l.id
            order by i.is_primary desc, i.sort_order asc, i.id asc limit 1) as image,
          u.id as other_id,
          coalesce(nullif(trim(p.full_name), ''), nullif(trim(u.name), '')) as other_name,
          u.image as other_avatar,
          last.body, last.sender_id, last.created_at,
          (select count(*) from messages m
            where m.conversation_id = c.id and m.read_at is null
              and m.sender_id is distinct from ${member.id}) as unread
        from conversations c
        join listings l on l.id = c.listing_id
        left join users u on u.id = case when c.buyer_id = ${member.id} then c.seller_id else c.buyer_id end
        left join profiles p on p.id = u.id
        left join lateral (
          select m.body, m.sender_id, m.created_at from messages m
          where m.conversation_id = c.id
          order by m.created_at desc, m.id desc limit 1
        ) last on true
        where c.buyer_id = ${member.id} or c.seller_id = ${member.id}
        order by c.last_message_at desc, c.id desc
        limit ${limit}`,
  );
  return rows.map((row) => ({
    id: row.id,
    lastMessageAt: new Date(row.last_message_at),
    listing: {
      id: row.listing_id,
      title: row.title,
      titleAr: row.title_ar,
      price: Number(row.price),
      status: row.status,
      image: parseVariants(row.image),
    },
    other: row.other_id
      ? { id: row.other_id, name: row.other_name, avatarUrl: row.other_avatar }
      : null,
    lastMessage:
      row.body !== null && row.created_at
        ? { body: row.body, mine: row.sender_id === member.id, createdAt: new Date(row.created_at) }
        : null,
    unread: Number(row.unread),
  }));
}
