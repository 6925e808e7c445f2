import type { DatabaseHandle } from "../../app/db/client.server";
import { createJobQueue, type JobLogger, type QueuePolicy } from "../../app/jobs/job-queue.server";
import type { AppJobName, AppJobs, JobSettings } from "../../app/jobs/job-types";
import { createMailer, type Mailer } from "../../app/mail/mailer.server";
import { createSmsSender } from "../../app/sms/create-sms-sender.server";
import type { SmsSender } from "../../app/sms/sms-sender";
import type { Env } from "../../app/utils/env.server";
import { resolveSessionSecret } from "../../app/utils/session-secret.server";
import { createLinkSigner } from "../../app/utils/signed-link.server";
import { alertPolicies, workAlertJobs } from "./alert-jobs";
import { mailPolicies, workMailJobs } from "./mail-jobs";
import { noticePolicies, workNoticeJobs } from "./notice-jobs";
import { pushPolicies, workPushJobs } from "./push-jobs";
import { type AppJobQueue, type JobHandlerContext, jobSender } from "./queue";
import { receiptRecorder, smsPolicies, workSmsJobs } from "./sms-jobs";

/*
 * Where the app's jobs are worked (docs/decisions/019-job-queue.md). The kinds and their data are
 * app/jobs/job-types.ts; each group of kinds has a file here with its retry policies and its
 * handlers, which call the domain. A new kind: its data in job-types.ts, its policy and handler in
 * one of these files (or a new one, added below): tsc refuses a kind without a policy.
 */

/** How each kind is retried: every kind once, from the files of its group. */
export function queuePolicies(settings: JobSettings): Record<AppJobName, QueuePolicy> {
  return {
    ...mailPolicies(settings),
    ...noticePolicies(settings),
    ...alertPolicies(settings),
    ...pushPolicies(settings),
    ...smsPolicies(settings),
  };
}

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

/** Runs the app's jobs in this process: the single process, the primary, or `npm run jobs`. */
export async function registerJobHandlers(queue: AppJobQueue, context: JobHandlerContext) {
  const work = {
    ...context,
    sender: jobSender(queue),
    signer: createLinkSigner(resolveSessionSecret(context.env)),
    sms: context.sms ?? createSmsSender(context.env),
  };
  await workMailJobs(queue, work);
  await workNoticeJobs(queue, work);
  await workAlertJobs(queue, work);
  await workPushJobs(queue, work);
  await workSmsJobs(queue, work);
}

/**
 * The app's queue in a server or `npm run jobs`: started (pg-boss's schema and the queues made,
 * under a lock), and worked here when `work` is set, with the mailer it sends through (/healthz
 * reports that mailer) and the SMS sender (its SMPP session bound at once, to hear receipts;
 * closed when the queue stops). Stop it before closing the database.
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
}): Promise<{ queue: AppJobQueue; mailer?: Mailer; sms?: SmsSender }> {
  const queue = createAppJobQueue({ database, logger, settings: env });
  await queue.start();
  if (!work) return { queue };
  const mailer = createMailer(env);
  const sms = createSmsSender(env, {
    onReceipt: (receipt) => record(receipt),
    warn: (message) => logger.warn({ sms: "smpp" }, message),
  });
  const record = receiptRecorder(database.db, sms.kind, logger);
  sms.start?.();
  const stop = queue.stop.bind(queue);
  queue.stop = async (options) => {
    await stop(options);
    await sms.close();
  };
  await registerJobHandlers(queue, { env, database, mailer, sms, logger });
  return { queue, mailer, sms };
}
