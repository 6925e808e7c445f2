import { sql } from "drizzle-orm";
import { type Database, selectRows } from "~/db/client.server";
import { AppError } from "~/utils/app-error";
import type { PhotoMatch } from "./photo-matches.server";

/**
 * How alike (pg_trgm similarity, 0–1) a title and a description must both be to one of the
 * member's active listings in the same category for a post to repeat it. Near-identical: a
 * changed word or digit stays above, "Sofa 1" and "Sofa 2" with one description do not (their
 * titles are 0.56 alike) — a dealer's ten similar phones are ten ads, one phone ten times is not.
 */
export const REPEAT_SIMILARITY = 0.8;

export interface RepeatCheck {
  memberId: string;
  /** The listing being edited: it does not repeat itself. */
  listingId?: string;
  categoryId: number;
  /** As the member typed them (both languages together). */
  title: string;
  description: string;
  /** What findPhotoMatches found for the post's photos: its `mine` ones are repeats. */
  photoMatches: readonly PhotoMatch[];
}

/**
 * Refuses a post or an edit that repeats one of the member's own active listings — one of its
 * photos, or a near-identical title and description in the same category — with
 * LISTING_REPEATS_YOURS naming that listing, so the member can edit or renew it instead (issue
 * 30). Run inside the save's transaction, after lockCounts on the member: two copies sent at once
 * take turns, and the second finds the first.
 */
export async function refuseOwnRepeat(
  db: Pick<Database, "execute">,
  check: RepeatCheck,
): Promise<void> {
  const byPhoto = check.photoMatches.find((match) => match.mine);
  if (byPhoto) throw repeats(byPhoto.listingId, "photo");
  const [byText] = await selectRows<{ id: string }>(
    db,
    sql`select id from listings
        where user_id = ${check.memberId} and status = 'active' and category_id = ${check.categoryId}
          ${check.listingId ? sql`and id <> ${check.listingId}` : sql``}
          and similarity(trim(title || ' ' || title_ar), ${check.title.trim()}) >= ${REPEAT_SIMILARITY}
          and similarity(trim(description || ' ' || description_ar), ${check.description.trim()}) >= ${REPEAT_SIMILARITY}
        order by created_at desc
        limit 1`,
  );
  if (byText) throw repeats(byText.id, "text");
}

function repeats(listingId: string, by: "photo" | "text") {
  return new AppError("LISTING_REPEATS_YOURS", { listingId, by, link: `/listing/${listingId}` });
}
