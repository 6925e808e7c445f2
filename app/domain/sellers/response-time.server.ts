import { type SQL, sql } from "drizzle-orm";
import { type Database, selectRows } from "~/db/client.server";
import { blocks, conversations, messages, users } from "~/db/schema";
import {
  BUYER_MIN_AGE_HOURS,
  PENDING_AFTER_SECONDS,
  RESPONSE_SAMPLE,
  RESPONSE_WINDOW_DAYS,
  type ResponseStats,
} from "./response-time";

/**
 * A seller's reply statistics as one scalar subquery (json `{ n, median }`), to ride as a column
 * in the statement of the page that shows them (the seller page, the listing page's neighbours).
 *
 * For each of the seller's conversations started in the last 90 days (the 200 most recent, read
 * through conversations_seller_last_idx): the buyer's first message, and the seller's first
 * message at or after it (messages_conversation_created_idx, two index steps each). A later
 * message of the buyer's is never a reply. An unanswered conversation counts as the time it has
 * waited so far once that is an hour (before then it says nothing yet). The median is
 * percentile_disc: a real conversation's time, never an average of two.
 *
 * Only buyers a seller cannot make up count (decision 026): a confirmed e-mail or a verified
 * phone, not
 * suspended, an account a day old when the conversation started, neither side blocking the
 * other; and each buyer once (their most recent conversation), so one friend asking about ten
 * listings is one conversation, not ten.
 */
// "Each once": per network the buyer wrote from (buyer-network.server.ts), so accounts opened on one
// connection are one; a conversation from before networks were recorded counts per buyer.
const ONE_PER = sql`coalesce(c.buyer_network, c.buyer_id)`;

export function responseStatsColumn(sellerId: SQL | string, now?: Date): SQL<unknown> {
  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  const since = sql`(${at} - make_interval(days => ${RESPONSE_WINDOW_DAYS}))`;
  return sql`(
    select json_build_object(
      'n', count(*),
      'median', percentile_disc(0.5) within group (order by w.seconds))
    from (
      select distinct on (${ONE_PER})
        extract(epoch from coalesce(reply.at, ${at}) - first.at)::float8 as seconds
      from (
        select c.id, c.seller_id, c.buyer_id, c.buyer_network, c.created_at, c.last_message_at
        from ${conversations} c
        where c.seller_id = ${sellerId} and c.last_message_at >= ${since}
          and c.created_at >= ${since}
        order by c.last_message_at desc
        limit ${RESPONSE_SAMPLE}
      ) c
      join ${users} buyer on buyer.id = c.buyer_id
        and (buyer.email_verified or exists (select 1 from profiles bp
          where bp.id = buyer.id and bp.phone_verified_at is not null))
        and buyer.suspended_at is null
        and buyer.created_at <= c.created_at - make_interval(hours => ${BUYER_MIN_AGE_HOURS})
      cross join lateral (
        select m.created_at as at from ${messages} m
        where m.conversation_id = c.id and m.sender_id is distinct from c.seller_id
        order by m.created_at limit 1
      ) first
      left join lateral (
        select m.created_at as at from ${messages} m
        where m.conversation_id = c.id and m.sender_id = c.seller_id
          and m.created_at >= first.at
        order by m.created_at limit 1
      ) reply on true
      where first.at >= ${since}
        and (reply.at is not null
          or extract(epoch from ${at} - first.at) >= ${PENDING_AFTER_SECONDS})
        and not exists (select 1 from ${blocks} b
          where (b.blocker_id = c.seller_id and b.blocked_id = c.buyer_id)
             or (b.blocker_id = c.buyer_id and b.blocked_id = c.seller_id))
      order by ${ONE_PER}, c.last_message_at desc
    ) w
  )`;
}

/** The column's json as numbers (PGlite and node-postgres both give it parsed, or as text). */
export function toResponseStats(value: unknown): ResponseStats | null {
  if (value === null || value === undefined) return null;
  const json = (typeof value === "string" ? JSON.parse(value) : value) as {
    n: number | string;
    median: number | string | null;
  };
  return {
    conversations: Number(json.n),
    medianSeconds: json.median === null ? null : Number(json.median),
  };
}

/** The statistics alone, in one statement (tests and the bench; pages take the column). */
export async function getResponseStats({
  db,
  sellerId,
  now,
}: {
  db: Database;
  sellerId: string;
  now?: Date;
}): Promise<ResponseStats | null> {
  const [row] = await selectRows<{ stats: unknown }>(
    db,
    sql`select ${responseStatsColumn(sellerId, now)} as stats`,
  );
  return toResponseStats(row?.stats);
}
