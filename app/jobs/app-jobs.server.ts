import type { Agent } from "node:https";
import type { Database, DatabaseHandle } from "~/db/client.server";
import { mailRecipient } from "~/domain/notifications/mail-recipient.server";
import { queuePush } from "~/domain/notifications/queue-push.server";
import { type PushMessage, sendPushToSubscription } from "~/domain/notifications/send-push.server";
import { findUnreadPush, sendUnreadNotices } from "~/domain/notifications/unread-notices.server";
import { type ListingChange, notifyWatchers } from "~/domain/notifications/watchers.server";
import {
  alertMatchingSearches,
  DAILY_DIGEST_CRON,
  queueDailyDigests,
  SYRIA_TIME_ZONE,
  sendSavedSearchAlert,
} from "~/domain/saved-searches/saved-search-alerts.server";
import type { Lang } from "~/i18n/config";
import { serverT } from "~/i18n/i18n.server";
import { createMailer, type Mailer } from "~/mail/mailer.server";
import { type MailTemplateJson, queueMail, templateFromJson } from "~/mail/queue-mail.server";
import { sendTemplate } from "~/mail/templates.server";
import { mediaUrl } from "~/media/storage.server";
import type { Env } from "~/utils/env.server";
import { resolveSessionSecret } from "~/utils/session-secret.server";
import { createLinkSigner } from "~/utils/signed-link.server";
import { resolveVapidKeys } from "~/utils/vapid.server";
import {
  createJobQueue,
  type JobLogger,
  type JobQueue,
  type ManyJob,
  type QueuePolicy,
  type SendOptions,
} from "./job-queue.server";

/*
 * Every kind of job the app runs (docs/decisions/019-job-queue.md): its data, its retry policy and
 * its handler, in this one file. To add a kind:
 *   1. add it to AppJobs with its data (JSON: strings, numbers, booleans; Dates as ISO strings),
 *   2. give it a policy in queuePolicies (tsc insists),
 *   3. work it in registerJobHandlers with a handler from the domain,
 * then send it from the domain through the `jobs` handle a route gets on its context.
 */

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

/**
 * How each kind is retried. Mail: an SMTP outage of up to about 8 hours is waited out (10 retries,
 * doubling from JOB_RETRY_DELAY_SECONDS, 30 s by default); an attempt is bounded by the mailer's
 * own 10 s timeouts, so 5 minutes means it hung.
 */
export function queuePolicies(settings: JobSettings): Record<AppJobName, QueuePolicy> {
  return {
    "send-mail": {
      retryLimit: 10,
      retryDelaySeconds: settings.JOB_RETRY_DELAY_SECONDS,
      retryBackoff: true,
      expireInSeconds: 5 * 60,
    },
    "match-listing": {
      retryLimit: 5,
      retryDelaySeconds: settings.JOB_RETRY_DELAY_SECONDS,
      retryBackoff: true,
      expireInSeconds: 5 * 60,
    },
    "saved-search-alert": {
      retryLimit: 5,
      retryDelaySeconds: settings.JOB_RETRY_DELAY_SECONDS,
      retryBackoff: true,
      expireInSeconds: 2 * 60,
    },
    "saved-search-digest": {
      retryLimit: 3,
      retryDelaySeconds: settings.JOB_RETRY_DELAY_SECONDS,
      retryBackoff: true,
      expireInSeconds: 15 * 60,
    },
    "notify-watchers": {
      retryLimit: 5,
      retryDelaySeconds: settings.JOB_RETRY_DELAY_SECONDS,
      retryBackoff: true,
      expireInSeconds: 5 * 60,
    },
    // A few statements and one send-mail job: a failure is the database, retried soon.
    "notify-unread": {
      retryLimit: 5,
      retryDelaySeconds: settings.JOB_RETRY_DELAY_SECONDS,
      retryBackoff: true,
      expireInSeconds: 2 * 60,
    },
    // A few statements and one send-push job per browser.
    "notify-push": {
      retryLimit: 5,
      retryDelaySeconds: settings.JOB_RETRY_DELAY_SECONDS,
      retryBackoff: true,
      expireInSeconds: 2 * 60,
    },
    // A push service that fails (5xx, a timeout) is tried again for about half an hour; a push
    // about a message is worth little later than that. 404/410 are no failure: the row goes.
    "send-push": {
      retryLimit: 5,
      retryDelaySeconds: settings.JOB_RETRY_DELAY_SECONDS,
      retryBackoff: true,
      expireInSeconds: 60,
    },
  };
}

