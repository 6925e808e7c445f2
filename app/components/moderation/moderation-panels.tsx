import { Suspense } from "react";
import { Form, Link } from "react-router";
import { Card, cardStyles } from "~/components/ui/card";
import { FormAlert } from "~/components/ui/field";
import { Icon, type IconName } from "~/components/ui/icon";
import { onDemand } from "~/components/ui/on-demand";
import { Stars } from "~/components/ui/stars";
import { useTranslation } from "~/i18n/react";
import { type FormReply, isFormReply } from "~/utils/form-reply";
import type {
  HeldView,
  LogView,
  QueueStatus,
  QueueView,
  ReportedRatingView,
  SuspendedView,
} from "~/views/moderation/moderation-view.server";

// The decision forms (and Conform) are fetched after the page is interactive; the server draws
// them in place, and until their code arrives they are plain forms the action answers.
export const DecisionForm = onDemand(() => import("./decision-form").then((m) => m.DecisionForm), {
  prefetch: true,
});
const ScreeningWordForm = onDemand(
  () => import("./screening-word-form").then((m) => m.ScreeningWordForm),
  { prefetch: true },
);

/**
 * The action's reply when it was about this listing's decision form (its hidden listingId) or
 * this suspended member's (a userId and no listingId): the page holds one form per target.
 */
export function decisionReply(
  reply: unknown,
  target:
    | { listingId: string }
    | { userId: string }
    | { ratingId: string }
    | { conversationId: string },
): FormReply | undefined {
  if (!isFormReply(reply)) return undefined;
  const sent = reply.initialValue ?? {};
  const mine =
    "conversationId" in target
      ? sent.conversationId === target.conversationId
      : "ratingId" in target
        ? sent.ratingId === target.ratingId
        : "listingId" in target
          ? sent.listingId === target.listingId
          : !sent.listingId && sent.userId === target.userId;
  return mine ? reply : undefined;
}

const STATUS_STYLE: Record<QueueStatus, string> = {
  active: "bg-brand-50 text-brand-700 ring-brand-200",
  sold: "bg-sky-50 text-sky-800 ring-sky-200",
  inactive: "bg-slate-100 text-slate-700 ring-slate-200",
  removed: "bg-red-50 text-red-800 ring-red-200",
  expired: "bg-slate-100 text-slate-700 ring-slate-200",
  held: "bg-amber-50 text-amber-900 ring-amber-200",
  review: "bg-amber-50 text-amber-900 ring-amber-200",
  suspended: "bg-red-50 text-red-800 ring-red-200",
};

const small =
  "inline-flex items-center justify-center gap-1.5 rounded-xl px-3 py-2 text-sm font-semibold ring-1 transition disabled:cursor-not-allowed disabled:opacity-60";

const TONE = {
  plain: "bg-white text-ink ring-line hover:bg-slate-50",
  danger: "bg-red-600 text-white ring-red-600 hover:bg-red-700",
  good: "bg-white text-brand-700 ring-brand-200 hover:bg-brand-50",
  warn: "bg-white text-red-700 ring-red-200 hover:bg-red-50",
} as const;

/** One of a decision form's buttons: it sends its intent with the form's reason. */
export function DecisionButton({
  intent,
  tone,
  icon,
  busy,
  testId,
  label,
}: {
  intent: string;
  tone: keyof typeof TONE;
  icon: IconName;
  busy: boolean;
  testId: string;
  label: string;
}) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      disabled={busy}
      className={`${small} ${TONE[tone]}`}
      data-testid={testId}
    >
      <Icon name={icon} className="size-4" aria-hidden />
      {label}
    </button>
  );
}

