import type { Database } from "~/db/client.server";
import { purgeExpired } from "./purge-expired.server";
import { sweepOrphanPhotos } from "./sweep-orphan-photos.server";

const HOURLY = 60 * 60 * 1000;

interface Logger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * Housekeeping every instance runs at start and then hourly. Each task is idempotent, so
 * several instances on one PostgreSQL doing it at once only repeat each other's work.
 */
export function startMaintenance({
  db,
  dataDir,
  logger,
}: {
  db: Database;
  dataDir: string;
  logger: Logger;
}) {
  const run = async () => {
    try {
      const purged = await purgeExpired(db);
      if (purged.rateLimits + purged.phoneReveals > 0) logger.info(purged, "purged expired rows");
      const swept = await sweepOrphanPhotos(db, dataDir);
      if (swept.folders > 0) logger.info(swept, "deleted photo folders of listings never saved");
    } catch (error) {
      logger.error({ err: error }, "maintenance failed");
    }
  };
  void run();
  const timer = setInterval(run, HOURLY);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
