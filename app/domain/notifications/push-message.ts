// A leaf of types: the send-push job carries it (app/jobs/job-types.ts), so it imports nothing.

/**
 * What the service worker (app/service-worker/sw.ts) shows: every text already in the member's language, so
 * the worker holds none. Never a message's text: a notification is read over a shoulder.
 */
export interface PushMessage {
  title: string;
  body: string;
  /** Opened by a click: a page of this site, absolute. */
  url: string;
  icon?: string;
  /** One notification per tag: a second message in a thread replaces the first. */
  tag: string;
  lang: "en" | "ar";
}
