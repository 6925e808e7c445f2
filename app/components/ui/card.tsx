import type { ReactNode } from "react";
import { Icon, type IconName } from "./icon";

/** A card's shape but its ring's colour, for a card whose ring says something (a fresh search). */
export const cardShape = "rounded-2xl bg-white shadow-sm ring-1";

/** The white, rounded, outlined box the pages group their content in. */
export const cardStyles = `${cardShape} ring-line`;

type CardTag = "div" | "section" | "article" | "aside" | "header" | "li" | "p";

/**
 * A card: `cardStyles` on the element the content needs (a `section` for a titled part of a page,
 * a `li` in a list). The caller adds padding and layout, but never a second ring colour. A card
 * that is a link, a form or a table's frame, or that needs other attributes, puts `cardStyles` on
 * its element instead.
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

/**
 * The card a page shows in place of an empty list: an icon, a heading, a line of advice and the
 * way on (the children, which bring their own spacing). `className` sets the vertical padding
 * (`py-16` unless given) and any margin.
 */
export function EmptyCard({
  icon,
  iconTone = "muted",
  title,
  titleId,
  body,
  className = "py-16",
  testId,
  children,
}: {
  icon: IconName;
  iconTone?: "muted" | "brand";
  title: string;
  /** The heading's id, for a section labelled by it. */
  titleId?: string;
  body?: string;
  className?: string;
  testId: string;
  children?: ReactNode;
}) {
  const tone = iconTone === "brand" ? "text-brand-600" : "text-muted";
  return (
    <Card className={`px-6 text-center ${className}`} testId={testId}>
      <Icon name={icon} className={`mx-auto size-10 ${tone}`} aria-hidden="true" />
      <h2 id={titleId} className="mt-4 text-lg font-semibold">
        {title}
      </h2>
      {body ? <p className="mt-1 text-sm text-muted">{body}</p> : null}
      {children}
    </Card>
  );
}
