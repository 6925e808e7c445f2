import fs from "node:fs";
import path from "node:path";
import type { DatabaseHandle } from "../app/db/client.server";
import type { MessageHub } from "../app/domain/messaging/message-hub.server";
import type { Mailer } from "../app/mail/mailer.server";
import type { MediaDriver } from "../app/media/storage.server";
import type { SmsSender } from "../app/sms/sms-sender";
import type { Env } from "../app/utils/env.server";
import type { AppJobQueue } from "./jobs/queue";
import type { AppLogger } from "./logger";

/**
 * A due job that has waited this long means no process works the queue (JOBS=off everywhere, the
 * workers down): reported as "stalled", which an operator should look at; it does not fail the check.
 */
const STALLED_JOBS_SECONDS = 10 * 60;

/** Below this, new photos may not fit: the operator should know before members do. */
const LOW_DISK_BYTES = 200 * 1024 * 1024;

interface HealthOptions {
  env: Env;
  database: DatabaseHandle;
  messaging: MessageHub;
  jobs: Pick<AppJobQueue, "depth">;
  /** Only where this process sends the mail (it works the mail jobs). */
  mailer?: Mailer;
  /** Only where this process sends the text messages (it works the SMS jobs). */
  sms?: SmsSender;
  storage: MediaDriver;
  logger: AppLogger;
}

/**
 * What /healthz reports. Only the database decides "ok": without it nothing works, while a full
 * media disk or a lost live-message listener degrades one feature and is reported, not failed
 * (a load balancer that takes every instance out for a full shared disk helps nobody).
 */
export async function checkHealth({
  env,
  database,
  messaging,
  jobs,
  mailer,
  sms,
  storage,
  logger,
}: HealthOptions) {
  const [databaseReport, media, queue] = await Promise.all([
    checkDatabase(database, logger),
    env.MEDIA_STORAGE === "s3"
      ? checkBucket(storage, logger)
      : checkMedia(path.join(env.DATA_DIR, "media")),
    checkJobs(jobs, logger),
  ]);
  const live = messaging.health?.() ?? { ok: true, detail: "in-process" };
  return {
    ok: databaseReport.status === "up",
    details: {
      database: databaseReport,
      media,
      liveMessages: { status: live.ok ? "up" : "down", detail: live.detail },
      mail: {
        transport: env.SMTP_URL ? "smtp" : "outbox",
        // A process that only queues mail has nothing to say about the SMTP server.
        ...(mailer ? (mailer.health?.() ?? { status: "up" }) : { status: "queued-only" }),
      },
      sms: {
        transport: env.SMS_URL ? (env.SMS_URL.startsWith("smpp") ? "smpp" : "http") : "outbox",
        // Like mail: a process that only queues texts cannot say how the gateway fares.
        ...(sms ? (sms.health?.() ?? { status: "up" }) : { status: "queued-only" }),
      },
      jobs: { worked: env.JOBS === "on", ...queue },
    },
  };
}

/** Whether the database answers: all a load balancer (or a stranger) is told. */
export async function databaseAnswers(database: DatabaseHandle, logger: AppLogger) {
  return (await checkDatabase(database, logger)).status === "up";
}

/**
 * The queue's counts (decision 019): "up", "stalled" when a due job has waited long (nobody works
 * the queue), or "down" when they cannot be read. Reported only: mail waits, pages still work.
 */
export async function checkJobs(jobs: Pick<AppJobQueue, "depth">, logger: AppLogger) {
  try {
    const { byQueue, ...depth } = await jobs.depth();
    return {
      status: depth.oldestDueSeconds >= STALLED_JOBS_SECONDS ? "stalled" : "up",
      ...depth,
      byQueue,
    };
  } catch (error) {
    logger.error({ err: error }, "health check: the job queue cannot be read");
    return { status: "down", error: (error as Error).message };
  }
}

async function checkDatabase(database: DatabaseHandle, logger: AppLogger) {
  try {
    const latencyMs = await database.ping();
    return { kind: database.kind, status: "up", latencyMs: Math.round(latencyMs * 100) / 100 };
  } catch (error) {
    logger.error({ err: error }, "health check: the database does not answer");
    return { kind: database.kind, status: "down", error: (error as Error).message };
  }
}

async function checkMedia(dir: string) {
  try {
    await fs.promises.mkdir(dir, { recursive: true });
    await fs.promises.access(dir, fs.constants.W_OK);
    const stats = await fs.promises.statfs(dir);
    const freeBytes = stats.bavail * stats.bsize;
    return { status: freeBytes < LOW_DISK_BYTES ? "low-space" : "up", freeBytes };
  } catch (error) {
    return { status: "down", error: (error as Error).message };
  }
}

/**
 * The photos' bucket answers (down: unreachable, wrong credentials, no such bucket). Reported,
 * never failing the check: pages still work without new photos.
 */
export async function checkBucket(storage: Pick<MediaDriver, "ping">, logger: AppLogger) {
  const started = performance.now();
  try {
    await storage.ping();
    return {
      kind: "s3",
      status: "up",
      latencyMs: Math.round((performance.now() - started) * 100) / 100,
    };
  } catch (error) {
    logger.error({ err: error }, "health check: the photos' bucket does not answer");
    return { kind: "s3", status: "down", error: (error as Error).message };
  }
}
