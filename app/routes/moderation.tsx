import { data } from "react-router";
import { z } from "zod";
import {
  AuditLog,
  decisionReply,
  HeldListingCard,
  QueueItemCard,
  ReportedRatings,
  ScreeningWords,
  SuspendedList,
  wordReply,
} from "~/components/moderation/moderation-panels";
import { ReportedConversations } from "~/components/moderation/reported-conversations";
import { Card } from "~/components/ui/card";
import { FormAlert } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { getMember } from "~/domain/accounts/session.server";
import { listReportedConversations } from "~/domain/messaging/conversation-reports.server";
import { dismissReports } from "~/domain/moderation/dismiss-reports.server";
import { liftSuspension } from "~/domain/moderation/lift-suspension.server";
import { LOG_LIMIT, listModerationLog } from "~/domain/moderation/list-moderation-log.server";
import { listReportQueue } from "~/domain/moderation/list-report-queue.server";
import { listSuspendedMembers } from "~/domain/moderation/list-suspended-members.server";
import { decisionSchema } from "~/domain/moderation/moderation-schemas";
import { removeListing } from "~/domain/moderation/remove-listing.server";
import { restoreListing } from "~/domain/moderation/restore-listing.server";
import { suspendMember } from "~/domain/moderation/suspend-member.server";
import {
  dismissRatingReports,
  listReportedRatings,
  removeRating,
} from "~/domain/ratings/moderate-rating.server";
import {
  approveHeldListing,
  listHeldListings,
  rejectHeldListing,
  reviewTimes,
} from "~/domain/screening/review-queue.server";
import { screeningWordSchema } from "~/domain/screening/screening-word-schema";
import {
  addScreeningWord,
  listScreeningWords,
  removeScreeningWord,
} from "~/domain/screening/screening-words.server";
import { formatNumber } from "~/i18n/format";
import { bundlesFor, serverT } from "~/i18n/i18n.server";
import { useNamespace } from "~/i18n/react";
import { AppError, isAppError } from "~/utils/app-error";
import { failedForm, invalidForm, parseForm } from "~/utils/form.server";
import { readFormData } from "~/utils/form-data.server";
import { noindexPageMeta } from "~/utils/meta";
import type { RouteHandle } from "~/utils/route-handle";
import { toReportedConversationSummaryView } from "~/views/messaging/conversation-report-view.server";
import {
  reviewTimesText,
  toHeldView,
  toLogView,
  toQueueView,
  toReportedRatingView,
  toSuspendedView,
} from "~/views/moderation/moderation-view.server";
import type { Route } from "./+types/moderation";

export const handle: RouteHandle = { personal: true };

/** Everyone but a moderator gets the ordinary 404 page: the page does not admit it exists. */
function notFound(): never {
  throw data("Not found", { status: 404 });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, auth, lang } = context;
  const member = await getMember({ auth, db, request });
  if (member?.role !== "moderator") notFound();
  try {
    // The domain checks the role again, from the database, on every call.
    const held = await listHeldListings({ db, actor: member });
    const times = await reviewTimes(db);
    const words = await listScreeningWords({ db, actor: member });
    const queue = await listReportQueue({ db, actor: member });
    const suspended = await listSuspendedMembers({ db, actor: member });
    const log = await listModerationLog({ db, actor: member });
    const ratings = await listReportedRatings({ db, actor: member });
    const conversations = await listReportedConversations({ db, actor: member });
    const storage = context.storage;
    const t = serverT(lang, "moderation");
    return {
      translations: bundlesFor(lang, ["moderation"]),
      meta: { title: t("meta.title"), description: t("meta.description") },
      queueCount: t("page.queueCount", {
        count: queue.length,
        formatted: formatNumber(lang, queue.length),
      }),
      logIntro: t("page.logIntro", { formatted: formatNumber(lang, LOG_LIMIT) }),
      review: reviewTimesText(lang, times),
      held: held.map((item) => toHeldView(lang, item, storage)),
      words: words.map((word) => ({ id: word.id, phrase: word.phrase })),
      queue: queue.map((item) => toQueueView(lang, item, storage)),
      suspended: suspended.map((entry) => toSuspendedView(lang, entry)),
      log: log.map((entry) => toLogView(lang, entry)),
      ratings: ratings.map((rating) => toReportedRatingView(lang, rating)),
      conversations: conversations.map((item) => toReportedConversationSummaryView(lang, item)),
      conversationCount: t("conversations.count", {
        count: conversations.length,
        formatted: formatNumber(lang, conversations.length),
      }),
    };
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") notFound();
    throw error;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, auth, lang } = context;
  const member = await getMember({ auth, db, request });
  if (member?.role !== "moderator") notFound();
  const form = await readFormData(request, lang);
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  // Which decision, about which listing or member: the hidden fields, also in the reply's
  // initialValue, so the page shows a failure on the form it came from.
  const intent = text("intent");
  const listingId = text("listingId");
  const userId = text("userId");
  const ratingId = text("ratingId");
  if (intent === "word-add" || intent === "word-remove") {
    // The screening words: a phrase to add, or which one to remove (no reason: the phrase is it).
    const word = parseForm(lang, form, intent === "word-add" ? screeningWordSchema : noFields);
    if (word.status !== "success") return invalidForm(word);
    try {
      if (intent === "word-add")
        await addScreeningWord({ db, actor: member, phrase: text("phrase") });
      else await removeScreeningWord({ db, actor: member, id: text("wordId") });
    } catch (error) {
      return failedForm(lang, word, error);
    }
    return context.flash.redirect("/moderation#screening-words", "moderation-saved");
  }
  const submission = parseForm(lang, form, decisionSchema);
  if (submission.status !== "success") return invalidForm(submission);
  const { reason } = submission.value;
  const actor = member;
  const notices = { jobs: context.jobs, publicUrl: context.env.PUBLIC_URL };
  try {
    if (intent === "approve")
      await approveHeldListing({ db, actor, listingId, reason, ...notices });
    else if (intent === "reject")
      await rejectHeldListing({ db, actor, listingId, reason, ...notices });
    else if (intent === "dismiss") await dismissReports({ db, actor, listingId, reason });
    else if (intent === "remove") await removeListing({ db, actor, listingId, reason });
    else if (intent === "restore") await restoreListing({ db, actor, listingId, reason });
    else if (intent === "suspend") await suspendMember({ db, actor, userId, reason });
    else if (intent === "lift") await liftSuspension({ db, actor, userId, reason });
    else if (intent === "rating-remove") await removeRating({ db, actor, ratingId, reason });
    else if (intent === "rating-dismiss")
      await dismissRatingReports({ db, actor, ratingId, reason });
    else throw new AppError("INVALID_REQUEST");
  } catch (error) {
    return failedForm(lang, submission, error);
  }
  return context.flash.redirect("/moderation", "moderation-saved");
}

