import type { PublicRating } from "~/domain/ratings/list-ratings.server";
import {
  isRatingTag,
  NEGATIVE_TAGS,
  RATING_COMMENT_MAX,
  RATING_TAGS,
  type RatingSummary,
  type RatingWindow,
} from "~/domain/ratings/rating-rules";
import type { OwnRating } from "~/domain/ratings/ratings-sql.server";
import type { Lang } from "~/i18n/config";
import { formatDate, formatDateTime, formatNumber } from "~/i18n/format";
import { serverT } from "~/i18n/i18n.server";

/*
 * Ratings as the pages draw them (decision 038), every text formatted here in the reader's
 * language: the pages ship no ratings catalog.
 */

export interface StarsView {
  /** 1 to 5, rounded to a half for drawing. */
  value: number;
  /** "4 stars out of 5", for screen readers. */
  label: string;
}

export function starsView(lang: Lang, value: number): StarsView {
  const shown = Math.round(value * 10) / 10;
  return {
    value: Math.round(value * 2) / 2,
    label: serverT(lang, "ratings")("stars.label", {
      count: shown,
      formatted: formatNumber(lang, shown),
    }),
  };
}

export function tagLabel(lang: Lang, tag: string) {
  return isRatingTag(tag) ? serverT(lang, "ratings")(`tags.${tag}`) : null;
}

/** A member's counted ratings in a line: "Rated 4.7 out of 5 · 12 ratings", or what is lacking. */
export function summaryView(lang: Lang, summary: RatingSummary, { short = false } = {}) {
  const t = serverT(lang, "ratings");
  const count = { count: summary.count, formatted: formatNumber(lang, summary.count) };
  if (summary.average === null)
    return {
      stars: null,
      text:
        summary.count === 0
          ? t("trust.noRatings")
          : short
            ? t("trust.count", count)
            : t("trust.tooFew", count),
    };
  const average = formatNumber(lang, summary.average, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  return {
    stars: starsView(lang, summary.average),
    text: `${t("trust.rating", { average })} · ${t("trust.count", count)}`,
  };
}

/** The trust lines of a member that the listing's seller card and the seller page add. */
export function trustView(lang: Lang, summary: RatingSummary, sold: number) {
  const t = serverT(lang, "ratings");
  return {
    rating: summaryView(lang, summary),
    sold: sold > 0 ? t("trust.sold", { count: sold, formatted: formatNumber(lang, sold) }) : null,
  };
}

export type RatingPanelView = NonNullable<ReturnType<typeof ratingPanelView>>;

/**
 * The conversation's rating panel: the form (new or to change), when it opens, or nothing when the
 * rule refuses (no exchange, blocked, the other gone).
 */
export function ratingPanelView(
  lang: Lang,
  {
    name,
    window,
    mine,
    other,
  }: { name: string; window: RatingWindow; mine: OwnRating | null; other: RatingSummary },
) {
  const t = serverT(lang, "ratings");
  const theirs = { title: t("form.theirRating", { name }), ...summaryView(lang, other) };
  if (window.state === "refused") return null;
  const tags = RATING_TAGS.map((tag) => ({
    value: tag,
    label: t(`tags.${tag}`),
    negative: NEGATIVE_TAGS.has(tag),
  }));
  const base = {
    theirs,
    tags,
    commentMax: RATING_COMMENT_MAX,
    texts: {
      title: t("form.title", { name }),
      intro: t("form.intro", { name }),
      stars: t("form.stars"),
      tagsLabel: t("form.tags"),
      comment: t("form.comment"),
      commentHint: t("form.commentHint"),
      submit: mine ? t("form.update") : t("form.submit"),
      change: t("form.change"),
    },
    starLabels: [1, 2, 3, 4, 5].map((n) => starsView(lang, n).label),
  };
  switch (window.state) {
    case "wait":
      return {
        ...base,
        state: "wait" as const,
        note: t("form.wait", { name, date: formatDateTime(lang, window.opensAt) }),
        mine: null,
      };
    case "open":
      return { ...base, state: "open" as const, note: null, mine: null };
    default:
      return {
        ...base,
        state: window.state,
        note:
          window.state === "editable"
            ? t("form.editUntil", { date: formatDate(lang, window.until, { dateStyle: "long" }) })
            : null,
        mine: mine
          ? {
              title: t("form.yours", { name }),
              stars: starsView(lang, mine.stars),
              starsValue: mine.stars,
              tags: mine.tags,
              tagLabels: mine.tags.flatMap((tag) => tagLabel(lang, tag) ?? []),
              comment: mine.comment,
            }
          : null,
      };
  }
}

export type RatingListView = ReturnType<typeof ratingListView>;

/** A member's received ratings on their page, with the answer and report forms each allows. */
export function ratingListView(
  lang: Lang,
  ratings: PublicRating[],
  { name, readerId, memberId }: { name: string; readerId: string | null; memberId: string },
) {
  const t = serverT(lang, "ratings");
  const isMember = readerId === memberId;
  return {
    title: t("list.title"),
    empty: t("list.empty"),
    texts: {
      reply: t("list.reply"),
      replyLabel: t("list.replyLabel"),
      replySubmit: t("list.replySubmit"),
      report: t("list.report"),
      reportDetails: t("list.reportDetails"),
      reportSubmit: t("list.reportSubmit"),
      reported: t("list.reported"),
    },
    items: ratings.map((rating) => ({
      id: rating.id,
      stars: starsView(lang, rating.stars),
      role: rating.ratedAs === "seller" ? t("list.asSeller") : t("list.asBuyer"),
      about: t("list.about", { title: rating.listingTitle }),
      by: t("list.by", {
        name: rating.raterName ?? t("list.someone"),
        date: formatDate(lang, rating.createdAt, { dateStyle: "medium" }),
      }),
      tags: rating.tags.flatMap((tag) => {
        const label = tagLabel(lang, tag);
        return label ? [{ label, negative: NEGATIVE_TAGS.has(tag as never) }] : [];
      }),
      comment: rating.comment || null,
      answer: rating.reply ? { title: t("list.answer", { name }), text: rating.reply } : null,
      canAnswer: isMember && !rating.reply,
      canReport: readerId !== null && !rating.mine && !rating.reported,
      reported: rating.reported,
    })),
  };
}
