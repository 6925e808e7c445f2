import { and, eq, isNull } from "drizzle-orm";
import { ratingReports, ratings } from "~/db/schema";
import { hitRateLimits, type RateLimitRule } from "~/domain/accounts/rate-limit.server";
import { AppError } from "~/utils/app-error";
import { parseRatingForm, type RatingFormAction, ratingReportSchema } from "./rating-rules";

/** A person reports a rating now and then; a campaign reports a seller's every rating. */
const RATING_REPORTS_PER_MEMBER: RateLimitRule = {
  name: "rating-report:member",
  max: 10,
  windowSeconds: 86_400,
};

/**
 * A signed-in member reports a rating they did not write, once; it goes to the moderators' queue.
 * A removed or unknown rating is NOT_FOUND.
 */
export async function reportRating({ db, member, input }: RatingFormAction): Promise<void> {
  const { ratingId, details } = parseRatingForm(
    ratingReportSchema,
    input,
    "REPORT_DETAILS_TOO_LONG",
    "details",
  );
  const [rating] = await db
    .select({ id: ratings.id, raterId: ratings.raterId })
    .from(ratings)
    .where(and(eq(ratings.id, ratingId), isNull(ratings.removedAt)))
    .limit(1);
  if (!rating) throw new AppError("NOT_FOUND");
  if (rating.raterId === member.id) throw new AppError("CANNOT_REPORT_OWN_RATING");
  const limited = await hitRateLimits(db, [[RATING_REPORTS_PER_MEMBER, member.id]]);
  if (limited.limited) throw new AppError("RATE_LIMITED", { seconds: limited.retryAfterSeconds });
  const [inserted] = await db
    .insert(ratingReports)
    .values({ ratingId: rating.id, reporterId: member.id, details })
    .onConflictDoNothing()
    .returning({ id: ratingReports.id });
  if (!inserted) throw new AppError("ALREADY_REPORTED");
}
