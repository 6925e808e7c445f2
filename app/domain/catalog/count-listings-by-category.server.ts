import { count, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { listings } from "~/db/schema";

/** Active listings per top-level category, for the home page's category strip. */
export async function countListingsByCategory({ db }: { db: Database }) {
  const rows = await db
    .select({ categoryId: listings.categoryId, total: count() })
    .from(listings)
    .where(eq(listings.status, "active"))
    .groupBy(listings.categoryId);
  return new Map(rows.map((row) => [row.categoryId, Number(row.total)]));
}
