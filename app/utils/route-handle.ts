/**
 * What a route tells the server about itself. A route module exports it as React Router's
 * `handle`, and the server reads the answering route's from the build (server/route-pattern.ts)
 * before any of its own middleware decides something about the request: the server never
 * restates routes as address patterns. A member's page is then one line in that page:
 *
 *   export const handle: RouteHandle = { personal: true };
 */
export interface RouteHandle {
  /**
   * Never the same for two people, or carrying a secret in its address: answered
   * `private, no-store` (no shared cache, no back-forward cache on a shared phone) and never
   * served from or stored in the page cache.
   */
  personal?: boolean;
  /** The largest request body it takes, checked before a byte is read; an ordinary form's if unset. */
  body?: "listing" | "profile" | "photo" | "message";
  /**
   * What a member's successful write here can change for visitors (the page cache empties that):
   * "own" — only the member's own things, nothing a visitor sees; "listing" — the listing its
   * `:id` names (without one, a new listing, which joins the lists). Unset: anything.
   */
  writes?: "own" | "listing";
  /** The page of the listing its `:id` names: a visit counts as a view; its change empties it. */
  listingPage?: boolean;
}
