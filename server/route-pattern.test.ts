import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { createRouteTable, UNMATCHED } from "./route-pattern";

/* The shape of React Router's manifest in the build, for the routes that make the cases. */
const manifest = {
  root: { id: "root", path: "" },
  "routes/home": { id: "routes/home", parentId: "root", index: true },
  "routes/listing": { id: "routes/listing", parentId: "root", path: "listing/:id" },
  "routes/api.listings": { id: "routes/api.listings", parentId: "root", path: "api/listings/:id?" },
  "routes/robots": { id: "routes/robots", parentId: "root", path: "robots.txt" },
  "routes/not-found": { id: "routes/not-found", parentId: "root", path: "*" },
} as unknown as ServerBuild["routes"];

describe("route patterns", () => {
  const routeOf = createRouteTable(manifest);
  const patternOf = (pathname: string) => routeOf(pathname).pattern;

  it("names a page by its route's pattern, whatever the id in the address", () => {
    expect(patternOf("/listing/123")).toBe("/listing/:id");
    expect(patternOf("/listing/0b9f0c8e-1c7a-4a53-9a55-2f1c3a1e6d10")).toBe("/listing/:id");
    expect(patternOf("/")).toBe("/");
    expect(patternOf("/robots.txt")).toBe("/robots.txt");
    expect(patternOf("/api/listings")).toBe("/api/listings/:id?");
    expect(patternOf("/api/listings/42")).toBe("/api/listings/:id?");
  });

  it("counts a client navigation's data request under its page", () => {
    expect(patternOf("/listing/123.data")).toBe("/listing/:id");
    expect(patternOf("/_root.data")).toBe("/");
  });

  it("groups every address no route answers", () => {
    expect(patternOf("/wp-login.php")).toBe(UNMATCHED);
    expect(patternOf("/listing/1/2/3")).toBe(UNMATCHED);
    expect(createRouteTable({} as ServerBuild["routes"])("/anything").pattern).toBe(UNMATCHED);
  });
});

describe("the route table", () => {
  const routeOf = createRouteTable({
    root: { id: "root", path: "", module: { default: () => null } },
    "routes/edit": {
      id: "routes/edit",
      parentId: "root",
      path: "edit-listing/:id",
      module: { default: () => null, handle: { personal: true, body: "listing" } },
    },
    "routes/api.photos": {
      id: "routes/api.photos",
      parentId: "root",
      path: "api/photos",
      module: { action: () => null, handle: { body: "photo" } },
    },
    "routes/not-found": {
      id: "routes/not-found",
      parentId: "root",
      path: "*",
      module: { default: () => null },
    },
  } as unknown as ServerBuild["routes"]);

  it("reads the answering route's handle and parameters, its data address too", () => {
    const edit = routeOf("/edit-listing/AB12.data");
    expect(edit.handle).toEqual({ personal: true, body: "listing" });
    expect(edit.params.id).toBe("AB12");
    expect(edit.page).toBe(true);
    expect(routeOf("/api/photos")).toMatchObject({ handle: { body: "photo" }, page: false });
  });

  it("gives a route that declares nothing, and no route at all, an empty handle", () => {
    expect(routeOf("/nowhere")).toMatchObject({ pattern: UNMATCHED, handle: {}, page: true });
    expect(createRouteTable({} as ServerBuild["routes"])("/x")).toMatchObject({
      handle: {},
      page: false,
    });
  });
});
