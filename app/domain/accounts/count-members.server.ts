import { count, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";

/**
 * Members in good standing; the home page shows this rounded down
 * (docs/product-decisions.md §D6).
 */
export async function countMembers({ db }: { db: Database }) {
  const [row] = await db.select({ total: count() }).from(users).where(isNull(users.suspendedAt));
  return Number(row?.total ?? 0);
}

/**
 * Rounds a member count down to a claim that is always true: 7 → 7, 56 → 50, 1,234 → 1,000,
 * 12,345 → 10,000. The page adds the "+".
 */
export function roundDownForDisplay(total: number) {
  if (total < 10) return total;
  const magnitude = 10 ** Math.floor(Math.log10(total));
  return Math.floor(total / magnitude) * magnitude;
}
