import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/** The label of every address no route of ours answers (React Router's catch-all, bad paths). */
export const UNMATCHED = "unmatched";

type Manifest = ServerBuild["routes"];

/**
 * Turns a request's path into the pattern of the React Router route that answers it
 * (`/listing/123.data` → `/listing/:id`), so a metric's route label has as many values as we
 * have routes, never one per listing or member. The catch-all (`*`, the not-found page) and
 * anything that matches nothing are one label, UNMATCHED.
 */
export function createRoutePatterns(manifest: Manifest) {
  const tree = toRouteTree(manifest);
  const patterns = new Map<string, string>();
  for (const route of Object.values(manifest)) {
    if (route) patterns.set(route.id, fullPath(manifest, route.id));
  }

  return function patternOf(pathname: string): string {
    const matches = matchRoutes(tree, dataRequestPath(pathname));
    const leaf = matches?.[matches.length - 1]?.route.id;
    const pattern = leaf ? patterns.get(leaf) : undefined;
    if (!pattern || pattern.endsWith("*")) return UNMATCHED;
    return pattern;
  };
}

/** A client navigation asks for `/listing/123.data` (single fetch); the home page's is `/_root.data`. */
function dataRequestPath(pathname: string) {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

function toRouteTree(manifest: Manifest): RouteObject[] {
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    Object.values(manifest)
      .filter((route) => route && route.parentId === parentId)
      .map((route) => {
        const children = childrenOf(route!.id);
        return route!.index
          ? { id: route!.id, index: true }
          : { id: route!.id, path: route!.path, children };
      });
  return childrenOf(undefined);
}

/** `/listing/:id` from the route and its parents' path segments. */
function fullPath(manifest: Manifest, id: string): string {
  const segments: string[] = [];
  for (
    let route = manifest[id];
    route;
    route = route.parentId ? manifest[route.parentId] : undefined
  ) {
    if (route.path) segments.unshift(route.path.replace(/^\/+|\/+$/g, ""));
  }
  return `/${segments.filter(Boolean).join("/")}`;
}
