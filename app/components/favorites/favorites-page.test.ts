import { describe, expect, it } from "vitest";
import { favoritesPageLinks } from "./favorites-page";

describe("the favourites' paging links", () => {
  it("links page 2 back to /favorites itself, and further pages to ?page=", () => {
    expect(favoritesPageLinks(1, 3)).toEqual({ prev: null, next: "?page=2" });
    expect(favoritesPageLinks(2, 3)).toEqual({ prev: "/favorites", next: "?page=3" });
    expect(favoritesPageLinks(3, 3)).toEqual({ prev: "?page=2", next: null });
  });

  it("has no links for a single page", () => {
    expect(favoritesPageLinks(1, 1)).toEqual({ prev: null, next: null });
  });
});
