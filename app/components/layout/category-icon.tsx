import spriteUrl from "~/components/ui/icons.svg?no-inline";

// Drawn icons rather than the emoji stored with the categories: emoji fonts are missing or look
// different on many Android phones and desktop Linux machines. They come from one cached SVG
// file (lucide's drawings, one <symbol> per slug): the header and the home page show a dozen, and
// inline they were 6 KB of every page's HTML and a kilobyte of its JavaScript.
const drawn = new Set([
  "motors",
  "property",
  "jobs",
  "electronics",
  "furniture",
  "fashion",
  "services",
  "community",
]);

export function CategoryIcon({ slug, className }: { slug: string; className?: string }) {
  return (
    <svg className={className} aria-hidden="true">
      <use href={`${spriteUrl}#${drawn.has(slug) ? slug : "other"}`} />
    </svg>
  );
}
