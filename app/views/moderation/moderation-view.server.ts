import { isVisibleStatus } from "~/domain/listings/listing-status";
import type { LogEntry } from "~/domain/moderation/list-moderation-log.server";
import type { QueueItem } from "~/domain/moderation/list-report-queue.server";
import type { SuspendedMember } from "~/domain/moderation/list-suspended-members.server";
import {
  type ModerationAction,
  type ReportReason,
  systemRemovalCode,
} from "~/domain/moderation/moderation-schemas";
import type { ReportedRating } from "~/domain/ratings/moderate-rating.server";
import type { HeldListing } from "~/domain/screening/review-queue.server";
import type { ScreeningRule, ScreeningSignal } from "~/domain/screening/risk-score";
import type { Lang } from "~/i18n/config";
import { formatDateTime, formatNumber, formatPrice } from "~/i18n/format";
import { serverT } from "~/i18n/i18n.server";
import { localized } from "~/i18n/localized";
import { listingThumb } from "~/media/listing-images.server";
import type { MediaStorage } from "~/media/storage.server";
import { starsView, tagLabel } from "~/views/common/rating-views.server";
import { removalReasonText } from "~/views/common/removal-reason.server";

/*
 * What the moderation page shows, formatted on the server in the page's language (numbers, dates,
 * prices and the system's reason codes), so the browser never formats anything itself.
 */

const EXCERPT_CHARS = 280;

export type QueueStatus =
  | "active"
  | "sold"
  | "inactive"
  | "removed"
  | "expired"
  | "held"
  | "review"
  | "suspended";

export interface QueueView {
  id: string;
  title: string;
  excerpt: string;
  price: string;
  status: QueueStatus;
  /** A moderator's earlier reason for a removed listing (the system's codes are in `status`). */
  statusReason: string | null;
  /** Whether the public can open the listing page (a hidden listing answers 404). */
  visible: boolean;
  image: { src: string; width: number; height: number } | null;
  owner: { id: string; name: string; email: string; suspended: boolean; moderator: boolean };
  reportCount: number;
  reportCountText: string;
  reports: {
    id: string;
    reason: ReportReason;
    details: string;
    reporter: string | null;
    date: string;
  }[];
}

/** Description text without its allow-listed tags, cut to a preview. */
function excerptOf(description: string) {
  const text = description
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS).trimEnd()}…` : text;
}

export function toQueueView(lang: Lang, item: QueueItem, storage: MediaStorage): QueueView {
  const t = serverT(lang, "moderation");
  const { listing } = item;
  const code = listing.status === "removed" ? systemRemovalCode(listing.removalReason) : null;
  return {
    id: listing.id,
    title: localized(lang, listing, "title"),
    excerpt: excerptOf(localized(lang, listing, "description")),
    price: formatPrice(lang, listing.price),
    status: code ?? listing.status,
    statusReason: listing.status === "removed" && !code ? listing.removalReason : null,
    visible: isVisibleStatus(listing.status),
    image: listingThumb(listing.image, storage),
    owner: {
      id: item.owner.id,
      name: item.owner.name,
      email: item.owner.email,
      suspended: item.owner.suspended,
      moderator: item.owner.role === "moderator",
    },
    reportCount: item.reportCount,
    reportCountText: t("page.reportCount", {
      count: item.reportCount,
      formatted: formatNumber(lang, item.reportCount),
    }),
    reports: item.reports.map((report) => ({
      id: report.id,
      reason: report.reason,
      details: report.details,
      reporter: report.reporterName,
      date: formatDateTime(lang, report.createdAt),
    })),
  };
}

export interface SuspendedView {
  id: string;
  name: string;
  email: string;
  since: string;
  reason: string;
  hiddenText: string;
}

export function toSuspendedView(lang: Lang, member: SuspendedMember): SuspendedView {
  const t = serverT(lang, "moderation");
  return {
    id: member.id,
    name: member.name,
    email: member.email,
    since: t("page.suspendedSince", { date: formatDateTime(lang, member.suspendedAt) }),
    reason: member.reason,
    hiddenText: t("page.hiddenListings", {
      count: member.hiddenListings,
      formatted: formatNumber(lang, member.hiddenListings),
    }),
  };
}

export interface LogView {
  id: string;
  when: string;
  whenIso: string;
  /** Null: the system acted. */
  who: string | null;
  action: ModerationAction;
  listing: { id: string; title: string } | null;
  member: { name: string; email: string } | null;
  why: string;
}

export function toLogView(lang: Lang, entry: LogEntry): LogView {
  return {
    id: entry.id,
    when: formatDateTime(lang, entry.createdAt),
    whenIso: entry.createdAt.toISOString(),
    who: entry.moderatorName,
    action: entry.action,
    listing: entry.listing
      ? {
          id: entry.listing.id,
          title: localized(lang, entry.listing, "title"),
        }
      : null,
    member: entry.target ? { name: entry.target.name, email: entry.target.email } : null,
    why: removalReasonText(lang, entry.reason) ?? "",
  };
}

export type ReportedRatingView = ReturnType<typeof toReportedRatingView>;

/** A reported rating as the moderators' queue shows it (decision 038), texts formatted here. */
export function toReportedRatingView(lang: Lang, rating: ReportedRating) {
  const t = serverT(lang, "moderation");
  const unknown = serverT(lang, "messages")("thread.unknownUser");
  const rater = rating.raterName ?? unknown;
  return {
    id: rating.id,
    stars: starsView(lang, rating.stars),
    by: t("page.ratings.by", { rater, rated: rating.ratedName ?? unknown }),
    raterHref: `/u/${encodeURIComponent(rating.raterId)}`,
    ratedHref: `/u/${encodeURIComponent(rating.ratedId)}#seller-ratings`,
    about: t("page.ratings.about", { title: rating.listingTitle }),
    tags: rating.tags.flatMap((tag) => tagLabel(lang, tag) ?? []),
    comment: rating.comment || null,
    answer: rating.reply ? t("page.ratings.answer", { text: rating.reply }) : null,
    reports: t("page.ratings.reports", {
      count: rating.reports,
      formatted: formatNumber(lang, rating.reports),
    }),
    details: rating.details,
    actionsLabel: t("page.ratings.actionsLabel", { rater }),
  };
}

