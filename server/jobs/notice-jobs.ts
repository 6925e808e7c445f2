import { sendUnreadNotices } from "../../app/domain/notifications/unread-notices.server";
import { notifyWatchers } from "../../app/domain/notifications/watchers.server";
import { queueMail } from "../../app/mail/queue-mail.server";
import { type AppJobQueue, type Policies, retried, type WorkContext } from "./queue";

/** Notices to one member: unread messages by e-mail, a saved listing's price drop or sale. */
export const noticePolicies: Policies<"notify-unread" | "notify-watchers"> = (settings) => ({
  // A few statements and one send-mail job: a failure is the database, retried soon.
  "notify-unread": retried(settings, 5, 2 * 60),
  "notify-watchers": retried(settings, 5, 5 * 60),
});

export async function workNoticeJobs(queue: AppJobQueue, context: WorkContext) {
  const { database, env, sender, signer } = context;
  await queue.work("notify-unread", async (job) => {
    await sendUnreadNotices({
      db: database.db,
      recipientId: job.data.recipientId,
      delaySeconds: env.NOTIFY_UNREAD_AFTER_SECONDS,
      signer,
      publicUrl: env.PUBLIC_URL,
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
  await queue.work("notify-watchers", async (job) => {
    await notifyWatchers({
      db: database.db,
      jobs: sender,
      signer,
      publicUrl: env.PUBLIC_URL,
      change: job.data,
    });
  });
}