export function QueueItemCard({ item, reply }: { item: QueueView; reply: unknown }) {
  const { t } = useTranslation("moderation");
  const canRemove = item.status !== "removed";
  const canRestore = ["removed", "held"].includes(item.status) && !item.owner.suspended;
  const canSuspend = !item.owner.suspended && !item.owner.moderator;
  return (
    <article
      className={`${cardStyles} p-4 sm:p-6 lg:grid lg:grid-cols-5 lg:gap-8`}
      data-testid="queue-item"
      data-listing-id={item.id}
      aria-labelledby={`queue-${item.id}-title`}
    >
      <div className="lg:col-span-3">
        <div className="flex gap-4">
          <Thumb image={item.image} label={t("page.noImage")} />
          <div className="min-w-0 flex-1 space-y-1.5">
            <div className="flex flex-wrap items-center gap-2">
              <span
                className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STATUS_STYLE[item.status]}`}
                data-testid="queue-status"
              >
                {t(`page.status.${item.status}`)}
              </span>
              <span className="inline-flex items-center gap-1 rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-200">
                <Icon name="flag" className="size-3.5" aria-hidden />
                {item.reportCountText}
              </span>
            </div>
            <h3
              id={`queue-${item.id}-title`}
              className="text-base font-semibold text-ink sm:text-lg"
            >
              {item.visible ? (
                <Link
                  to={`/listing/${item.id}`}
                  className="inline-flex items-center gap-1 text-brand-700 hover:underline"
                >
                  <span dir="auto">{item.title}</span>
                  <Icon
                    name="external-link"
                    className="size-3.5 shrink-0 rtl:-scale-x-100"
                    aria-hidden
                  />
                </Link>
              ) : (
                <span dir="auto">{item.title}</span>
              )}
            </h3>
            <p className="font-bold text-ink">
              <bdi>{item.price}</bdi>
            </p>
            <p className="text-sm text-muted">
              {t("page.owner")}: <bdi className="font-medium text-ink">{item.owner.name}</bdi>{" "}
              <span dir="ltr" className="break-all">
                ({item.owner.email})
              </span>
              {item.owner.suspended ? (
                <span className="ms-2 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
                  {t("page.suspended")}
                </span>
              ) : null}
              {item.owner.moderator ? (
                <span className="ms-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">
                  {t("page.moderator")}
                </span>
              ) : null}
            </p>
          </div>
        </div>
        {item.excerpt ? (
          <p className="mt-3 line-clamp-3 text-sm text-muted" dir="auto">
            {item.excerpt}
          </p>
        ) : null}
        {item.statusReason ? (
          <p className="mt-2 text-sm text-red-800" dir="auto">
            {item.statusReason}
          </p>
        ) : null}

        <ul className="mt-4 divide-y divide-line rounded-xl bg-slate-50 ring-1 ring-line">
          {item.reports.map((report) => (
            <li key={report.id} className="px-3 py-2.5 text-sm" data-testid="queue-report">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <span className="font-semibold text-ink">
                  {t(`report.reasons.${report.reason}`)}
                </span>
                <span className="text-xs text-muted">
                  <bdi>{report.reporter ?? t("page.deletedMember")}</bdi> · {report.date}
                </span>
              </div>
              <p
                className={`mt-1 whitespace-pre-line break-words ${report.details ? "text-ink" : "text-muted italic"}`}
                dir="auto"
              >
                {report.details || t("page.noDetails")}
              </p>
            </li>
          ))}
        </ul>
      </div>

      <Suspense>
        <DecisionForm
          id={`decision-${item.id}`}
          hidden={{ listingId: item.id, userId: item.owner.id }}
          label={t("page.reason")}
          hint={t("page.reasonHint")}
          lastResult={decisionReply(reply, { listingId: item.id })}
          className="mt-4 space-y-3 lg:col-span-2 lg:mt-0 lg:border-s lg:border-line lg:ps-8"
          ariaLabel={t("page.actionsLabel", { title: item.title })}
          testId="decision-form"
        >
          {(busy) => (
            <div className="flex flex-wrap gap-2">
              <DecisionButton
                intent="dismiss"
                tone="plain"
                icon="check"
                busy={busy}
                testId="action-dismiss"
                label={t("page.actions.dismiss")}
              />
              {canRemove ? (
                <DecisionButton
                  intent="remove"
                  tone="danger"
                  icon="trash"
                  busy={busy}
                  testId="action-remove"
                  label={t("page.actions.remove")}
                />
              ) : null}
              {canRestore ? (
                <DecisionButton
                  intent="restore"
                  tone="good"
                  icon="rotate-ccw"
                  busy={busy}
                  testId="action-restore"
                  label={t("page.actions.restore")}
                />
              ) : null}
              {canSuspend ? (
                <DecisionButton
                  intent="suspend"
                  tone="warn"
                  icon="ban"
                  busy={busy}
                  testId="action-suspend"
                  label={t("page.actions.suspend")}
                />
              ) : null}
            </div>
          )}
        </DecisionForm>
      </Suspense>
    </article>
  );
}

/** A listing's small picture in the moderation queues, or "No photo". */
function Thumb({
  image,
  label,
}: {
  image: { src: string; width: number; height: number } | null;
  label: string;
}) {
  return (
    <div className="size-20 shrink-0 overflow-hidden rounded-xl bg-slate-100 sm:size-28">
      {image ? (
        <img
          src={image.src}
          width={image.width}
          height={image.height}
          alt=""
          loading="lazy"
          className="size-full object-cover"
        />
      ) : (
        <span className="flex size-full flex-col items-center justify-center gap-1 text-xs text-muted">
          <Icon name="image-off" className="size-5" aria-hidden />
          {label}
        </span>
      )}
    </div>
  );
}

/**
 * A listing the screening held before publishing: its reasons, the other member's listing its
 * photos are (side by side), and the approve and reject buttons.
 */
export function HeldListingCard({ item, reply }: { item: HeldView; reply: unknown }) {
  const { t } = useTranslation("moderation");
  return (
    <article
      className={`${cardStyles} p-4 sm:p-6 lg:grid lg:grid-cols-5 lg:gap-8`}
      data-testid="held-item"
      data-listing-id={item.id}
      aria-labelledby={`held-${item.id}-title`}
    >
      <div className="space-y-4 lg:col-span-3">
        <div className={item.matched ? "grid gap-4 sm:grid-cols-2" : ""}>
          <div className="flex gap-4">
            <Thumb image={item.image} label={t("page.noImage")} />
            <div className="min-w-0 flex-1 space-y-1.5">
              <span
                className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STATUS_STYLE.review}`}
              >
                {item.score}
              </span>
              <h3 id={`held-${item.id}-title`} className="text-base font-semibold text-ink">
                <Link
                  to={`/listing/${item.id}`}
                  className="inline-flex items-center gap-1 text-brand-700 hover:underline"
                >
                  <span dir="auto">{item.title}</span>
                  <Icon
                    name="external-link"
                    className="size-3.5 shrink-0 rtl:-scale-x-100"
                    aria-hidden
                  />
                </Link>
              </h3>
              <p className="font-bold text-ink">
                <bdi>{item.price}</bdi>
              </p>
              <p className="text-sm text-muted">
                <bdi className="font-medium text-ink">{item.owner.name}</bdi>{" "}
                <span dir="ltr" className="break-all">
                  ({item.owner.email})
                </span>
              </p>
              <p className="text-xs text-muted">{item.owner.since}</p>
            </div>
          </div>
          {item.matched ? (
            <div
              className="flex gap-4 rounded-xl bg-red-50 p-3 ring-1 ring-red-200"
              data-testid="held-matched"
            >
              <Thumb image={item.matched.image} label={t("page.noImage")} />
              <div className="min-w-0 flex-1 space-y-1">
                <p className="text-xs font-semibold text-red-800">{item.matched.text}</p>
                <Link
                  to={`/listing/${item.matched.id}`}
                  className="block font-semibold text-brand-700 hover:underline"
                  dir="auto"
                >
                  {item.matched.title}
                </Link>
                <p className="text-sm font-bold text-ink">
                  <bdi>{item.matched.price}</bdi>
                </p>
                <p className="text-xs text-muted">{item.matched.status}</p>
              </div>
            </div>
          ) : null}
        </div>
        {item.excerpt ? (
          <p className="line-clamp-3 text-sm text-muted" dir="auto">
            {item.excerpt}
          </p>
        ) : null}
        <div className="rounded-xl bg-amber-50 p-3 ring-1 ring-amber-200">
          <p className="text-sm font-semibold text-amber-900">{t("review.reasonsTitle")}</p>
          <ul className="mt-1 space-y-1 text-sm" data-testid="held-reasons">
            {item.reasons.map((reason) => (
              <li key={reason.rule} data-rule={reason.rule}>
                <span className="font-medium text-ink">{reason.label}</span>
                {reason.evidence ? (
                  <>
                    {": "}
                    <bdi className="break-all text-muted">{reason.evidence}</bdi>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
          <p className="mt-2 text-xs text-muted">
            <time dateTime={item.heldIso}>{item.held}</time>
          </p>
        </div>
      </div>
      <Suspense>
        <DecisionForm
          id={`review-${item.id}`}
          hidden={{ listingId: item.id }}
          label={t("review.reason")}
          hint={t("review.reasonHint")}
          lastResult={decisionReply(reply, { listingId: item.id })}
          className="mt-4 space-y-3 lg:col-span-2 lg:mt-0 lg:border-s lg:border-line lg:ps-8"
          ariaLabel={item.actionsLabel}
          testId="review-form"
        >
          {(busy) => (
            <div className="flex flex-wrap gap-2">
              <DecisionButton
                intent="approve"
                tone="good"
                icon="check"
                busy={busy}
                testId="action-approve"
                label={t("review.approve")}
              />
              <DecisionButton
                intent="reject"
                tone="danger"
                icon="ban"
                busy={busy}
                testId="action-reject"
                label={t("review.reject")}
              />
            </div>
          )}
        </DecisionForm>
      </Suspense>
    </article>
  );
}

/** The action's reply when it was about the screening words (its intent word-add/word-remove). */
export function wordReply(reply: unknown): FormReply | undefined {
  if (!isFormReply(reply)) return undefined;
  const intent = reply.initialValue?.intent;
  return intent === "word-add" || intent === "word-remove" ? reply : undefined;
}

/**
 * The moderators' screening words: the list, each with its remove button (a plain form), and the
 * form that adds one.
 */
export function ScreeningWords({
  words,
  reply,
}: {
  words: { id: number; phrase: string }[];
  reply: unknown;
}) {
  const { t } = useTranslation("moderation");
  const answer = wordReply(reply);
  const removeError =
    answer?.initialValue?.intent === "word-remove"
      ? Object.values(answer.error ?? {}).flat()[0]
      : undefined;
  return (
    <Card className="space-y-4 p-4 sm:p-6" testId="screening-words">
      <p className="text-sm text-muted">{t("words.intro")}</p>
      {removeError ? <FormAlert>{removeError}</FormAlert> : null}
      {words.length === 0 ? (
        <p className="text-sm text-muted" data-testid="screening-words-empty">
          {t("words.empty")}
        </p>
      ) : (
        <ul className="flex flex-wrap gap-2" data-testid="screening-word-list">
          {words.map((word) => (
            <li key={word.id}>
              <Form
                method="post"
                className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-1 ps-3 pe-1 text-sm ring-1 ring-line"
              >
                <input type="hidden" name="intent" value="word-remove" />
                <input type="hidden" name="wordId" value={word.id} />
                <bdi>{word.phrase}</bdi>
                <button
                  type="submit"
                  className="rounded-full p-1 text-muted hover:bg-slate-200 hover:text-ink"
                  aria-label={t("words.remove", { phrase: word.phrase })}
                  data-testid="screening-word-remove"
                >
                  <Icon name="x" className="size-3.5" aria-hidden />
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Suspense>
        <ScreeningWordForm
          lastResult={answer?.initialValue?.intent === "word-add" ? answer : undefined}
        />
      </Suspense>
    </Card>
  );
}

export function SuspendedList({ members, reply }: { members: SuspendedView[]; reply: unknown }) {
  const { t } = useTranslation("moderation");
  if (members.length === 0) {
    return <p className="text-sm text-muted">{t("page.suspendedEmpty")}</p>;
  }
  return (
    <ul className="space-y-4">
      {members.map((member) => {
        return (
          <Card as="li" key={member.id} className="p-4 sm:p-5" testId="suspended-member">
            <p className="font-semibold text-ink">
              <bdi>{member.name}</bdi>{" "}
              <span dir="ltr" className="break-all text-sm font-normal text-muted">
                ({member.email})
              </span>
            </p>
            <p className="mt-1 text-xs text-muted">
              {member.since} · {member.hiddenText}
            </p>
            {member.reason ? (
              <p className="mt-2 whitespace-pre-line break-words text-sm text-ink" dir="auto">
                {member.reason}
              </p>
            ) : null}
            <Suspense>
              <DecisionForm
                id={`lift-${member.id}`}
                hidden={{ userId: member.id }}
                label={t("page.liftReason")}
                lastResult={decisionReply(reply, { userId: member.id })}
                className="mt-3 space-y-3"
              >
                {(busy) => (
                  <DecisionButton
                    intent="lift"
                    tone="good"
                    icon="user-check"
                    busy={busy}
                    testId="action-lift"
                    label={t("page.actions.lift")}
                  />
                )}
              </DecisionForm>
            </Suspense>
          </Card>
        );
      })}
    </ul>
  );
}

function LogAbout({ entry }: { entry: LogView }) {
  return (
    <span className="space-y-0.5">
      {entry.listing ? (
        <span className="block" dir="auto">
          {entry.listing.title}
        </span>
      ) : null}
      {entry.member ? (
        <span className="block text-muted">
          <bdi>{entry.member.name}</bdi>{" "}
          <span dir="ltr" className="break-all">
            ({entry.member.email})
          </span>
        </span>
      ) : null}
    </span>
  );
}

function Who({ entry }: { entry: LogView }) {
  const { t } = useTranslation("moderation");
  return entry.who ? (
    <bdi>{entry.who}</bdi>
  ) : (
    <span className="inline-flex items-center gap-1 text-muted">
      <Icon name="shield-check" className="size-3.5" aria-hidden />
      {t("page.system")}
    </span>
  );
}

export function AuditLog({ entries }: { entries: LogView[] }) {
  const { t } = useTranslation("moderation");
  if (entries.length === 0) return <p className="text-sm text-muted">{t("page.logEmpty")}</p>;
  return (
    <>
      <div className={`${cardStyles} hidden overflow-x-auto md:block`}>
        <table className="w-full text-sm" data-testid="audit-log">
          <thead className="bg-slate-50 text-xs uppercase text-muted">
            <tr>
              {(["when", "who", "what", "about", "why"] as const).map((column) => (
                <th key={column} scope="col" className="px-4 py-3 text-start font-semibold">
                  {t(`page.columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {entries.map((entry) => (
              <tr key={entry.id} data-testid="log-entry" data-action={entry.action}>
                <td className="whitespace-nowrap px-4 py-3 align-top">
                  <time dateTime={entry.whenIso}>{entry.when}</time>
                </td>
                <td className="px-4 py-3 align-top">
                  <Who entry={entry} />
                </td>
                <td className="px-4 py-3 align-top font-medium">{t(`page.log.${entry.action}`)}</td>
                <td className="max-w-xs px-4 py-3 align-top">
                  <LogAbout entry={entry} />
                </td>
                <td
                  className="max-w-sm whitespace-pre-line break-words px-4 py-3 align-top"
                  dir="auto"
                >
                  {entry.why}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="space-y-3 md:hidden" data-testid="audit-log-cards">
        {entries.map((entry) => (
          <li key={entry.id} className={`${cardStyles} p-4 text-sm`} data-action={entry.action}>
            <p className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-semibold">{t(`page.log.${entry.action}`)}</span>
              <time dateTime={entry.whenIso} className="text-xs text-muted">
                {entry.when}
              </time>
            </p>
            <p className="mt-1 text-xs">
              <Who entry={entry} />
            </p>
            <div className="mt-2">
              <LogAbout entry={entry} />
            </div>
            {entry.why ? (
              <p className="mt-2 whitespace-pre-line break-words text-ink" dir="auto">
                {entry.why}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The ratings members reported (decision 038): the rating, who gave it to whom, the reports'
 * words, and the decision — remove it (with the reason, in the audit log) or keep it.
 */
export function ReportedRatings({
  ratings,
  reply,
}: {
  ratings: ReportedRatingView[];
  reply: unknown;
}) {
  const { t } = useTranslation("moderation");
  if (ratings.length === 0)
    return (
      <Card as="p" className="px-6 py-10 text-center text-muted" testId="reported-ratings-empty">
        {t("page.ratings.empty")}
      </Card>
    );
  return (
    <div className="space-y-4">
      {ratings.map((rating) => (
        <article
          key={rating.id}
          className={`${cardStyles} grid gap-4 p-5 lg:grid-cols-5`}
          data-testid="reported-rating"
        >
          <div className="space-y-2 lg:col-span-3">
            <div className="flex flex-wrap items-center gap-2">
              <Stars stars={rating.stars} />
              <span className="text-xs font-semibold text-red-700">{rating.reports}</span>
            </div>
            <p className="text-sm font-semibold text-ink" dir="auto">
              <Link to={rating.ratedHref} className="hover:underline">
                {rating.by}
              </Link>
            </p>
            <p className="text-xs text-muted" dir="auto">
              {rating.about}
            </p>
            {rating.tags.length > 0 ? (
              <p className="text-xs text-ink">{rating.tags.join(" · ")}</p>
            ) : null}
            {rating.comment ? (
              <p className="whitespace-pre-line text-sm text-ink" dir="auto">
                {rating.comment}
              </p>
            ) : null}
            {rating.answer ? (
              <p className="text-sm text-muted" dir="auto">
                {rating.answer}
              </p>
            ) : null}
            {rating.details.map((detail) => (
              <p
                key={detail}
                className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-ink"
                dir="auto"
              >
                {detail}
              </p>
            ))}
          </div>
          <Suspense>
            <DecisionForm
              id={`rating-decision-${rating.id}`}
              hidden={{ ratingId: rating.id }}
              label={t("page.reason")}
              hint={t("page.reasonHint")}
              lastResult={decisionReply(reply, { ratingId: rating.id })}
              className="space-y-3 lg:col-span-2 lg:border-s lg:border-line lg:ps-8"
              ariaLabel={rating.actionsLabel}
              testId="rating-decision-form"
            >
              {(busy) => (
                <div className="flex flex-wrap gap-2">
                  <DecisionButton
                    intent="rating-dismiss"
                    tone="plain"
                    icon="check"
                    busy={busy}
                    testId="rating-dismiss"
                    label={t("page.ratings.dismiss")}
                  />
                  <DecisionButton
                    intent="rating-remove"
                    tone="danger"
                    icon="trash"
                    busy={busy}
                    testId="rating-remove"
                    label={t("page.ratings.remove")}
                  />
                </div>
              )}
            </DecisionForm>
          </Suspense>
        </article>
      ))}
    </div>
  );
}