/** The remove button's form has nothing to check but its hidden fields. */
const noFields = z.object({});

export const meta: Route.MetaFunction = noindexPageMeta;

export default function ModerationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useNamespace("moderation", loaderData.translations.moderation);
  const { held, queue, suspended, log, ratings } = loaderData;
  // A failure about a listing or member no longer shown (e.g. its reports were just closed)
  // is shown above everything.
  const shown =
    held.some((item) => decisionReply(actionData, { listingId: item.id })) ||
    queue.some((item) => decisionReply(actionData, { listingId: item.id })) ||
    suspended.some((member) => decisionReply(actionData, { userId: member.id })) ||
    ratings.some((rating) => decisionReply(actionData, { ratingId: rating.id })) ||
    wordReply(actionData) !== undefined;
  const unplaced = shown ? undefined : Object.values(actionData?.error ?? {}).flat()[0];
  return (
    <main
      id="main"
      className="mx-auto max-w-6xl space-y-10 px-4 py-8 sm:px-6 sm:py-12"
      data-testid="moderation-page"
    >
      <header>
        <h1 className="flex items-center gap-2 text-2xl font-bold text-ink sm:text-3xl">
          <Icon name="shield-check" className="size-7 text-brand-600" aria-hidden />
          {t("page.title")}
        </h1>
        <p className="mt-2 max-w-3xl text-muted">{t("page.intro")}</p>
      </header>
      {unplaced ? <FormAlert>{unplaced}</FormAlert> : null}

      <section aria-labelledby="review-title" className="space-y-4" data-testid="review-queue">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="review-title" className="text-xl font-semibold text-ink">
            {t("review.title")}
          </h2>
          <p className="text-sm text-muted" data-testid="review-count">
            {loaderData.review.count}
          </p>
        </div>
        <p className="max-w-3xl text-sm text-muted">{t("review.intro")}</p>
        <p className="text-sm font-medium text-ink" data-testid="review-times">
          {loaderData.review.times}
        </p>
        {held.length === 0 ? (
          <Card as="p" className="px-6 py-10 text-center text-muted" testId="review-empty">
            {t("review.empty")}
          </Card>
        ) : (
          <div className="space-y-4">
            {held.map((item) => (
              <HeldListingCard key={item.id} item={item} reply={actionData} />
            ))}
          </div>
        )}
      </section>

      <section aria-labelledby="queue-title" className="space-y-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="queue-title" className="text-xl font-semibold text-ink">
            {t("page.queueTitle")}
          </h2>
          <p className="text-sm text-muted" data-testid="queue-count">
            {loaderData.queueCount}
          </p>
        </div>
        {queue.length === 0 ? (
          <Card as="p" className="px-6 py-10 text-center text-muted" testId="queue-empty">
            {t("page.queueEmpty")}
          </Card>
        ) : (
          <div className="space-y-4">
            {queue.map((item) => (
              <QueueItemCard key={item.id} item={item} reply={actionData} />
            ))}
          </div>
        )}
      </section>

      <section
        aria-labelledby="conversations-title"
        className="space-y-4"
        id="reported-conversations"
        data-testid="reported-conversations"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="conversations-title" className="text-xl font-semibold text-ink">
            {t("conversations.title")}
          </h2>
          <p className="text-sm text-muted" data-testid="conversations-count">
            {loaderData.conversationCount}
          </p>
        </div>
        <p className="max-w-3xl text-sm text-muted">{t("conversations.intro")}</p>
        <ReportedConversations items={loaderData.conversations} />
      </section>

      <section aria-labelledby="words-title" className="space-y-4" id="screening-words">
        <h2 id="words-title" className="text-xl font-semibold text-ink">
          {t("words.title")}
        </h2>
        <ScreeningWords words={loaderData.words} reply={actionData} />
      </section>

      <section aria-labelledby="ratings-title" className="space-y-4">
        <h2 id="ratings-title" className="text-xl font-semibold text-ink">
          {t("page.ratings.title")}
        </h2>
        <ReportedRatings ratings={ratings} reply={actionData} />
      </section>

      <section aria-labelledby="suspended-title" className="space-y-4">
        <h2 id="suspended-title" className="text-xl font-semibold text-ink">
          {t("page.suspendedTitle")}
        </h2>
        <SuspendedList members={suspended} reply={actionData} />
      </section>

      <section aria-labelledby="log-title" className="space-y-4">
        <div>
          <h2 id="log-title" className="text-xl font-semibold text-ink">
            {t("page.logTitle")}
          </h2>
          <p className="mt-1 text-sm text-muted">{loaderData.logIntro}</p>
        </div>
        <AuditLog entries={log} />
      </section>
    </main>
  );
}
