import type { Database } from "~/db/client.server";
import type { JobSender, PushMessage } from "~/jobs/job-types";
import { listPushSubscriptionIds } from "./push-subscriptions.server";

/**
 * Queues `message` to every browser `memberId` subscribed (decision 021): one `send-push` job
 * each, keyed by `key` and the browser, so a job that runs twice pushes once. The caller has
 * decided that the member wants it (their preference for its kind, not suspended).
 */
export async function queuePush(
  db: Database,
  jobs: Pick<JobSender, "send">,
  { memberId, key, message }: { memberId: string; key: string; message: PushMessage },
): Promise<number> {
  const ids = await listPushSubscriptionIds(db, memberId);
  for (const subscriptionId of ids) {
    await jobs.send("send-push", { subscriptionId, message }, { key: `${key}:${subscriptionId}` });
  }
  return ids.length;
}
