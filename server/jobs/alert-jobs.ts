import {
  alertMatchingSearches,
  DAILY_DIGEST_CRON,
  queueDailyDigests,
  sendSavedSearchAlert,
} from "../../app/domain/saved-searches/saved-search-alerts.server";
import { SYRIA_TIME_ZONE } from "../../app/utils/syria-time";
import { type AppJobQueue, type Policies, retried, type WorkContext } from "./queue";

/** Saved-search alerts (decision 023): a new listing matched, each search told, a daily digest. */
export const alertPolicies: Policies<
  "match-listing" | "saved-search-alert" | "saved-search-digest"
> = (settings) => ({
  "match-listing": retried(settings, 5, 5 * 60),
  "saved-search-alert": retried(settings, 5, 2 * 60),
  "saved-search-digest": retried(settings, 3, 15 * 60),
});

export async function workAlertJobs(queue: AppJobQueue, context: WorkContext) {
  const { database, env, sender, signer } = context;
  await queue.work("match-listing", async (job) => {
    await alertMatchingSearches({ db: database.db, jobs: sender, listingId: job.data.listingId });
  });
  await queue.work("saved-search-alert", async (job) => {
    await sendSavedSearchAlert({
      db: database.db,
      jobs: sender,
      signer,
      publicUrl: env.PUBLIC_URL,
      savedSearchId: job.data.savedSearchId,
    });
  });
  await queue.work("saved-search-digest", async () => {
    await queueDailyDigests({ db: database.db, jobs: sender });
  });
  // One tick a day however many instances run (pg-boss's scheduler), at 8:00 in Syria.
  await queue.schedule("saved-search-digest", DAILY_DIGEST_CRON, {
    data: {},
    timeZone: SYRIA_TIME_ZONE,
  });
}
