import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import type { PhotoPrints } from "~/media/photo-fingerprint.server";
import { accountSignals } from "./account-signals.server";
import { listedWordSignals } from "./listed-words.server";
import { refuseOwnRepeat } from "./own-duplicate.server";
import { findPhotoMatches } from "./photo-matches.server";
import { comparablePrices, isFarBelow } from "./price-signal.server";
import { type RiskVerdict, riskVerdict, type ScreeningSignal } from "./risk-score";
import { textSignals } from "./text-signals";

export interface ListingToScreen {
  memberId: string;
  /** The listing being edited; absent for a new post. */
  listingId?: string;
  categoryId: number;
  details: Record<string, string | number | undefined>;
  /** As the member typed them (both languages together). */
  title: string;
  description: string;
  price: number;
  /** The photos being added (an edit's kept photos were screened when they came). */
  photos: readonly (PhotoPrints | null | undefined)[];
}

export interface Screening extends RiskVerdict {
  /** Another member's listing one of the photos is, when the stolen-photos rule was raised. */
  matchedListingId: string | null;
}

/**
 * Screens a new or edited listing before it is published (issue 30). Run in the save's
 * transaction after lockCounts on the member, before the listing is written. First refuses a
 * repeat of the member's own active listing (LISTING_REPEATS_YOURS), then sums the named rules:
 * contact details and links in the words, the moderators' listed words, a price far below
 * comparable listings, a new account in a risky category and a burst of posts (new posts only),
 * and photos of another member's listing (active, or removed within 180 days) — which always
 * holds. `holdScore` is the operator's SCREENING_HOLD_SCORE.
 */
export async function screenListing(
  db: Database,
  post: ListingToScreen,
  holdScore: number,
): Promise<Screening> {
  // PostgreSQL's JIT compiles the photo lookup (its estimate is large, its work small): 290 ms of
  // compiling for a 5 ms statement at 300,000 photos (bench/screening.ts). Off for this transaction.
  await db.execute(sql`set local jit = off`);
  // One photo lookup for both questions: a repeat of one's own ad, and another member's photos.
  const photoMatches = await findPhotoMatches(db, post.photos, post.memberId, post.listingId);
  await refuseOwnRepeat(db, { ...post, photoMatches });
  const words = `${post.title}\n${post.description}`;
  // One after another: they share the transaction's one connection.
  const stolen = photoMatches.filter((match) => !match.mine);
  const comparison = await comparablePrices(db, {
    categoryId: post.categoryId,
    details: post.details,
    listingId: post.listingId,
  });
  const account = post.listingId
    ? []
    : await accountSignals(db, {
        memberId: post.memberId,
        categoryId: post.categoryId,
        details: post.details,
      });
  const listed = await listedWordSignals(db, words);
  const signals: ScreeningSignal[] = [...textSignals(words), ...listed, ...account];
  if (comparison && isFarBelow(post.price, comparison)) {
    signals.push({
      rule: "price-far-below",
      evidence: `${post.price} / ${Math.round(comparison.median)} (${comparison.comparables})`,
    });
  }
  const [match] = stolen;
  if (match) signals.push({ rule: "stolen-photos", evidence: match.listingId });
  return { ...riskVerdict(signals, holdScore), matchedListingId: match?.listingId ?? null };
}
