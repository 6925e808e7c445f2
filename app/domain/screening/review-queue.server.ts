import { and, asc, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type Database, selectRows } from "~/db/client.server";
import { listingImages, listingScreenings, listings, profiles, users } from "~/db/schema";
import type { ListingStatus } from "~/domain/listings/listing-status";
import { primaryVariants, variantsOf } from "~/domain/moderation/list-report-queue.server";
import { HELD_FOR_SCREENING } from "~/domain/moderation/moderation-schemas";
import {
  type Actor,
  assertModerator,
  decide,
  type ListingDecision,
  lockListing,
  recordAction,
} from "~/domain/moderation/moderator.server";
import {
  type AlertQueue,
  matchNewListing,
} from "~/domain/saved-searches/saved-search-alerts.server";
import type { Lang } from "~/i18n/config";
import { serverT } from "~/i18n/i18n.server";
import type { JobSender } from "~/jobs/job-types";
import { queueMail } from "~/mail/queue-mail.server";
import { queueSms } from "~/sms/queue-sms.server";
import { AppError } from "~/utils/app-error";
import { isUndeliverableAddress } from "~/utils/undeliverable-address";
import type { ScreeningSignal } from "./risk-score";
import type { Screening } from "./screen-listing.server";

/*
 * The review queue of issue 30: listings the screening held "Under review" instead of publishing,
 * waiting for a moderator. Copied photos first, then the longest waiting, then the riskiest. A
 * moderator approves (published as it was, matched against saved searches, its owner told) or
 * rejects with a reason (it stays hidden, its owner told why and may edit it, which sends it back
 * here). Every decision is in the audit log with how long the listing waited; nothing is learnt
 * from them automatically.
 */

type Tx = Pick<Database, "select" | "insert" | "update" | "delete">;

/** The listings columns of a held listing: hidden, remembering what it was. */
export function heldColumns(before: ListingStatus) {
  return {
    status: "removed" as const,
    removalReason: HELD_FOR_SCREENING,
    statusBeforeRemoval: before === "removed" ? ("active" as const) : before,
  };
}

/**
 * Keeps a listing's latest screening: its score and reasons when it raised any, and when it was
 * held. A held listing waits for a decision again (a resubmission clears the last one), and the
 * hold is written to the audit log as the system's.
 */
export async function recordScreening(
  tx: Tx,
  { listingId, ownerId, screening }: { listingId: string; ownerId: string; screening: Screening },
) {
  if (screening.reasons.length === 0 && !screening.hold) {
    await tx.delete(listingScreenings).where(eq(listingScreenings.listingId, listingId));
    return;
  }
  const row = {
    score: screening.score,
    reasons: screening.reasons,
    matchedListingId: screening.matchedListingId,
    screenedAt: sql`now()`,
    heldAt: screening.hold ? sql`now()` : null,
    decidedAt: null,
    decidedBy: null,
    decision: null,
    decisionReason: null,
  };
  await tx
    .insert(listingScreenings)
    .values({ listingId, ...row })
    .onConflictDoUpdate({ target: listingScreenings.listingId, set: row });
  if (screening.hold) {
    await recordAction(tx, {
      moderatorId: null,
      action: "hold_listing",
      listingId,
      targetUserId: ownerId,
      reason: HELD_FOR_SCREENING,
      details: { score: screening.score, rules: screening.reasons.map((reason) => reason.rule) },
    });
  }
}

/** Whether the member's removed listing was rejected by a moderator after screening: editable. */
export async function rejectedAfterScreening(
  db: Pick<Database, "select">,
  listingId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ decision: listingScreenings.decision })
    .from(listingScreenings)
    .where(eq(listingScreenings.listingId, listingId))
    .limit(1);
  return row?.decision === "rejected";
}

export const REVIEW_QUEUE_LIMIT = 50;

export interface HeldListing {
  id: string;
  title: string;
  titleAr: string;
  description: string;
  descriptionAr: string;
  price: number;
  image: { width: number; height: number; key: string }[] | null;
  owner: { id: string; name: string; email: string; createdAt: Date };
  score: number;
  reasons: ScreeningSignal[];
  heldAt: Date;
  /** The other member's listing its photos are, shown beside it. */
  matched: {
    id: string;
    title: string;
    titleAr: string;
    price: number;
    status: ListingStatus;
    image: { width: number; height: number; key: string }[] | null;
    owner: { id: string; name: string };
  } | null;
}

/**
 * The held listings waiting for a decision (moderators only), copied photos first, then the
 * oldest, then the riskiest. One statement, on the waiting index.
 */
