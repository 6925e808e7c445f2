import { queuePush } from "../../app/domain/notifications/queue-push.server";
import { sendPushToSubscription } from "../../app/domain/notifications/send-push.server";
import { findUnreadPush } from "../../app/domain/notifications/unread-notices.server";
import { serverT } from "../../app/i18n/i18n.server";
import type { PushMessage } from "../../app/jobs/job-types";
import { mediaUrl } from "../../app/media/storage.server";
import { resolveVapidKeys } from "../../app/utils/vapid.server";
import { type AppJobQueue, type Policies, retried, type WorkContext } from "./queue";

/** Web Push (decision 021): who gets a push about a message, then one encrypted send per browser. */
export const pushPolicies: Policies<"notify-push" | "send-push"> = (settings) => ({
  // A few statements and one send-push job per browser.
  "notify-push": retried(settings, 5, 2 * 60),
  // A push service that fails (5xx, a timeout) is tried again for about half an hour; a push
  // about a message is worth little later than that. 404/410 are no failure: the row goes.
  "send-push": retried(settings, 5, 60),
});

// Alerts and watchers queue theirs through queuePush from their own jobs.
export async function workPushJobs(queue: AppJobQueue, context: WorkContext) {
  const { database, env, sender } = context;
  await queue.work("notify-push", async (job) => {
    const push = await findUnreadPush({
      db: database.db,
      recipientId: job.data.recipientId,
      messageId: job.data.messageId,
      publicUrl: env.PUBLIC_URL,
      photoUrl: (key) => mediaUrl(key, env.MEDIA_PUBLIC_URL),
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
    await queuePush(database.db, sender, {
      memberId: job.data.recipientId,
      key: `push:${job.data.messageId}`,
      message,
    });
  });
  await queue.work(
    "send-push",
    async (job) => {
      const outcome = await sendPushToSubscription({
        db: database.db,
        subscriptionId: job.data.subscriptionId,
        message: job.data.message,
        vapid: resolveVapidKeys(env),
        services: env.PUSH_SERVICE_HOSTS,
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
