import type { ReactNode } from "react";
import { Icon } from "./icon";

/**
 * A small green pill saying what Souqna checked about a member: "Verified phone", "Verified
 * e-mail". The text comes from the caller's catalog.
 */
export function TrustMark({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700 ring-1 ring-brand-200"
      data-testid={testId}
    >
      <Icon name="badge-check" className="size-3.5" aria-hidden />
      {children}
    </span>
  );
}
