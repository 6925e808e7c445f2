/*
 * Which listings the public may open, save and reach from a conversation: active and sold ones.
 * An owner-hidden (inactive) or moderator-removed listing is seen only by its owner and by
 * moderators. The one place this is decided (favourites, the listing page, moderation, a
 * member's suspension all ask here). Kept free of imports: it is cheap anywhere.
 */

export const PUBLIC_STATUSES = ["active", "sold"] as const;

/**
 * `expired`: an active listing past its term (listing-expiry.server.ts). Its page still opens for
 * everyone, saying so (410 Gone), but it cannot be saved, reported or newly contacted.
 */
export type ListingStatus = "active" | "sold" | "inactive" | "removed" | "expired";
export type PublicStatus = (typeof PUBLIC_STATUSES)[number];

/**
 * Whose page opens for everyone: the public ones and an expired one (which says so, 410 Gone).
 * A suspension holds all of them; anyone may report them.
 */
export const VISIBLE_STATUSES = [...PUBLIC_STATUSES, "expired"] as const;

export function isVisibleStatus(status: ListingStatus) {
  return (VISIBLE_STATUSES as readonly string[]).includes(status);
}

export function isPublicStatus(status: ListingStatus): status is PublicStatus {
  return (PUBLIC_STATUSES as readonly string[]).includes(status);
}
