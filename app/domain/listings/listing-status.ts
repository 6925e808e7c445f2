/*
 * Which listings the public may open, save and reach from a conversation: active and sold ones.
 * An owner-hidden (inactive) or moderator-removed listing is seen only by its owner and by
 * moderators. The one place this is decided (favourites, the listing page, moderation, a
 * member's suspension all ask here). Kept free of imports: it is cheap anywhere.
 */

export const PUBLIC_STATUSES = ["active", "sold"] as const;

export type ListingStatus = "active" | "sold" | "inactive" | "removed";
export type PublicStatus = (typeof PUBLIC_STATUSES)[number];

export function isPublicStatus(status: ListingStatus): status is PublicStatus {
  return (PUBLIC_STATUSES as readonly string[]).includes(status);
}