export type AppJobQueue = JobQueue<AppJobs>;

/** The app's queue on its database. start() it where jobs are worked or the queues declared. */
export function createAppJobQueue({
  database,
  logger,
  settings,
}: {
  database: DatabaseHandle;
  logger: JobLogger;
  settings: JobSettings;
}): AppJobQueue {
  return createJobQueue<AppJobs>({
    database,
    logger,
    queues: queuePolicies(settings),
    pollIntervalSeconds: settings.JOB_POLL_SECONDS,
  });
}

/** The send-only face of a queue, for the request context and the domain. */
export function jobSender(queue: Pick<AppJobQueue, "send" | "sendMany">): JobSender {
  return {
    send: (name, data, options) => queue.send(name, data, options),
    sendMany: (name, jobs) => queue.sendMany(name, jobs),
  };
}

export interface JobHandlerContext {
  env: Pick<
    Env,
    "PUBLIC_URL" | "SUPPORT_EMAIL" | "NOTIFY_UNREAD_AFTER_SECONDS" | "SESSION_SECRET" | "DATA_DIR"
  > &
    Pick<Env, "PUSH_SERVICE_HOSTS"> &
    Partial<
      Pick<Env, "VAPID_PUBLIC_KEY" | "VAPID_PRIVATE_KEY" | "VAPID_SUBJECT" | "MEDIA_PUBLIC_URL">
    >;
  database: DatabaseHandle;
  mailer: Mailer;
  logger: JobLogger;
  /** Tests only: how pushes reach their own push service (its certificate). */
  pushAgent?: Agent;
}

/** Runs the app's jobs in this process: the single process, the primary, or `npm run jobs`. */
export async function registerJobHandlers(queue: AppJobQueue, context: JobHandlerContext) {
  await queue.work(
    "send-mail",
    async (job) => {
      const outcome = await sendMailJob(job.data, { ...context, db: context.database.db });
      if (outcome === "withheld") {
        context.logger.info(
          { kind: job.data.template.kind },
          "mail not sent: the address is not a confirmed member's",
        );
      }
    },
    { concurrency: 2 },
  );
  const sender = jobSender(queue);
  // Signed with the session secret's derived key, like every link that works signed out.
  const signer = createLinkSigner(resolveSessionSecret(context.env));
  await queue.work("notify-unread", async (job) => {
    await sendUnreadNotices({
      db: context.database.db,
      recipientId: job.data.recipientId,
      delaySeconds: context.env.NOTIFY_UNREAD_AFTER_SECONDS,
      signer,
      publicUrl: context.env.PUBLIC_URL,
      queue: sender,
      deliver: async (notice) => {
        await queueMail(sender, {
          to: notice.to,
          lang: notice.lang,
          key: notice.key,
          template: {
            kind: "unread-messages",
            name: notice.name,
            url: notice.url,
            conversations: notice.conversations,
            unsubscribeUrl: notice.unsubscribeUrl,
          },
        });
      },
    });
  });
  await queue.work("match-listing", async (job) => {
    await alertMatchingSearches({
      db: context.database.db,
      jobs: sender,
      listingId: job.data.listingId,
    });
  });
  await queue.work("saved-search-alert", async (job) => {
    await sendSavedSearchAlert({
      db: context.database.db,
      jobs: sender,
      signer,
      publicUrl: context.env.PUBLIC_URL,
      savedSearchId: job.data.savedSearchId,
    });
  });
  await queue.work("saved-search-digest", async () => {
    await queueDailyDigests({ db: context.database.db, jobs: sender });
  });
  // One tick a day however many instances run (pg-boss's scheduler), at 8:00 in Syria.
  await queue.schedule("saved-search-digest", DAILY_DIGEST_CRON, {
    data: {},
    timeZone: SYRIA_TIME_ZONE,
  });
  await queue.work("notify-watchers", async (job) => {
    await notifyWatchers({
      db: context.database.db,
      jobs: sender,
      signer,
      publicUrl: context.env.PUBLIC_URL,
      change: job.data,
    });
  });
  await registerPushHandlers(queue, context);
}

