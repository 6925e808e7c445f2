import type { Database } from "./db/client.server";
import type { Lang } from "./i18n/config";
import type { Env } from "./utils/env.server";

/** What the Express server hands to every loader and action (server/app.ts builds it). */
export interface AppContext {
  db: Database;
  env: Env;
  lang: Lang;
  requestId: string;
  /** Per-response nonce that lets our own inline scripts pass the Content-Security-Policy. */
  cspNonce: string;
}

declare module "react-router" {
  interface AppLoadContext extends AppContext {}
}
