import type { Lang } from "~/i18n/config";
import type { MailTemplateJson } from "~/mail/template-json";
import type { Env } from "~/utils/env.server";
import type { ManyJob, SendOptions } from "./job-queue.server";

/*
 * The job contract (docs/decisions/019-job-queue.md): every kind of job the app runs and its data,
 * the send-only handle the domain gets, and the messages jobs carry. Types only, so the domain
 * can send a job without importing the handlers that work it (server/jobs/). To add a kind:
 *   1. add it to AppJobs with its data (JSON: strings, numbers, booleans; Dates as ISO strings),
 *   2. give it a policy and a handler in server/jobs/ (tsc insists on the policy),
 * then send it from the domain through the `jobs` handle a route gets on its context.
 */

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

/** A change of a listing its watchers are told of; `at` is when it happened, an ISO string. */
export type ListingChange =
  | { listingId: string; kind: "price-drop"; oldPrice: number; newPrice: number; at: string }
  | { listingId: string; kind: "sold"; at: string }
  /** A reserved listing its owner made available again (issue 31). */
  | { listingId: string; kind: "available"; at: string };

/**
 * Why a text message is sent: recorded with it (sms_messages.purpose), so an operator sees what the
 * SMS budget goes on. Later parts add their own.
 */
export type SmsPurpose = "verify-phone" | "sign-in" | "number-taken-over" | "listing-reviewed";

export type AppJobs = {
  /** One e-mail, rendered in `lang` when it is sent (so a retry renders it again, identically). */
  "send-mail": { to: string; lang: Lang; template: MailTemplateJson };
  /** E-mails `recipientId` about conversations whose messages wait unread (when it runs). */
  "notify-unread": { recipientId: string };
  /** Tells a listing's watchers that its price dropped or it was sold. */
  "notify-watchers": ListingChange;
  /** Matches a newly posted listing against the saved searches. */
  "match-listing": { listingId: string };
  /** Tells a saved search's owner of the listings that matched since its last alert. */
  "saved-search-alert": { savedSearchId: string };
  /** Daily, at 8:00 in Damascus: an alert job for every search with cadence "daily". */
  "saved-search-digest": Record<string, never>;
  /** Pushes `messageId` to `recipientId`'s browsers if it is still unread when it runs. */
  "notify-push": { recipientId: string; messageId: string };
  /** One push, already in its member's language, encrypted and sent to one subscribed browser. */
  "send-push": { subscriptionId: string; message: PushMessage };
  /**
   * One text message, already in its member's language (`lang` is recorded, not used to render):
   * `to` in E.164 ("+963912345678"). Worked by server/jobs/sms-jobs.ts.
   */
  "send-sms": {
    to: string;
    text: string;
    lang: Lang;
    purpose: SmsPurpose;
    /** ISO time after which the text is useless (a code that expired): it is not sent then. */
    expiresAt?: string;
  };
};

export type AppJobName = keyof AppJobs & string;

/** What a route or the domain may do with the queue: send, nothing else (workers run elsewhere). */
export interface JobSender {
  send<Name extends AppJobName>(
    name: Name,
    data: AppJobs[Name],
    options?: Pick<SendOptions, "key" | "startAfter">,
  ): Promise<{ id: string; created: boolean }>;
  /** Many jobs of one kind in one statement (a listing's saved-search alerts). */
  sendMany<Name extends AppJobName>(
    name: Name,
    jobs: readonly ManyJob<AppJobs[Name]>[],
  ): Promise<void>;
}

/** Test and operator knobs, from the environment (app/utils/env.server.ts). */
export type JobSettings = Pick<Env, "JOB_RETRY_DELAY_SECONDS" | "JOB_POLL_SECONDS">;
