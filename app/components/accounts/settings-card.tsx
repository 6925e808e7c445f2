import type { ReactNode } from "react";
import { cardShape } from "~/components/ui/card";

/** One of the settings page's cards: an icon, a heading, and its forms; red for the dangerous one. */
export function SettingsCard({
  icon,
  title,
  tone = "default",
  testId,
  id,
  children,
}: {
  icon: ReactNode;
  title: string;
  tone?: "default" | "danger";
  testId?: string;
  /** An anchor to the card (/settings#phone), clear of the sticky header. */
  id?: string;
  children: ReactNode;
}) {
  const ring = tone === "danger" ? "ring-red-200" : "ring-line";
  const iconTone = tone === "danger" ? "bg-red-50 text-red-600" : "bg-brand-50 text-brand-700";
  return (
    <section id={id} className={`${cardShape} scroll-mt-32 p-6 ${ring}`} data-testid={testId}>
      <div className="flex items-center gap-3">
        <span className={`rounded-xl p-2 ${iconTone}`}>{icon}</span>
        <h2 className="text-lg font-semibold text-ink">{title}</h2>
      </div>
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}
