import { sql } from "drizzle-orm";
import { type Database, selectRows } from "~/db/client.server";
import type { Member } from "~/domain/accounts/session.server";
import type { ListingStatus } from "~/domain/listings/listing-status";
import type { ExchangeFacts, RatingSummary } from "~/domain/ratings/rating-rules";
import { toRatingSummary } from "~/domain/ratings/rating-rules";
import {
  exchangeFactsColumn,
  type OwnRating,
  ratingSummaryColumn,
  toExchangeFacts,
} from "~/domain/ratings/ratings-sql.server";
import { AppError } from "~/utils/app-error";
import { isConversationId } from "./conversation-access.server";
import { type MessagePhotoRef, messagePhotosColumn, photoRefs } from "./message-photo-refs.server";
import type { OfferStatus, OfferStep } from "./offer-rules";

export type ImageVariants = { width: number; height: number; key: string }[];

export interface ThreadMessage {
  id: string;
  /** Null once the sender deleted their account. */
  senderId: string | null;
  body: string;
  createdAt: Date;
  readAt: Date | null;
  /** The id its sender's device gave it (issue 31's outbox). */
  clientId: string | null;
  /** A step of an offer (issue 31), with the offer as it stands now. */
  offer: ThreadOffer | null;
  /** Its photos, in order (issue 31). */
  photos: MessagePhotoRef[];
}

export interface ThreadOffer {
  id: string;
  step: OfferStep;
  amount: number;
  status: OfferStatus;
  /** Null once its maker deleted their account. */
  madeBy: string | null;
}

export interface Thread {
  id: string;
  asBuyer: boolean;
  listing: {
    id: string;
    title: string;
    titleAr: string;
    price: number;
    status: ListingStatus;
    /** Marked reserved by its seller (issue 31). */
    reserved: boolean;
    image: ImageVariants | null;
  };
  other: {
    id: string;
    name: string | null;
    avatarUrl: string | null;
    /** They proved their phone number by SMS (decision 036). */
    phoneVerified: boolean;
  } | null;
  blockedMe: boolean;
  iBlocked: boolean;
  /** Oldest first: the latest `limit` messages. */
  messages: ThreadMessage[];
  /** There are older messages than these. */
  hasEarlier: boolean;
  /** The conversation's open offer (one at most), and the latest accepted one. */
  openOffer: { id: string; madeBy: string | null } | null;
  acceptedOffer: { amount: number; at: Date } | null;
  /** What the rating rule needs (decision 038), the member's own rating, the other's ratings. */
  rating: { facts: ExchangeFacts; mine: OwnRating | null; other: RatingSummary };
}

export const THREAD_PAGE = 200;

/**
 * A conversation for one of its two parties: the listing it is about, the other party, the block
 * state and the latest messages, in two queries. NOT_FOUND for anyone else and for malformed ids.
 */
