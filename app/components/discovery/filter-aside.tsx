import { Suspense } from "react";
import { onDemand } from "~/components/ui/on-demand";
import type { FilterPanelProps } from "./filter-panel";

/*
 * The filter panel's code is fetched right after the page's own, never with it: the server draws
 * the panel (a plain GET form that works before any JavaScript), and search and category pages
 * stay within their first-load budget. Until the code has come, the server's form is the panel.
 */
const FilterPanel = onDemand(() => import("./filter-panel").then((m) => m.FilterPanel), {
  prefetch: true,
});

/**
 * The results page's filters: beside the results on wide screens, after them on phones. Held under
 * the header as the results scroll, and never taller than the window: a car category's panel is,
 * and its lower filters and "Apply" were out of reach until the page's end; it scrolls within.
 */
export function FilterAside(props: FilterPanelProps) {
  return (
    <aside
      id="filters"
      className="order-last scroll-mt-32 lg:sticky lg:top-28 lg:order-first lg:max-h-[calc(100dvh-8rem)] lg:self-start lg:overflow-y-auto lg:overscroll-contain lg:rounded-2xl"
    >
      <Suspense>
        <FilterPanel {...props} />
      </Suspense>
    </aside>
  );
}
