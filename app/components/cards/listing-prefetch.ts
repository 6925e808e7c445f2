import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";

/**
 * How a link to a listing prefetches: on intent only, to spend a phone's data only on pages it is
 * likely to open — a pointer resting on it, a touch starting, keyboard focus — never because it
 * scrolled into view, and never with data saver (the server's `Save-Data` or setting, or the
 * browser's own saveData flag).
 */
export function useListingPrefetch(): "intent" | "none" {
  const saver = useRouteLoaderData<typeof rootLoader>("root")?.dataSaver ?? false;
  if (saver) return "none";
  if (typeof navigator !== "undefined") {
    const connection = (navigator as Navigator & { connection?: { saveData?: boolean } })
      .connection;
    if (connection?.saveData) return "none";
  }
  return "intent";
}