export async function listHeldListings({
  db,
  actor,
  limit = REVIEW_QUEUE_LIMIT,
}: {
  db: Database;
  actor: Actor;
  limit?: number;
}): Promise<HeldListing[]> {
  await assertModerator(db, actor);
  const matched = alias(listings, "matched");
  const matchedOwner = alias(users, "matched_owner");
  const rows = await db
    .select({
      id: listings.id,
      title: listings.title,
      titleAr: listings.titleAr,
      description: listings.description,
      descriptionAr: listings.descriptionAr,
      price: listings.price,
      image: primaryVariants(listings.id),
      ownerId: users.id,
      ownerName: sql<string>`coalesce(nullif(${profiles.fullName}, ''), ${users.name})`,
      ownerEmail: users.email,
      ownerCreatedAt: users.createdAt,
      score: listingScreenings.score,
      reasons: listingScreenings.reasons,
      heldAt: listingScreenings.heldAt,
      matchedId: matched.id,
      matchedTitle: matched.title,
      matchedTitleAr: matched.titleAr,
      matchedPrice: matched.price,
      matchedStatus: matched.status,
      matchedImage: primaryVariants(matched.id),
      matchedOwnerId: matchedOwner.id,
      matchedOwnerName: matchedOwner.name,
    })
    .from(listingScreenings)
    .innerJoin(listings, eq(listings.id, listingScreenings.listingId))
    .innerJoin(users, eq(users.id, listings.userId))
    .leftJoin(profiles, eq(profiles.id, listings.userId))
    .leftJoin(matched, eq(matched.id, listingScreenings.matchedListingId))
    .leftJoin(matchedOwner, eq(matchedOwner.id, matched.userId))
    .where(
      and(
        isNotNull(listingScreenings.heldAt),
        isNull(listingScreenings.decidedAt),
        eq(listings.removalReason, HELD_FOR_SCREENING),
      ),
    )
    .orderBy(
      desc(sql`${listingScreenings.matchedListingId} is not null`),
      asc(listingScreenings.heldAt),
      desc(listingScreenings.score),
    )
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    titleAr: row.titleAr,
    description: row.description,
    descriptionAr: row.descriptionAr,
    price: row.price,
    image: variantsOf(row.image),
    owner: {
      id: row.ownerId,
      name: row.ownerName,
      email: row.ownerEmail,
      createdAt: row.ownerCreatedAt,
    },
    score: row.score,
    reasons: row.reasons as ScreeningSignal[],
    heldAt: row.heldAt ?? new Date(0),
    matched:
      row.matchedId && row.matchedStatus && row.matchedOwnerId
        ? {
            id: row.matchedId,
            title: row.matchedTitle ?? "",
            titleAr: row.matchedTitleAr ?? "",
            price: row.matchedPrice ?? 0,
            status: row.matchedStatus,
            image: variantsOf(row.matchedImage),
            owner: { id: row.matchedOwnerId, name: row.matchedOwnerName ?? "" },
          }
        : null,
  }));
}

/** Where a decision is told: the owner's e-mail or SMS, and the saved searches on approval. */
export interface ReviewNotices {
  jobs?: JobSender & AlertQueue;
  /** PUBLIC_URL: e-mail links are absolute. */
  publicUrl: string;
}

type ReviewDecision = ListingDecision & ReviewNotices;

/** The held listing a decision is about, locked; anything else is LISTING_NOT_UNDER_REVIEW. */
async function lockHeld(tx: Database, listingId: string) {
  const listing = await lockListing(tx, listingId);
  const [screening] = await tx
    .select({ heldAt: listingScreenings.heldAt, decidedAt: listingScreenings.decidedAt })
    .from(listingScreenings)
    .where(eq(listingScreenings.listingId, listing.id))
    .limit(1);
  if (
    listing.status !== "removed" ||
    listing.removalReason !== HELD_FOR_SCREENING ||
    !screening?.heldAt ||
    screening.decidedAt
  ) {
    throw new AppError("LISTING_NOT_UNDER_REVIEW");
  }
  return { ...listing, heldAt: screening.heldAt };
}

/**
 * A moderator approves a held listing: it is published as it was before the hold (active, or sold
 * or hidden by its owner if an edit was held), matched against saved searches, and its owner told.
 * Its reason (why the moderator found it fine) is for the audit log.
 */
export async function approveHeldListing(decision: ReviewDecision): Promise<void> {
  const { db, actor, listingId } = decision;
  const approved = await decide(db, actor, decision.reason, async (tx, moderator, reason) => {
    const listing = await lockHeld(tx, listingId);
    const status = listing.statusBeforeRemoval ?? "active";
    await tx
      .update(listings)
      .set({ status, removalReason: null, statusBeforeRemoval: null, updatedAt: sql`now()` })
      .where(eq(listings.id, listing.id));
    await settle(tx, listing.id, moderator.id, "approved", null);
    await recordAction(tx, {
      moderatorId: moderator.id,
      action: "approve_listing",
      listingId: listing.id,
      targetUserId: listing.userId,
      reason,
      details: { waitedSeconds: waitedSeconds(listing.heldAt) },
    });
    return { id: listing.id, status };
  });
  if (approved.status === "active") await matchNewListing(decision.jobs, approved.id);
  await tellOwner(db, decision, approved.id, null);
}

/**
 * A moderator rejects a held listing with a reason: it stays hidden, its owner reads the reason on
 * its page and in the notice, and may edit it — which screens it again and holds it again.
 */
