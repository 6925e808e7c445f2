import { sql } from "drizzle-orm";
import { type Database, selectRows } from "~/db/client.server";
import type { ScreeningSignal } from "./risk-score";

/** An account younger than this is new (issue 30). */
export const NEW_ACCOUNT_DAYS = 7;
/** This many posts within BURST_MINUTES (the new one included) are a burst. */
export const BURST_POSTS = 5;
export const BURST_MINUTES = 60;

// Category ids (app/db/reference-data/categories.ts).
const MOTORS = 1;
const PROPERTY = 2;
const ELECTRONICS = 4;

/**
 * Where a fresh account is most often a scam: cars, phones (electronics has no finer type) and
 * flats or houses for rent — the deposit-before-viewing fraud.
 */
export function isRiskyCategory(categoryId: number, details: Record<string, unknown>): boolean {
  if (categoryId === MOTORS || categoryId === ELECTRONICS) return true;
  return categoryId === PROPERTY && details.listing_type === "rent";
}

/**
 * The poster's signals: a new account in a risky category, and a burst of posts. One statement
 * (the account's age and its posts of the last hour).
 */
export async function accountSignals(
  db: Pick<Database, "execute">,
  post: { memberId: string; categoryId: number; details: Record<string, unknown> },
  now = new Date(),
): Promise<ScreeningSignal[]> {
  const [row] = await selectRows<{ days: string | number | null; recent: string | number }>(
    db,
    sql`select extract(epoch from (${now.toISOString()}::timestamptz - u.created_at)) / 86400 as days,
          (select count(*) from listings l where l.user_id = u.id
            and l.created_at > ${now.toISOString()}::timestamptz - make_interval(mins => ${BURST_MINUTES})) as recent
        from users u where u.id = ${post.memberId}`,
  );
  if (!row) return [];
  const signals: ScreeningSignal[] = [];
  const days = Number(row.days ?? 0);
  if (days < NEW_ACCOUNT_DAYS && isRiskyCategory(post.categoryId, post.details)) {
    signals.push({
      rule: "new-account-risky-category",
      evidence: `${Math.floor(days * 24)} h`,
    });
  }
  // The post being screened is the next one.
  const posts = Number(row.recent) + 1;
  if (posts >= BURST_POSTS) {
    signals.push({ rule: "post-burst", evidence: `${posts} / ${BURST_MINUTES} min` });
  }
  return signals;
}
