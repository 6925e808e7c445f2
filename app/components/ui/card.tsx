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

/** A card with an icon and a heading over its content (the settings page's cards); red for the dangerous one. */
export function TitledCard({
  icon,
  title,
  tone = "default",
  testId,
  children,
}: {
  icon: ReactNode;
  title: string;
  tone?: "default" | "danger";
  testId?: string;
  children: ReactNode;
}) {
  const ring = tone === "danger" ? "ring-red-200" : "ring-line";
  const iconTone = tone === "danger" ? "bg-red-50 text-red-600" : "bg-brand-50 text-brand-700";
  return (
    <section className={`rounded-2xl bg-white p-6 shadow-sm ring-1 ${ring}`} data-testid={testId}>
      <div className="flex items-center gap-3">
        <span className={`rounded-xl p-2 ${iconTone}`}>{icon}</span>
        <h2 className="text-lg font-semibold text-ink">{title}</h2>
      </div>
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}
