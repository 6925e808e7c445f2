import type { Database } from "./db/client.server";
import type { Auth } from "./domain/accounts/auth.server";
import type { MessageHub } from "./domain/messaging/message-hub.server";
import type { Lang } from "./i18n/config";
import type { JobSender } from "./jobs/job-types";
import type { MediaDriver, MediaStorage } from "./media/storage.server";
import type { Env } from "./utils/env.server";
import type { Flash } from "./utils/flash.server";
import type { LinkSigner } from "./utils/signed-link.server";

/** What the Express server hands to every loader and action (server/app.ts builds it). */
export interface AppContext {
  db: Database;
  auth: Auth;
  /** Sends jobs (mail goes out through queueMail); they run on whichever process works them. */
  jobs: JobSender;
  env: Env;
  lang: Lang;
  /** Fewer bytes for this request: `Save-Data: on` or the device's setting (utils/data-saver.ts). */
  dataSaver: boolean;
  requestId: string;
  /** The client's address (from X-Forwarded-For only when TRUST_PROXY is set). */
  clientIp: string;
  /** Per-response nonce that lets our own inline scripts pass the Content-Security-Policy. */
  cspNonce: string;
  /** Live delivery of conversation events to open event streams, on every instance. */
  messaging: MessageHub;
  /** Where photos live: the driver MEDIA_STORAGE chose (local disk or an S3 bucket). */
  storage: MediaStorage & Pick<MediaDriver, "read">;
  /** Signs and checks links that work without signing in (a listing's renewal link). */
  links: LinkSigner;
  /** The one-time notices carried across a redirect, in a signed cookie (utils/flash.server). */
  flash: Flash;
  /** The request's logger (pino, bound to its request id). */
  logger: RequestLogger;
  /**
   * Set when the request failed because the database or the media disk is away (see
   * isUnavailable): the server then answers 503 with Retry-After instead of 500.
   */
  outage: { unavailable: boolean };
}

export interface RequestLogger {
  error(object: object, message?: string): void;
  warn(object: object, message?: string): void;
  info(object: object, message?: string): void;
}

declare module "react-router" {
  interface AppLoadContext extends AppContext {}
}
