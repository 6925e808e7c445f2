import {
  alertMatchingSearches,
  DAILY_DIGEST_CRON,
  queueDailyDigests,
  SYRIA_TIME_ZONE,
  sendSavedSearchAlert,
} from "../../app/domain/saved-searches/saved-search-alerts.server";
import type { AppJobQueue, Policies, WorkContext } from "./queue";

/** Saved-search alerts (decision 023): a new listing matched, each search told, a daily digest. */
export const alertPolicies: Policies<
  "match-listing" | "saved-search-alert" | "saved-search-digest"
> = (settings) => ({
  "match-listing": {
    retryLimit: 5,
    retryDelay: settings.JOB_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    expireInSeconds: 5 * 60,
  },
  "saved-search-alert": {
    retryLimit: 5,
    retryDelay: settings.JOB_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    expireInSeconds: 2 * 60,
  },
  "saved-search-digest": {
    retryLimit: 3,
    retryDelay: settings.JOB_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
  },
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