export async function rejectHeldListing(decision: ReviewDecision): Promise<void> {
  const { db, actor, listingId } = decision;
  const rejected = await decide(db, actor, decision.reason, async (tx, moderator, reason) => {
    const listing = await lockHeld(tx, listingId);
    await tx
      .update(listings)
      .set({ removalReason: reason, updatedAt: sql`now()` })
      .where(eq(listings.id, listing.id));
    await settle(tx, listing.id, moderator.id, "rejected", reason);
    await recordAction(tx, {
      moderatorId: moderator.id,
      action: "reject_listing",
      listingId: listing.id,
      targetUserId: listing.userId,
      reason,
      details: { waitedSeconds: waitedSeconds(listing.heldAt) },
    });
    return { id: listing.id, reason };
  });
  await tellOwner(db, decision, rejected.id, rejected.reason);
}

async function settle(
  tx: Tx,
  listingId: string,
  moderatorId: string,
  decision: "approved" | "rejected",
  reason: string | null,
) {
  await tx
    .update(listingScreenings)
    .set({ decidedAt: sql`now()`, decidedBy: moderatorId, decision, decisionReason: reason })
    .where(eq(listingScreenings.listingId, listingId));
}

function waitedSeconds(heldAt: Date) {
  return Math.max(0, Math.round((Date.now() - heldAt.getTime()) / 1000));
}

/**
 * Tells the owner of a decision in their language: by e-mail when they have a deliverable address,
 * else by SMS to their verified phone. A notice that cannot be queued never undoes the decision.
 */
async function tellOwner(
  db: Database,
  { jobs, publicUrl }: ReviewNotices,
  listingId: string,
  rejection: string | null,
) {
  if (!jobs) return;
  const [owner] = await db
    .select({
      email: users.email,
      name: users.name,
      fullName: profiles.fullName,
      lang: profiles.preferredLanguage,
      phone: profiles.phoneNumber,
      phoneVerifiedAt: profiles.phoneVerifiedAt,
      title: listings.title,
      titleAr: listings.titleAr,
    })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.userId))
    .leftJoin(profiles, eq(profiles.id, listings.userId))
    .where(eq(listings.id, listingId))
    .limit(1);
  if (!owner) return;
  const lang: Lang = owner.lang ?? "en";
  const base = publicUrl.replace(/\/+$/, "");
  // A rejected listing is fixed on its edit page; an approved one is seen on its own.
  const url =
    rejection === null ? `${base}/listing/${listingId}` : `${base}/edit-listing/${listingId}`;
  try {
    if (!isUndeliverableAddress(owner.email)) {
      await queueMail(jobs, {
        to: owner.email,
        lang,
        template: {
          kind: "listing-reviewed",
          name: owner.fullName?.trim() || owner.name.trim(),
          title:
            (lang === "ar" ? owner.titleAr || owner.title : owner.title || owner.titleAr) ?? "",
          url,
          rejection,
        },
      });
    } else if (owner.phone && owner.phoneVerifiedAt) {
      const t = serverT(lang, "moderation");
      await queueSms(jobs, {
        to: owner.phone,
        lang,
        purpose: "listing-reviewed",
        text: t(rejection === null ? "review.smsApproved" : "review.smsRejected", { url }),
      });
    }
  } catch {
    // The decision stands; the owner sees it on the listing's page and in My listings.
  }
}

/** Posting-to-decision times of the decisions in the last `days` days, in seconds. */
export interface ReviewTimes {
  /** Decisions in the period. */
  decided: number;
  /** Seconds from posting (or resubmitting) to the decision. */
  median: number | null;
  p95: number | null;
  /** Held listings waiting for a decision now. */
  waiting: number;
}

export async function reviewTimes(db: Pick<Database, "execute">, days = 30): Promise<ReviewTimes> {
  const [row] = await selectRows<{
    decided: string | number;
    median: string | number | null;
    p95: string | number | null;
    waiting: string | number;
  }>(
    db,
    sql`select
          (select count(*) from listing_screenings
            where decided_at > now() - make_interval(days => ${days})) as decided,
          (select percentile_cont(0.5) within group (order by extract(epoch from decided_at - held_at))
            from listing_screenings where decided_at > now() - make_interval(days => ${days})) as median,
          (select percentile_cont(0.95) within group (order by extract(epoch from decided_at - held_at))
            from listing_screenings where decided_at > now() - make_interval(days => ${days})) as p95,
          (select count(*) from listing_screenings s join listings l on l.id = s.listing_id
            where s.held_at is not null and s.decided_at is null
              and l.removal_reason = ${HELD_FOR_SCREENING}) as waiting`,
  );
  const number = (value: string | number | null | undefined) =>
    value === null || value === undefined ? null : Number(value);
  return {
    decided: Number(row?.decided ?? 0),
    median: number(row?.median),
    p95: number(row?.p95),
    waiting: Number(row?.waiting ?? 0),
  };
}
