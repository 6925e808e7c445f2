import { and, eq, isNull, sql } from "drizzle-orm";
import { type Database, selectRows } from "~/db/client.server";
import { ratings } from "~/db/schema";
import type { Member } from "~/domain/accounts/session.server";
import { isConversationId } from "~/domain/messaging/conversation-access.server";
import { AppError, type AppErrorCode } from "~/utils/app-error";
import {
  parseRatingForm,
  RATER_MIN_AGE_HOURS,
  type RatingInput,
  type RatingWindow,
  ratingSchema,
  ratingWindow,
} from "./rating-rules";
import { exchangeFactsColumn, toExchangeFacts } from "./ratings-sql.server";

export interface RatingGiven {
  id: string;
  /** It was a change to the member's earlier rating, not a new one. */
  changed: boolean;
  /** It counts in the other member's average (decision 038). */
  counts: boolean;
}

/** The rating as it will be stored, or what to fix, where. */
export function parseRating(input: unknown): RatingInput {
  return parseRatingForm(ratingSchema, input, "RATING_STARS_REQUIRED", "stars");
}

/** Why the rule refuses, as the error the member reads. */
export function windowRefusal(window: RatingWindow, now: Date): AppError | null {
  switch (window.state) {
    case "refused":
      return new AppError(window.reason satisfies AppErrorCode);
    case "wait":
      return new AppError("RATING_TOO_EARLY", {
        seconds: Math.ceil((window.opensAt.getTime() - now.getTime()) / 1000),
      });
    case "closed":
      return new AppError("RATING_EDIT_CLOSED");
    default:
      return null;
  }
}

/**
 * One side of a conversation rates the other for its listing (decision 038), or changes the rating
 * it gave within seven days. Strangers to the conversation get NOT_FOUND. The conversation is
 * locked while the rule is applied, so a double submit gives one rating. Whether the rating counts
 * is decided here: the rater in good standing (a verified phone or a confirmed e-mail, a member for
 * a day) and the first from their network for this member in a day — under a lock on the rated
 * member and the network, so ten simultaneous ratings from one network count once.
 */
export async function rateMember({
  db,
  member,
  conversationId,
  input,
  network,
  now = new Date(),
}: {
  db: Database;
  member: Pick<Member, "id">;
  conversationId: unknown;
  input: unknown;
  /** The rater's network, as a keyed hash (buyer-network.server.ts). */
  network: string;
  now?: Date;
}): Promise<RatingGiven> {
  if (!isConversationId(conversationId)) throw new AppError("NOT_FOUND");
  const id = conversationId.toLowerCase();
  return db.transaction(async (tx) => {
    // The lock first, alone: a statement that waited for it would read the facts as they were
    // before the other submit's rating (READ COMMITTED), and a double submit would fail.
    await tx.execute(
      sql`select 1 from conversations c where c.id = ${id}
            and (c.buyer_id = ${member.id} or c.seller_id = ${member.id}) for update`,
    );
    const [row] = await selectRows<{
      buyer_id: string | null;
      seller_id: string | null;
      listing_id: string;
      title: string;
      status: string;
      facts: unknown;
      in_standing: boolean;
    }>(
      tx,
      // The title in whichever language the listing has it (one may be empty).
      sql`select c.buyer_id, c.seller_id, l.id as listing_id,
            coalesce(nullif(l.title, ''), l.title_ar) as title, l.status,
            ${exchangeFactsColumn(member.id)} as facts,
            (select (me.email_verified or p.phone_verified_at is not null)
                and me.suspended_at is null
                and me.created_at <= ${now.toISOString()}::timestamptz - make_interval(hours => ${RATER_MIN_AGE_HOURS})
              from users me left join profiles p on p.id = me.id where me.id = ${member.id}) as in_standing
          from conversations c join listings l on l.id = c.listing_id
          where c.id = ${id} and (c.buyer_id = ${member.id} or c.seller_id = ${member.id})`,
    );
    if (!row) throw new AppError("NOT_FOUND");
    // The form is checked after the 404, so a stranger learns nothing from its errors.
    const rating = parseRating(input);
    const asBuyer = row.buyer_id === member.id;
    const otherId = asBuyer ? row.seller_id : row.buyer_id;
    const facts = toExchangeFacts(row.facts, row.status, otherId !== null);
    const window = ratingWindow(facts, now);
    const refusal = windowRefusal(window, now);
    if (refusal) throw refusal;

    if (window.state === "editable" && facts.mine) {
      await tx
        .update(ratings)
        .set({ stars: rating.stars, tags: rating.tags, comment: rating.comment, updatedAt: now })
        .where(and(eq(ratings.id, facts.mine.id), isNull(ratings.removedAt)));
      return { id: facts.mine.id, changed: true, counts: false };
    }
    if (!otherId) throw new AppError("CONVERSATION_CLOSED");

    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`rating:${otherId}:${network}`}, 0))`,
    );
    const [first] = await selectRows<{ taken: boolean }>(
      tx,
      sql`select exists(select 1 from ratings r
            where r.rated_id = ${otherId} and r.rater_network = ${network} and r.counts
              and r.created_at > ${now.toISOString()}::timestamptz - interval '1 day') as taken`,
    );
    const counts = Boolean(row.in_standing) && !first?.taken;
    const [inserted] = await tx
      .insert(ratings)
      .values({
        conversationId: id,
        listingId: row.listing_id,
        listingTitle: row.title,
        raterId: member.id,
        ratedId: otherId,
        ratedAs: asBuyer ? "seller" : "buyer",
        stars: rating.stars,
        tags: rating.tags,
        comment: rating.comment,
        raterNetwork: network,
        counts,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: ratings.id });
    if (!inserted) throw new AppError("RATING_EDIT_CLOSED");
    return { id: inserted.id, changed: false, counts };
  });
}
