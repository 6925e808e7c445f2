import type { Database } from "~/db/client.server";
import {
  type AttemptOutcome,
  limitAttempt,
  type RateLimitRule,
} from "~/domain/accounts/rate-limit.server";
import { isAppError } from "~/utils/app-error";
import type { Env } from "~/utils/env.server";

/*
 * How fast one member may post, change listings and upload photos. Each is a fixed window in
 * `rate_limits` (decision 004), counted before the work and given back when it did not happen,
 * so a person never meets them — a dealer posting a morning's stock, a seller fixing a typo
 * three times, a phone re-sending a photo over a flaky connection — but a script does, at once.
 * Operators change them with the environment variables named beside each (app/utils/env.server.ts).
 */
export interface ListingRates {
  /** LISTINGS_PER_MEMBER_PER_HOUR */
  postsPerHour: number;
  /** LISTINGS_PER_MEMBER_PER_DAY */
  postsPerDay: number;
  /** LISTING_CHANGES_PER_MEMBER_PER_HOUR: edits and status changes together. */
  changesPerHour: number;
  /** PHOTOS_PER_MEMBER_PER_HOUR: photos processed, whether they were accepted or refused. */
  photosPerMemberPerHour: number;
  /** PHOTOS_PER_IP_PER_HOUR: the same for one network (many members behind one address). */
  photosPerNetworkPerHour: number;
}

/** The defaults of the environment variables (env.server.ts states the same numbers). */
export const DEFAULT_LISTING_RATES: ListingRates = {
  postsPerHour: 20,
  postsPerDay: 100,
  changesPerHour: 60,
  photosPerMemberPerHour: 200,
  photosPerNetworkPerHour: 600,
};

export function listingRatesFrom(
  env: Pick<
    Env,
    | "LISTINGS_PER_MEMBER_PER_HOUR"
    | "LISTINGS_PER_MEMBER_PER_DAY"
    | "LISTING_CHANGES_PER_MEMBER_PER_HOUR"
    | "PHOTOS_PER_MEMBER_PER_HOUR"
    | "PHOTOS_PER_IP_PER_HOUR"
  >,
): ListingRates {
  return {
    postsPerHour: env.LISTINGS_PER_MEMBER_PER_HOUR,
    postsPerDay: env.LISTINGS_PER_MEMBER_PER_DAY,
    changesPerHour: env.LISTING_CHANGES_PER_MEMBER_PER_HOUR,
    photosPerMemberPerHour: env.PHOTOS_PER_MEMBER_PER_HOUR,
    photosPerNetworkPerHour: env.PHOTOS_PER_IP_PER_HOUR,
  };
}

const HOUR = 60 * 60;

/**
 * Photos the image pipeline refused (not an image, too large, unreadable): a person's phone
 * rarely makes one, a decompression bomb sent again and again makes nothing else. Not
 * configurable: they only ever stop someone sending broken files.
 */
export const PHOTO_REFUSALS_PER_MEMBER: RateLimitRule = {
  name: "photo-refused:member",
  max: 20,
  windowSeconds: HOUR,
};
export const PHOTO_REFUSALS_PER_NETWORK: RateLimitRule = {
  name: "photo-refused:network",
  max: 60,
  windowSeconds: HOUR,
};
const PHOTO_REFUSAL_CODES = ["LISTING_IMAGE_TOO_LARGE", "IMAGE_NOT_IMAGE", "IMAGE_UNREADABLE"];

function isPhotoRefusal(error: unknown) {
  return isAppError(error) && PHOTO_REFUSAL_CODES.includes(error.code);
}

/** A new listing counts once it is made (a post sent again under its key is not a new one). */
export function limitPosting<T extends { created: boolean }>(
  db: Database,
  { memberId, rates }: { memberId: string; rates: ListingRates },
  post: () => Promise<T>,
): Promise<T> {
  return limitAttempt(
    db,
    [
      [{ name: "post:member-hour", max: rates.postsPerHour, windowSeconds: HOUR }, memberId],
      [{ name: "post:member-day", max: rates.postsPerDay, windowSeconds: 24 * HOUR }, memberId],
    ],
    post,
    { counts: (outcome) => outcome.ok && outcome.value.created, code: "POSTING_RATE_LIMITED" },
  );
}

/** An edit or a status change counts once it is saved. */
export function limitListingChange<T>(
  db: Database,
  { memberId, rates }: { memberId: string; rates: ListingRates },
  change: () => Promise<T>,
): Promise<T> {
  return limitAttempt(
    db,
    [[{ name: "listing-change:member", max: rates.changesPerHour, windowSeconds: HOUR }, memberId]],
    change,
    { counts: (outcome) => outcome.ok, code: "LISTING_CHANGE_RATE_LIMITED" },
  );
}

/**
 * Processing `photos` photos for a member, on a network: each counts against the hourly photo
 * rates whether the pipeline accepts or refuses it, and a refusal also against the refusals'
 * own, lower limit. Anything else is given back: a server fault (the disk, the database), a
 * refusal before the pipeline, and a success that `counts` says processed nothing (an upload
 * received before).
 */
export function limitPhotoProcessing<T>(
  db: Database,
  {
    memberId,
    ip,
    rates,
    photos = 1,
    counts = () => true,
  }: {
    memberId: string;
    ip: string | undefined;
    rates: ListingRates;
    photos?: number;
    /** For work that succeeded: whether it processed the photos (not a retry answered). */
    counts?: (outcome: AttemptOutcome<T>) => boolean;
  },
  work: () => Promise<T>,
): Promise<T> {
  const processed = (outcome: AttemptOutcome<T>) =>
    outcome.ok ? counts(outcome) : isPhotoRefusal(outcome.error);
  return limitAttempt(
    db,
    [
      [{ name: "photo:member", max: rates.photosPerMemberPerHour, windowSeconds: HOUR }, memberId],
      [
        { name: "photo:network", max: rates.photosPerNetworkPerHour, windowSeconds: HOUR },
        ip || undefined,
      ],
    ],
    () =>
      limitAttempt(
        db,
        [
          [PHOTO_REFUSALS_PER_MEMBER, memberId],
          [PHOTO_REFUSALS_PER_NETWORK, ip || undefined],
        ],
        work,
        {
          counts: (outcome) => !outcome.ok && isPhotoRefusal(outcome.error),
          code: "PHOTO_RATE_LIMITED",
        },
      ),
    { counts: processed, code: "PHOTO_RATE_LIMITED", amount: photos },
  );
}
