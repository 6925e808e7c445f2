import { onDemand } from "~/components/ui/on-demand";

/**
 * The share card as the listing and seller pages show it: drawn in place by the server, its code
 * (copy, the share sheet) fetched after the page's, so it costs nothing of the first load
 * (decision 029's 130 KB and 12 scripts). Wrap it in <Suspense>.
 */
export const ShareCard = onDemand(() => import("./share-card").then((m) => m.ShareCard));
