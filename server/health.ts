import fs from "node:fs";
import path from "node:path";
import type { DatabaseHandle } from "../app/db/client.server";
import type { MessageHub } from "../app/domain/messaging/message-hub.server";
import type { Mailer } from "../app/mail/mailer.server";
import type { MediaDriver } from "../app/media/storage.server";
import type { Env } from "../app/utils/env.server";
import type { AppLogger } from "./logger";

/** Below this, new photos may not fit: the operator should know before members do. */
const LOW_DISK_BYTES = 200 * 1024 * 1024;

interface HealthOptions {
  env: Env;
  database: DatabaseHandle;
  messaging: MessageHub;
  mailer: Mailer;
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
  mailer,
  storage,
  logger,
}: HealthOptions) {
  const [databaseReport, media] = await Promise.all([
    checkDatabase(database, logger),
    env.MEDIA_STORAGE === "s3"
      ? checkBucket(storage, logger)
      : checkMedia(path.join(env.DATA_DIR, "media")),
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
        ...(mailer.health?.() ?? { status: "up" }),
      },
    },
  };
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
