// A leaf of types: the notify-watchers job carries it (app/jobs/job-types.ts).

/** A change of a listing its watchers are told of; `at` is when it happened, an ISO string. */
export type ListingChange =
  | { listingId: string; kind: "price-drop"; oldPrice: number; newPrice: number; at: string }
  | { listingId: string; kind: "sold"; at: string };
