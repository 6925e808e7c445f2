import type { ReactNode } from "react";

/** The white, rounded, outlined box the pages group their content in. */
export const cardStyles = "rounded-2xl bg-white shadow-sm ring-1 ring-line";

type CardTag = "div" | "section" | "article" | "aside" | "li";

/**
 * A card: `cardStyles` on the element the content needs (a `section` for a titled part of a page,
 * a `li` in a list). The caller adds padding and layout; a card that is a link (a listing card)
 * puts `cardStyles` on its `Link` instead.
 */
export function Card({
  as: Tag = "div",
  className = "",
  testId,
  children,
}: {
  as?: CardTag;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Tag className={`${cardStyles} ${className}`.trim()} data-testid={testId}>
      {children}
    </Tag>
  );
}