/** Web Push (decision 021): who gets a push about a message, then one encrypted send per browser. */
// Alerts and watchers queue theirs through queuePush from their own jobs.
async function registerPushHandlers(queue: AppJobQueue, context: JobHandlerContext) {
  const sender = jobSender(queue);
  await queue.work("notify-push", async (job) => {
    const push = await findUnreadPush({
      db: context.database.db,
      recipientId: job.data.recipientId,
      messageId: job.data.messageId,
      publicUrl: context.env.PUBLIC_URL,
      photoUrl: (key) => mediaUrl(key, context.env.MEDIA_PUBLIC_URL),
    });
    if (!push) return;
    const t = serverT(push.lang, "messages");
    const message: PushMessage = {
      title: t("push.notificationTitle", { sender: push.sender }),
      body: t("push.notificationBody", { title: push.title }),
      url: push.url,
      ...(push.icon ? { icon: push.icon } : {}),
      tag: `conversation:${push.conversationId}`,
      lang: push.lang,
    };
    await queuePush(context.database.db, sender, {
      memberId: job.data.recipientId,
      key: `push:${job.data.messageId}`,
      message,
    });
  });
  await queue.work(
    "send-push",
    async (job) => {
      const outcome = await sendPushToSubscription({
        db: context.database.db,
        subscriptionId: job.data.subscriptionId,
        message: job.data.message,
        vapid: resolveVapidKeys(context.env),
        services: context.env.PUSH_SERVICE_HOSTS,
        agent: context.pushAgent,
      });
      if (outcome === "expired" || outcome === "refused") {
        context.logger.info(
          { subscriptionId: job.data.subscriptionId, outcome },
          outcome === "expired"
            ? "push subscription expired: deleted"
            : "push subscription at a service not in PUSH_SERVICE_HOSTS: deleted",
        );
      }
    },
    { concurrency: 4 },
  );
}

/**
 * Renders the mail in its language and hands it to the mailer; a throw is retried by the queue.
 * Every mail passes here, so here it is decided whether its address may get it now
 * (mailRecipient): notifications only to a confirmed address, and a name nobody confirmed is
 * never used. `db` is absent only where tests run mail jobs inline without a database.
 */
export async function sendMailJob(
  data: AppJobs["send-mail"],
  {
    env,
    mailer,
    db,
  }: { env: Pick<Env, "PUBLIC_URL" | "SUPPORT_EMAIL">; mailer: Mailer; db?: Database },
): Promise<"sent" | "withheld"> {
  let template = templateFromJson(data.template);
  if (db) {
    const recipient = await mailRecipient(db, data.to, template.kind);
    if (!recipient.send) return "withheld";
    if (!recipient.confirmed) template = { ...template, name: "" };
  }
  await sendTemplate(mailer, {
    to: data.to,
    lang: data.lang,
    template,
    publicUrl: env.PUBLIC_URL,
    supportEmail: env.SUPPORT_EMAIL,
  });
  return "sent";
}

/**
 * The app's queue in a server or `npm run jobs`: started (pg-boss's schema and the queues made,
 * under a lock), and worked here when `work` is set, with the mailer it sends through (/healthz
 * reports that mailer). Stop it before closing the database.
 */
export async function startAppJobs({
  database,
  env,
  logger,
  work,
}: {
  database: DatabaseHandle;
  env: Env;
  logger: JobLogger;
  work: boolean;
}): Promise<{ queue: AppJobQueue; mailer?: Mailer }> {
  const queue = createAppJobQueue({ database, logger, settings: env });
  await queue.start();
  if (!work) return { queue };
  const mailer = createMailer(env);
  await registerJobHandlers(queue, { env, database, mailer, logger });
  return { queue, mailer };
}
