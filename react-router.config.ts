import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: "build",
  // React Router 8's behaviour, where it changes nothing we rely on (checked: same build output).
  // Not yet: `v8_splitRouteModules` (a conversation's clientAction, split into a file of its own,
  // made that page's first load 1.4 KB heavier, past its 130 KB budget); `v8_middleware` (loaders would get a RouterContextProvider instead of our
  // AppLoadContext: every `context.db`, `context.lang`… changes), `v8_passThroughRequests`
  // (request.url would keep `.data` on client navigations, and signInUrl would send members back
  // to a page's data after signing in), `v8_trailingSlashAwareDataRequests` (the home page's data
  // moves from `/_root.data` to `/_.data`, which the service worker's caches and the metrics'
  // route patterns read). `npm run dev` still warns about those three.
  future: {
    // Vite 8's environments: the server's entry is set per environment (vite.config.ts).
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