/** A time span as a moderator reads it: minutes under an hour, hours under two days, else days. */
export function formatSpan(lang: Lang, seconds: number) {
  const unit = (value: number, name: "minute" | "hour" | "day") =>
    formatNumber(lang, value, {
      style: "unit",
      unit: name,
      unitDisplay: "short",
      maximumFractionDigits: name === "minute" ? 0 : 1,
    });
  if (seconds < 3600) return unit(Math.max(1, Math.round(seconds / 60)), "minute");
  if (seconds < 48 * 3600) return unit(seconds / 3600, "hour");
  return unit(seconds / 86400, "day");
}

export interface HeldView {
  id: string;
  title: string;
  excerpt: string;
  price: string;
  image: { src: string; width: number; height: number } | null;
  owner: { id: string; name: string; email: string; since: string };
  held: string;
  heldIso: string;
  score: string;
  reasons: { rule: ScreeningRule; label: string; evidence: string }[];
  matched: {
    id: string;
    title: string;
    price: string;
    status: string;
    image: { src: string; width: number; height: number } | null;
    text: string;
  } | null;
  actionsLabel: string;
}

/** What a moderator reads of a rule's evidence: the words as found, figures formatted. */
function evidenceText(lang: Lang, signal: ScreeningSignal): string {
  const t = serverT(lang, "moderation");
  if (signal.rule === "price-far-below") {
    // "price / median (comparables)", as price-signal writes it.
    const [price, median, comparables] = (signal.evidence.match(/\d+/g) ?? []).map(Number);
    if (price === undefined || median === undefined || comparables === undefined) return "";
    return t("review.priceEvidence", {
      price: formatPrice(lang, price),
      median: formatPrice(lang, median),
      formatted: formatNumber(lang, comparables),
    });
  }
  if (signal.rule === "new-account-risky-category") {
    const hours = Number.parseInt(signal.evidence, 10);
    return Number.isFinite(hours)
      ? t("review.accountAge", { age: formatSpan(lang, hours * 3600) })
      : "";
  }
  // The stolen photos' listing is shown beside; a resubmission has no evidence.
  if (signal.rule === "stolen-photos" || signal.rule === "resubmitted") return "";
  return signal.evidence;
}

export function toHeldView(
  lang: Lang,
  item: HeldListing,
  storage: MediaStorage,
  now = new Date(),
): HeldView {
  const t = serverT(lang, "moderation");
  const title = localized(lang, item, "title");
  return {
    id: item.id,
    title,
    excerpt: excerptOf(localized(lang, item, "description")),
    price: formatPrice(lang, item.price),
    image: listingThumb(item.image, storage),
    owner: {
      id: item.owner.id,
      name: item.owner.name,
      email: item.owner.email,
      since: t("review.owner", { date: formatDateTime(lang, item.owner.createdAt) }),
    },
    held: t("review.held", {
      date: formatDateTime(lang, item.heldAt),
      waited: formatSpan(lang, Math.max(0, (now.getTime() - item.heldAt.getTime()) / 1000)),
    }),
    heldIso: item.heldAt.toISOString(),
    score: t("review.score", { score: formatNumber(lang, item.score) }),
    reasons: item.reasons.map((reason) => ({
      rule: reason.rule,
      label: t(`review.rules.${reason.rule}`),
      evidence: evidenceText(lang, reason),
    })),
    matched: item.matched
      ? {
          id: item.matched.id,
          title: localized(lang, item.matched, "title"),
          price: formatPrice(lang, item.matched.price),
          status: t(`page.status.${item.matched.status}`),
          image: listingThumb(item.matched.image, storage),
          text: t("review.matched", { name: item.matched.owner.name }),
        }
      : null,
    actionsLabel: t("review.actionsLabel", { title }),
  };
}

/** The review clock: posting to decision over the last 30 days, and how many wait. */
export function reviewTimesText(
  lang: Lang,
  times: { decided: number; median: number | null; p95: number | null; waiting: number },
) {
  const t = serverT(lang, "moderation");
  return {
    count: t("review.count", {
      count: times.waiting,
      formatted: formatNumber(lang, times.waiting),
    }),
    times:
      times.decided === 0 || times.median === null || times.p95 === null
        ? t("review.noTimes")
        : t("review.times", {
            median: formatSpan(lang, times.median),
            p95: formatSpan(lang, times.p95),
            formatted: formatNumber(lang, times.decided),
          }),
  };
}
