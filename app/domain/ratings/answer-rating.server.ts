import { and, eq, isNull } from "drizzle-orm";
import { ratings } from "~/db/schema";
import { AppError } from "~/utils/app-error";
import { parseRatingForm, type RatingFormAction, ratingReplySchema } from "./rating-rules";

/**
 * The rated member answers a rating of them once, publicly. Anyone else — and a removed rating —
 * gets NOT_FOUND; a second answer RATING_ALREADY_ANSWERED.
 */
export async function answerRating({ db, member, input }: RatingFormAction): Promise<void> {
  const { ratingId, reply } = parseRatingForm(
    ratingReplySchema,
    input,
    "RATING_REPLY_EMPTY",
    "reply",
  );
  const mine = and(
    eq(ratings.id, ratingId),
    eq(ratings.ratedId, member.id),
    isNull(ratings.removedAt),
  );
  const [answered] = await db
    .update(ratings)
    .set({ reply, repliedAt: new Date() })
    .where(and(mine, isNull(ratings.reply)))
    .returning({ id: ratings.id });
  if (answered) return;
  const [exists] = await db.select({ id: ratings.id }).from(ratings).where(mine).limit(1);
  throw new AppError(exists ? "RATING_ALREADY_ANSWERED" : "NOT_FOUND");
}
