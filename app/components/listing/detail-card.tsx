import type { ReactNode } from "react";
import { Card } from "~/components/ui/card";

/** One of the listing page's white cards, with its heading if it has one. */
export function DetailCard({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Card as="section" className="p-5 sm:p-6">
      {title ? <h2 className="mb-4 text-lg font-semibold text-ink">{title}</h2> : null}
      {children}
    </Card>
  );
}