export async function getConversation({
  db,
  member,
  conversationId,
  limit = THREAD_PAGE,
}: {
  db: Database;
  member: Pick<Member, "id">;
  conversationId: unknown;
  limit?: number;
}): Promise<Thread> {
  if (!isConversationId(conversationId)) throw new AppError("NOT_FOUND");
  const id = conversationId.toLowerCase();
  const [row] = await selectRows<{
    id: string;
    buyer_id: string | null;
    listing_id: string;
    title: string;
    title_ar: string;
    price: string | number;
    status: Thread["listing"]["status"];
    reserved: boolean;
    open_offer: unknown;
    accepted_offer: unknown;
    image: ImageVariants | string | null;
    other_id: string | null;
    other_name: string | null;
    other_avatar: string | null;
    other_phone_verified: boolean | null;
    blocked_me: boolean;
    i_blocked: boolean;
    facts: unknown;
    other_ratings: unknown;
  }>(
    db,
    sql`select c.id, c.buyer_id, l.id as listing_id, l.title, l.title_ar, l.price, l.status,
          l.reserved_at is not null as reserved,
          (select json_build_object('id', o.id, 'madeBy', o.made_by) from offers o
            where o.conversation_id = c.id and o.status = 'open' limit 1) as open_offer,
          (select json_build_object('amount', o.amount, 'at', o.answered_at) from offers o
            where o.conversation_id = c.id and o.status = 'accepted'
            order by o.answered_at desc limit 1) as accepted_offer,
          (select i.variants from listing_images i where i.listing_id = l.id
            order by i.is_primary desc, i.sort_order asc, i.id asc limit 1) as image,
          u.id as other_id,
          coalesce(nullif(trim(p.full_name), ''), nullif(trim(u.name), '')) as other_name,
          u.image as other_avatar,
          p.phone_verified_at is not null as other_phone_verified,
          exists(select 1 from blocks b where b.blocker_id = u.id and b.blocked_id = ${member.id}) as blocked_me,
          exists(select 1 from blocks b where b.blocker_id = ${member.id} and b.blocked_id = u.id) as i_blocked,
          ${exchangeFactsColumn(member.id)} as facts,
          ${ratingSummaryColumn(sql`u.id`)} as other_ratings
        from conversations c
        join listings l on l.id = c.listing_id
        left join users u on u.id = case when c.buyer_id = ${member.id} then c.seller_id else c.buyer_id end
        left join profiles p on p.id = u.id
        where c.id = ${id} and (c.buyer_id = ${member.id} or c.seller_id = ${member.id})`,
  );
  if (!row) throw new AppError("NOT_FOUND");
  const { messages, hasEarlier } = await threadMessages(db, id, limit);
  const { mine, ...facts } = toExchangeFacts(row.facts, row.status, row.other_id !== null);
  const otherRatings =
    typeof row.other_ratings === "string" ? JSON.parse(row.other_ratings) : row.other_ratings;
  return {
    id: row.id,
    asBuyer: row.buyer_id === member.id,
    listing: {
      id: row.listing_id,
      title: row.title,
      titleAr: row.title_ar,
      price: Number(row.price),
      status: row.status,
      reserved: Boolean(row.reserved),
      image: parseVariants(row.image),
    },
    other: row.other_id
      ? {
          id: row.other_id,
          name: row.other_name,
          avatarUrl: row.other_avatar,
          phoneVerified: row.other_phone_verified === true,
        }
      : null,
    blockedMe: Boolean(row.blocked_me),
    iBlocked: Boolean(row.i_blocked),
    messages,
    openOffer: fromJson<{ id: string; madeBy: string | null }>(row.open_offer),
    acceptedOffer: acceptedFrom(
      fromJson<{ amount: string | number; at: string }>(row.accepted_offer),
    ),
    hasEarlier,
    rating: { facts, mine, other: toRatingSummary(otherRatings) },
  };
}

/**
 * The latest `limit` messages of a conversation, oldest first, each with its offer step and its
 * photos, in one query; `hasEarlier` when there are older ones. The caller has checked who may
 * read them (a party, or a moderator of a reported conversation).
 */
export async function threadMessages(
  db: Database,
  conversationId: string,
  limit: number = THREAD_PAGE,
): Promise<{ messages: ThreadMessage[]; hasEarlier: boolean }> {
  const rows = await selectRows<{
    id: string;
    sender_id: string | null;
    body: string;
    created_at: Date | string;
    read_at: Date | string | null;
    client_id: string | null;
    offer_id: string | null;
    offer_step: OfferStep | null;
    offer_amount: string | number | null;
    offer_status: OfferStatus | null;
    offer_made_by: string | null;
    photos: unknown;
  }>(
    db,
    sql`select m.id, m.sender_id, m.body, m.created_at, m.read_at, m.client_id,
          m.offer_id, m.offer_step, o.amount as offer_amount, o.status as offer_status,
          o.made_by as offer_made_by,
          ${messagePhotosColumn} as photos
        from messages m
        left join offers o on o.id = m.offer_id
        where m.conversation_id = ${conversationId}
        order by m.created_at desc, m.id desc
        limit ${limit + 1}`,
  );
  const messages = rows
    .slice(0, limit)
    .reverse()
    .map((m) => ({
      id: m.id,
      senderId: m.sender_id,
      body: m.body,
      createdAt: new Date(m.created_at),
      readAt: m.read_at ? new Date(m.read_at) : null,
      clientId: m.client_id,
      offer:
        m.offer_id && m.offer_step && m.offer_status
          ? {
              id: m.offer_id,
              step: m.offer_step,
              amount: Number(m.offer_amount),
              status: m.offer_status,
              madeBy: m.offer_made_by,
            }
          : null,
      photos: photoRefs(m.photos),
    }));
  return { messages, hasEarlier: rows.length > limit };
}

function fromJson<T>(value: unknown): T | null {
  if (value === null || value === undefined) return null;
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}

function acceptedFrom(value: { amount: string | number; at: string } | null) {
  return value ? { amount: Number(value.amount), at: new Date(value.at) } : null;
}

export function parseVariants(value: ImageVariants | string | null): ImageVariants | null {
  if (!value) return null;
  const variants = typeof value === "string" ? (JSON.parse(value) as ImageVariants) : value;
  return Array.isArray(variants) && variants.length > 0 ? variants : null;
}
