import { type SQL, sql } from "drizzle-orm";
import type { ExchangeFacts } from "./rating-rules";

/*
 * The two pieces of SQL every page that shows ratings rides in its own statement (decision 038):
 * the facts of an exchange for the rating rule, and a member's counted ratings.
 */

/**
 * The facts `ratingWindow` needs, as one json column, for the conversation aliased `c` seen by
 * `memberId`: the first message, whether both sides wrote, blocks either way, and the member's own
 * rating in it (with what it says, for the form that changes it).
 */
export function exchangeFactsColumn(memberId: string): SQL<unknown> {
  return sql`json_build_object(
    'first', (select min(m.created_at) from messages m where m.conversation_id = c.id),
    'buyerWrote', exists(select 1 from messages m
      where m.conversation_id = c.id and m.sender_id = c.buyer_id),
    'sellerWrote', exists(select 1 from messages m
      where m.conversation_id = c.id and m.sender_id = c.seller_id),
    'blocked', exists(select 1 from blocks b
      where (b.blocker_id = c.buyer_id and b.blocked_id = c.seller_id)
         or (b.blocker_id = c.seller_id and b.blocked_id = c.buyer_id)),
    'mine', (select json_build_object('id', r.id, 'stars', r.stars, 'tags', r.tags,
        'comment', r.comment, 'createdAt', r.created_at)
      from ratings r where r.conversation_id = c.id and r.rater_id = ${memberId}))`;
}

export interface OwnRating {
  id: string;
  stars: number;
  tags: string[];
  comment: string;
  createdAt: Date;
}

interface RawFacts {
  first: string | null;
  buyerWrote: boolean;
  sellerWrote: boolean;
  blocked: boolean;
  mine: (Omit<OwnRating, "createdAt"> & { createdAt: string }) | null;
}

/** The column above, read back (the json arrives parsed or as text, by driver). */
export function toExchangeFacts(
  raw: unknown,
  listingStatus: string,
  otherPresent: boolean,
): ExchangeFacts & { mine: OwnRating | null } {
  const facts = (typeof raw === "string" ? JSON.parse(raw) : raw) as RawFacts;
  const mine = facts.mine
    ? { ...facts.mine, stars: Number(facts.mine.stars), createdAt: new Date(facts.mine.createdAt) }
    : null;
  return {
    listingStatus,
    firstMessageAt: facts.first ? new Date(facts.first) : null,
    bothWrote: Boolean(facts.buyerWrote && facts.sellerWrote),
    otherPresent,
    blocked: Boolean(facts.blocked),
    mineAt: mine?.createdAt ?? null,
    mine,
  };
}

/**
 * A member's counted ratings as one scalar json `{ n, avg }`: ratings given in good standing
 * (decided when given), not removed by a moderator, from raters not suspended since.
 */
export function ratingSummaryColumn(memberId: SQL | string): SQL<unknown> {
  return sql`(select json_build_object('n', count(*), 'avg', avg(r.stars))
    from ratings r join users ru on ru.id = r.rater_id
    where r.rated_id = ${memberId} and r.counts and r.removed_at is null
      and ru.suspended_at is null)`;
}

/** How many of a member's listings are marked sold (listings_public_user_idx). */
export function soldCountColumn(memberId: SQL | string): SQL<unknown> {
  return sql`(select count(*)::int from listings sl
    where sl.user_id = ${memberId} and sl.status in ('active', 'sold') and (sl.status = 'sold') = true)`;
}
