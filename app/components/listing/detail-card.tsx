import type { ReactNode } from "react";

/** One of the listing page's white cards, with its heading if it has one. */
export function DetailCard({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-line sm:p-6">
      {title ? <h2 className="mb-4 text-lg font-semibold text-ink">{title}</h2> : null}
      {children}
    </section>
  );
}
