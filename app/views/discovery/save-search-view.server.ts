import type { Member } from "~/domain/accounts/session.server";
import type { ListingQuery } from "~/domain/discovery/listing-query";
import { normalisedText, normaliseSearch } from "~/domain/saved-searches/saved-search-query";

/** What the results page's loader says about saving its search (save-search-view.server.ts). */
export interface SaveSearchView {
  /** The search as a query string (category included), or null when there is nothing to save. */
  query: string | null;
  signedIn: boolean;
  /** Sign in, then back to these results. */
  signInHref: string;
}

/**
 * The results page's "Save this search": its query as the saved search will store it, or null
 * when there is nothing to save (no words, no category, no filter: every listing), so the button
 * is not offered for a search the action would refuse.
 */
export function saveSearchView(
  request: Request,
  query: ListingQuery,
  member: Pick<Member, "id"> | null,
): SaveSearchView {
  const url = new URL(request.url);
  const signInHref = `/auth?redirectTo=${encodeURIComponent(`${url.pathname}${url.search}`)}&reason=auth`;
  let text: string | null;
  try {
    text = normaliseSearch(normalisedText(query)).text;
  } catch {
    text = null;
  }
  return { query: text, signedIn: member !== null, signInHref };
}
