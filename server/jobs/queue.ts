import type { Agent } from "node:https";
import type { DatabaseHandle } from "../../app/db/client.server";
import type { JobLogger, JobQueue, QueuePolicy } from "../../app/jobs/job-queue.server";
import type { AppJobName, AppJobs, JobSender, JobSettings } from "../../app/jobs/job-types";
import type { Mailer } from "../../app/mail/mailer.server";
import type { SmsSender } from "../../app/sms/sms-sender";
import type { Env } from "../../app/utils/env.server";
import type { LinkSigner } from "../../app/utils/signed-link.server";

/** The app's queue: the kinds of app/jobs/job-types.ts on the queue of app/jobs/job-queue.server.ts. */
export type AppJobQueue = JobQueue<AppJobs>;

/** How kinds `Name` are retried, given the operator's knobs: one per kind, in its own file here. */
export type Policies<Name extends AppJobName> = (
  settings: JobSettings,
) => Record<Name, QueuePolicy>;

/**
 * A kind's policy: retried `retryLimit` times, waiting JOB_RETRY_DELAY_SECONDS (30 s by default)
 * doubled at each retry, an attempt failed (and retried) after `expireInSeconds`.
 */
export function retried(
  settings: JobSettings,
  retryLimit: number,
  expireInSeconds: number,
): QueuePolicy {
  return {
    retryLimit,
    retryDelay: settings.JOB_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    expireInSeconds,
  };
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
      Pick<
        Env,
        | "VAPID_PUBLIC_KEY"
        | "VAPID_PRIVATE_KEY"
        | "VAPID_SUBJECT"
        | "MEDIA_PUBLIC_URL"
        | "SMS_URL"
        | "SMS_FROM"
        | "SMS_HTTP_BODY"
      >
    >;
  database: DatabaseHandle;
  mailer: Mailer;
  /** Where send-sms jobs go; without one, the outbox in DATA_DIR/sms (tests that send none). */
  sms?: SmsSender;
  logger: JobLogger;
  /** Tests only: how pushes reach their own push service (its certificate). */
  pushAgent?: Agent;
}

/** What every handler gets: the context, the queue to send follow-up jobs, the link signer. */
export interface WorkContext extends JobHandlerContext {
  sms: SmsSender;
  sender: JobSender;
  /** Signed with the session secret's derived key, like every link that works signed out. */
  signer: LinkSigner;
}
