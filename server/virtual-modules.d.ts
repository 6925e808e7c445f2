// Resolved by @react-router/dev's Vite plugin: in the server build (server/index.ts is its entry)
// and through Vite's ssrLoadModule in development.
declare module "virtual:react-router/server-build" {
  import type { ServerBuild } from "react-router";

  const build: ServerBuild;
  export = build;
}
