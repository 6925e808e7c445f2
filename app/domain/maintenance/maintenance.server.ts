import type { Database } from "~/db/client.server";
import { expireListings, sendExpiryReminders } from "~/domain/listings/listing-expiry.server";
import { deleteExpiredStagedPhotos } from "~/domain/listings/staged-photos.server";
import { deleteUnsentMessagePhotos } from "~/domain/messaging/message-photos.server";
import { fingerprintStoredPhotos } from "~/domain/screening/fingerprint-photos.server";
import { compactDailyStats } from "~/domain/statistics/compact-stats.server";
import { rebuildPriceGuide } from "~/domain/statistics/price-guide.server";
import type { JobSender } from "~/jobs/job-types";
import type { MediaDriver } from "~/media/storage.server";
import type { LinkSigner } from "~/utils/signed-link.server";
import { purgeExpired } from "./purge-expired.server";
import { sweepOrphanPhotos } from "./sweep-orphan-photos.server";

const HOURLY = 60 * 60 * 1000;
/** About a minute of one core per run (some 10 ms a photo). */
const PHOTOS_PER_RUN = 5_000;

interface Logger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** What the listings' expiry needs: its reminders are e-mails with a signed renewal link. */
export interface ExpiryMail {
  /** The reminders are queued as mail jobs. */
  jobs: JobSender;
  signer: LinkSigner;
  publicUrl: string;
}

/**
 * Housekeeping every instance runs at start and then hourly. Each task is idempotent, so
 * several instances on one PostgreSQL doing it at once only repeat each other's work (a
 * reminder is claimed by the instance that sends it).
 */
export function startMaintenance({
  db,
  dataDir,
  storage,
  logger,
  expiry,
}: {
  db: Database;
  dataDir: string;
  /**
   * Where photos live: staged photos no post took are deleted from it, and photos from before
   * fingerprints are read from it.
   */
  storage: Pick<MediaDriver, "delete" | "read">;
  logger: Logger;
  expiry: ExpiryMail;
}) {
  const run = async () => {
    try {
      const expired = await expireListings(db);
      if (expired > 0) logger.info({ listings: expired }, "listings expired and left search");
      const reminders = await sendExpiryReminders({
        db,
        ...expiry,
        onFailure: (error, listingId) =>
          logger.error(
            { err: error, listingId },
            "an expiry reminder could not be queued; retrying next hour",
          ),
      });
      if (reminders.queued + reminders.failed > 0) logger.info(reminders, "expiry reminders");
    } catch (error) {
      logger.error({ err: error }, "listing expiry failed");
    }
    try {
      const purged = await purgeExpired(db);
      if (purged.rateLimits + purged.phoneReveals > 0) logger.info(purged, "purged expired rows");
      const swept = await sweepOrphanPhotos(db, dataDir);
      if (swept.folders > 0) logger.info(swept, "deleted photo folders of listings never saved");
      const staged = await deleteExpiredStagedPhotos({ db, storage });
      if (staged > 0) logger.info({ photos: staged }, "deleted staged photos no post took");
      const unsent = await deleteUnsentMessagePhotos({ db, storage });
      if (unsent > 0) logger.info({ photos: unsent }, "deleted message photos never sent");
    } catch (error) {
      logger.error({ err: error }, "maintenance failed");
    }
    try {
      // The fair-price guide from the listings as they are now (issue 32).
      const started = Date.now();
      const groups = await rebuildPriceGuide(db);
      logger.info({ groups, ms: Date.now() - started }, "rebuilt the fair-price guide");
    } catch (error) {
      logger.error({ err: error }, "rebuilding the fair-price guide failed");
    }
    try {
      // Statistics' days past STATS_DAILY_DAYS, a month at a time (a year's backlog at most).
      for (let month = 0; month < 12; month++) {
        const folded = await compactDailyStats(db);
        if (!folded) break;
        logger.info({ month: folded }, "folded a month of listing statistics");
      }
    } catch (error) {
      logger.error({ err: error }, "folding listing statistics failed");
    }
    try {
      // Photos from before fingerprints (decision 039), a few thousand an hour beside the site's
      // work; `npm run photos:fingerprint` does them all at once.
      const printed = await fingerprintStoredPhotos({ db, storage, max: PHOTOS_PER_RUN });
      if (printed.done + printed.failed > 0) logger.info(printed, "fingerprinted older photos");
    } catch (error) {
      logger.error({ err: error }, "fingerprinting older photos failed");
    }
  };
  void run();
  const timer = setInterval(run, HOURLY);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
