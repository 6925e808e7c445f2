import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { RouteHandle } from "../app/utils/route-handle";

/** The label of every address no route of ours answers (React Router's catch-all, bad paths). */
export const UNMATCHED = "unmatched";

type Manifest = ServerBuild["routes"];

/** The route that answers an address, as the server's own middleware needs it. */
export interface RouteMatch {
  /** `/listing/:id` (a metric's route label: one value per route, never one per listing), or
   * UNMATCHED for the catch-all and for no route. */
  pattern: string;
  /** What the route declares about itself (app/utils/route-handle.ts); {} where it declares nothing. */
  handle: RouteHandle;
  /** The address's values for the pattern's `:names`. */
  params: Record<string, string | undefined>;
  /** A page (a route with a component), not a resource route (`api/…`, `robots.txt`) nor no route. */
  page: boolean;
}

declare global {
  namespace Express {
    interface Locals {
      /** The route that answers this request (server/app.ts resolves it before anything reads it). */
      route: RouteMatch;
    }
  }
}

const NO_ROUTE: RouteMatch = { pattern: UNMATCHED, handle: {}, params: {}, page: false };

/**
 * Reads, for any address, the route of the build that answers it: its pattern, its `handle` and
 * its parameters. Matched as React Router matches (its own `matchRoutes` over the build's
 * manifest), a client navigation's data request (`/listing/1.data`) as its page.
 */
export function createRouteTable(manifest: Manifest) {
  const tree = toRouteTree(manifest);
  const patterns = new Map<string, string>();
  for (const route of Object.values(manifest)) {
    if (route) patterns.set(route.id, fullPath(manifest, route.id));
  }

  return function routeOf(pathname: string): RouteMatch {
    const matches = matchRoutes(tree, dataRequestPath(pathname));
    const leaf = matches?.[matches.length - 1];
    const route = leaf?.route.id ? manifest[leaf.route.id] : undefined;
    if (!leaf || !route) return NO_ROUTE;
    const pattern = patterns.get(route.id) ?? UNMATCHED;
    const exports = route.module as { handle?: RouteHandle; default?: unknown } | undefined;
    return {
      pattern: pattern.endsWith("*") ? UNMATCHED : pattern,
      handle: exports?.handle ?? {},
      params: leaf.params,
      page: typeof exports?.default === "function",
    };
  };
}

type RouteOf = ReturnType<typeof createRouteTable>;

/**
 * The route table of the server's build. In development the build is loaded for each request
 * (Vite re-imports it after an edit): a table is made once per loaded build.
 */
export function createRouteResolver(
  build: ServerBuild | (() => Promise<ServerBuild>),
): () => Promise<RouteOf> {
  if (typeof build !== "function") {
    const table = createRouteTable(build.routes);
    return async () => table;
  }
  const tables = new WeakMap<Manifest, RouteOf>();
  return async () => {
    const { routes } = await build();
    let table = tables.get(routes);
    if (!table) {
      table = createRouteTable(routes);
      tables.set(routes, table);
    }
    return table;
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
