import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { listings } from "~/db/schema";
import { hitRateLimit, type RateLimitRule } from "~/domain/accounts/rate-limit.server";
import { isListingId } from "./listings-schemas";

/**
 * Who is viewing, for counting: a member by id; a visitor by their address, browser and
 * languages together. Not a cookie: a script that drops cookies would count a view per request.
 * People sharing one carrier address and the same phone model count once a day — an
 * undercount we prefer to inflation.
 */
export function viewerKeyOf({
  memberId,
  ip,
  userAgent,
  acceptLanguage,
}: {
  memberId?: string | null;
  ip: string;
  userAgent: string | null;
  acceptLanguage: string | null;
}) {
  if (memberId) return `member:${memberId}`;
  return `visitor:${ip}|${userAgent ?? ""}|${acceptLanguage ?? ""}`;
}

/** One counted view per viewer and listing a day. */
export const VIEW_RULE: RateLimitRule = { name: "view", max: 1, windowSeconds: 86_400 };

/**
 * Counts a view of a listing unless it is the owner's, a bot's, or this viewer's second within
 * 24 hours. `viewerKey` identifies the viewer (member id, else a hashed IP and user agent); the
 * rate-limit table stores it hashed. Returns whether the view was counted.
 */
export async function recordView({
  db,
  listingId,
  viewerKey,
  isOwner,
  isBot,
  now = new Date(),
}: {
  db: Database;
  listingId: string;
  viewerKey: string;
  isOwner: boolean;
  isBot: boolean;
  now?: Date;
}): Promise<boolean> {
  if (isOwner || isBot || !viewerKey || !isListingId(listingId)) return false;
  const id = listingId.toLowerCase();
  const hit = await hitRateLimit(db, VIEW_RULE, `${id}:${viewerKey}`, now.getTime());
  if (hit.limited) return false;
  const updated = await db
    .update(listings)
    .set({ viewsCount: sql`${listings.viewsCount} + 1` })
    .where(eq(listings.id, id))
    .returning({ id: listings.id });
  return updated.length > 0;
}
