import spriteUrl from "~/components/ui/icons.svg?no-inline";

/** The drawings in the cached icons file (app/components/ui/icons.svg). */
export type SpriteName =
  | "facebook"
  | "twitter"
  | "instagram"
  | "linkedin"
  | "calendar-days"
  | "eye"
  | "map-pin"
  | "lock-keyhole"
  | "phone"
  | "message-circle"
  | "share-2"
  | "flag"
  | "apple"
  | "smartphone";

/**
 * An icon drawn from the cached icons file rather than written into the page: a page that shows
 * many (the listing page's) keeps its HTML small; the file comes once and stays in the cache.
 * Decorative, like the lucide icons beside it.
 */
export function SpriteIcon({ name, className }: { name: SpriteName; className?: string }) {
  return (
    <svg className={className} aria-hidden="true">
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}
