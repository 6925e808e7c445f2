import { Suspense } from "react";
import { Icon } from "~/components/ui/icon";
import { onDemand } from "~/components/ui/on-demand";
import { Stars } from "~/components/ui/stars";
import type { RatingFormProps } from "./rating-form";

const RatingForm = onDemand(() => import("./rating-form").then((m) => m.RatingForm));

/**
 * Rating the other side of a conversation (decision 038): a folded panel over the messages, a
 * plain form (stars as radio buttons, tags as check boxes, a comment), so it works before
 * JavaScript. Shows when it opens, or the member's own rating with a way to change it for 7 days.
 */
export function RatingPanel({ panel, lastResult, busy }: RatingFormProps) {
  const failed = lastResult?.status === "error";
  return (
    <details
      // A new element once the rating is given: the panel folds again after it is sent.
      key={panel.mine ? "rated" : "rating"}
      className="group border-b border-line bg-amber-50/40 px-3 py-2 sm:px-5"
      open={failed || undefined}
      data-testid="rating-panel"
    >
      <summary className="flex cursor-pointer list-none items-center gap-2 text-sm font-semibold text-ink">
        <Icon name="star" className="size-4 fill-amber-400 text-amber-500" aria-hidden />
        {panel.mine ? (
          <span className="flex min-w-0 flex-wrap items-center gap-2">
            <span>{panel.mine.title}</span>
            <Stars stars={panel.mine.stars} size="size-3.5" />
          </span>
        ) : (
          <span>{panel.texts.title}</span>
        )}
        <Icon
          name="chevron-right"
          className="ms-auto size-4 text-muted transition-transform group-open:rotate-90 rtl:-scale-x-100"
          aria-hidden
        />
      </summary>
      <div className="pb-2 pt-3">
        {panel.state === "wait" ? (
          <p className="text-sm text-muted" data-testid="rating-wait">
            {panel.note}
          </p>
        ) : panel.state === "closed" ? null : (
          <Suspense>
            <RatingForm panel={panel} lastResult={lastResult} busy={busy} />
          </Suspense>
        )}
      </div>
    </details>
  );
}
