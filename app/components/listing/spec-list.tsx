import type { SpecItem } from "~/domain/listings/listing-specs";

/** The Specifications card's rows: two columns on wider screens. */
export function SpecList({ items }: { items: SpecItem[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2" data-testid="listing-specs">
      {items.map((item) => (
        <div
          key={item.key}
          className="flex items-baseline justify-between gap-3 border-b border-line pb-2"
        >
          <dt className="text-sm text-muted">{item.label}</dt>
          <dd
            className="text-end text-sm font-semibold text-ink"
            dir={item.userText ? "auto" : undefined}
          >
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
