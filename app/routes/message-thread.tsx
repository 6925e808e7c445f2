import { Suspense } from "react";
import {
  data,
  Link,
  redirect,
  type ShouldRevalidateFunctionArgs,
  useNavigation,
} from "react-router";
import { InboxList } from "~/components/messaging/inbox-list";
import type { SendReply } from "~/components/messaging/message-composer";
import { MessageList } from "~/components/messaging/message-list";
import { ThreadFooter } from "~/components/messaging/thread-composer";
import { ThreadHeader } from "~/components/messaging/thread-header";
import { useLiveConnected, useLiveStatus } from "~/components/messaging/use-live-messages";
import { useThreadMessages } from "~/components/messaging/use-thread-messages";
import { RatingPanel } from "~/components/ratings/rating-panel";
import { Icon } from "~/components/ui/icon";
import { onDemand } from "~/components/ui/on-demand";
import { requireMember } from "~/domain/accounts/session.server";
import { listingRatesFrom } from "~/domain/listings/listing-rates.server";
import { setListingStatus } from "~/domain/listings/set-listing-status.server";
import { blockMember, unblockMember } from "~/domain/messaging/block-member.server";
import { findConversationAsParty } from "~/domain/messaging/conversation-access.server";
import { getConversation } from "~/domain/messaging/get-conversation.server";
import { listInbox } from "~/domain/messaging/list-inbox.server";
import { markConversationRead } from "~/domain/messaging/mark-conversation-read.server";
import { stageMessagePhoto, uploadIdFor } from "~/domain/messaging/message-photos.server";
import { MESSAGE_PHOTOS_MAX } from "~/domain/messaging/messaging-limits";
import {
  conversationButtonSchema,
  offerAnswerSchema,
  offerSchema,
  sendMessageSchema,
} from "~/domain/messaging/messaging-schemas";
import { answerOffer, makeOffer } from "~/domain/messaging/offers.server";
import { sendMessage } from "~/domain/messaging/send-message.server";
import { getUsdRate } from "~/domain/money/exchange-rate.server";
import { getNotificationSettings } from "~/domain/notifications/notification-preferences.server";
import { withUnreadNotices } from "~/domain/notifications/unread-notices.server";
import { rateMember } from "~/domain/ratings/rate-member.server";
import { ratingSchema } from "~/domain/ratings/rating-rules";
import { buyerNetwork } from "~/domain/sellers/buyer-network.server";
import { bundlesFor } from "~/i18n/i18n.server";
import { useNamespace } from "~/i18n/react";
import { AppError, isAppError } from "~/utils/app-error";
import { failedForm, invalidForm, parseForm, withActionHeaders } from "~/utils/form.server";
import { readFormData } from "~/utils/form-data.server";
import { type FormReply, isFormReply, replyFor } from "~/utils/form-reply";
import { noindexPageMeta } from "~/utils/meta";
import { orNotFound } from "~/utils/not-found.server";
import type { RouteHandle } from "~/utils/route-handle";
import { toMessageView } from "~/views/messaging/message-view.server";
import { toThreadView } from "~/views/messaging/thread-view.server";
import type { Route } from "./+types/message-thread";

// A message may come with its photos (without JavaScript): the message body limit.
export const handle: RouteHandle = { personal: true, writes: "own", body: "message" };

/** How many conversations the side list shows next to a conversation (wide screens). */
const SIDE_LIST = 20;

// "Get notified of replies" (decision 021): fetched once the thread has a message, never with
// the page's first load; it draws nothing on the server.
const PushOffer = onDemand(() =>
  import("~/components/notifications/push-offer").then((m) => m.PushOffer),
);

// The agreed price of an accepted offer (issue 31), over the messages.
const AgreedOffer = onDemand(() =>
  import("~/components/messaging/offers").then((m) => m.AgreedOffer),
);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db, auth, lang, messaging } = context;
  const member = await requireMember({ auth, db, request });
  const thread = await orNotFound(() =>
    getConversation({ db, member, conversationId: params.conversationId }),
  );
  // The header's count leaves this conversation out (unread.server.ts).
  await markConversationRead({ db, live: messaging, member, conversationId: thread.id });
  const inbox = await listInbox({ db, member, limit: SIDE_LIST });
  const notifications = await getNotificationSettings(db, member);
  // The dollar hint under offers: only for a thread that has some.
  const hasOffers = thread.acceptedOffer !== null || thread.messages.some((m) => m.offer);
  const usdRate = hasOffers ? await getUsdRate({ db, env: context.env }) : null;
  return {
    translations: bundlesFor(lang, ["messages"]),
    offerPush: notifications.messages.push,
    ...toThreadView({
      lang,
      readerId: member.id,
      thread,
      inbox,
      storage: context.storage,
      usdRate,
      confirmBlock: new URL(request.url).searchParams.get("confirm") === "block",
    }),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { db, auth, lang, messaging } = context;
  const member = await requireMember({ auth, db, request });
  const form = await readFormData(request, lang);
  const intent = String(form.get("intent") ?? "");
  const conversationId = params.conversationId;

  if (intent === "send") {
    // Without JavaScript the photos come with the message: each is received as an upload first
    // (its id made from the message's, so the form posted twice is the same photos).
    const files = form.getAll("photoFiles").filter((f) => f instanceof File && f.size > 0);
    form.delete("photoFiles");
    try {
      if (files.length > MESSAGE_PHOTOS_MAX) throw new AppError("MESSAGE_PHOTO_INVALID");
      for (const [index, file] of files.entries()) {
        const staged = await stageMessagePhoto({
          db,
          storage: context.storage,
          member,
          conversationId,
          uploadId: uploadIdFor(form.get("clientId"), index),
          bytes: new Uint8Array(await (file as File).arrayBuffer()),
          ip: context.clientIp,
          rates: listingRatesFrom(context.env),
        });
        form.append("photos", staged.id);
      }
    } catch (error) {
      if (isAppError(error) && error.code === "NOT_FOUND") throw data("Not found", { status: 404 });
      return failedForm(lang, parseForm(lang, form, sendMessageSchema), error);
    }
    const submission = parseForm(lang, form, sendMessageSchema);
    try {
      if (submission.status !== "success") {
        // Strangers learn nothing, not even that their message was empty: 404 first.
        await findConversationAsParty(db, member, conversationId);
        return invalidForm(submission);
      }
      const sent = await sendMessage({
        db,
        live: withUnreadNotices(messaging, context.jobs, context.env.NOTIFY_UNREAD_AFTER_SECONDS),
        member,
        conversationId,
        body: submission.value.body,
        clientId: submission.value.clientId,
        photoIds: submission.value.photos,
      });
      // In the background (JavaScript): the message as the list shows it; else the page again.
      if (form.get("via") === "fetch") {
        return {
          ...submission.reply(),
          message: toMessageView(lang, member.id, { ...sent, readAt: null }),
        };
      }
      return redirect(`/messages/${sent.conversationId}#latest`);
    } catch (error) {
      // The reason, under the text they typed (kept).
      return failedForm(lang, submission, error);
    }
  }

  if (intent === "offer") {
    const submission = parseForm(lang, form, offerSchema);
    try {
      if (submission.status !== "success") {
        await findConversationAsParty(db, member, conversationId);
        return invalidForm(submission);
      }
      const sent = await makeOffer({
        db,
        live: withUnreadNotices(messaging, context.jobs, context.env.NOTIFY_UNREAD_AFTER_SECONDS),
        member,
        conversationId,
        amount: submission.value.amount,
        lang,
      });
      return redirect(`/messages/${sent.conversationId}#latest`);
    } catch (error) {
      if (isAppError(error) && error.code === "NOT_FOUND") throw data("Not found", { status: 404 });
      return failedForm(lang, submission, error);
    }
  }

  if (intent === "accept-offer" || intent === "decline-offer") {
    const submission = parseForm(lang, form, offerAnswerSchema);
    try {
      if (submission.status !== "success") {
        await findConversationAsParty(db, member, conversationId);
        return invalidForm(submission);
      }
      const sent = await answerOffer({
        db,
        live: withUnreadNotices(messaging, context.jobs, context.env.NOTIFY_UNREAD_AFTER_SECONDS),
        member,
        conversationId,
        offerId: submission.value.offerId,
        answer: intent === "accept-offer" ? "accept" : "decline",
        lang,
      });
      return redirect(`/messages/${sent.conversationId}#latest`);
    } catch (error) {
      if (isAppError(error) && error.code === "NOT_FOUND") throw data("Not found", { status: 404 });
      return failedForm(lang, submission, error);
    }
  }

  if (intent === "rate") {
    const submission = parseForm(lang, form, ratingSchema);
    try {
      if (submission.status !== "success") {
        await findConversationAsParty(db, member, conversationId);
        return invalidForm(submission);
      }
      await rateMember({
        db,
        member,
        conversationId,
        input: submission.value,
        network: buyerNetwork(context.clientIp, context.links) ?? "none",
      });
      return context.flash.redirect(`/messages/${conversationId.toLowerCase()}`, "rating-saved");
    } catch (error) {
      if (isAppError(error) && error.code === "NOT_FOUND") throw data("Not found", { status: 404 });
      return failedForm(lang, submission, error);
    }
  }

  // The page's buttons: no fields of their own; a failure is shown over the composer.
  const submission = parseForm(lang, form, conversationButtonSchema);
  try {
    switch (intent) {
      case "read":
        // Strangers get the same 404 as for everything else here.
        await findConversationAsParty(db, member, conversationId);
        await markConversationRead({ db, live: messaging, member, conversationId });
        return submission.reply();
      case "block":
        await blockMember({ db, member, conversationId });
        return redirect(`/messages/${conversationId.toLowerCase()}`);
      case "reserve": {
        // The seller, from the agreed price: setListingStatus refuses anyone but the owner.
        const party = await findConversationAsParty(db, member, conversationId);
        await setListingStatus({
          db,
          member,
          listingId: party.listingId,
          status: "reserved",
          ttlDays: context.env.LISTING_TTL_DAYS,
          watchers: context.jobs,
          rates: listingRatesFrom(context.env),
        });
        return redirect(`/messages/${conversationId.toLowerCase()}`);
      }
      case "unblock":
        await unblockMember({ db, member, conversationId });
        return redirect(`/messages/${conversationId.toLowerCase()}`);
      default:
        throw new AppError("NOT_FOUND");
    }
  } catch (error) {
    return failedForm(lang, submission, error);
  }
}

/**
 * In the browser: a request whose connection drops gets no answer at all, and the page's error
 * screen would replace the conversation and what was typed. A message sent in the background
 * tells the composer (`lost`), which keeps it in the outbox; an offer, an answer to one or a
 * button gets the same answer with what was sent, so its form says nothing was sent and keeps the
 * amount typed.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const form = await request.clone().formData();
  try {
    return await serverAction();
  } catch (error) {
    // fetch() rejects with a TypeError when no answer came; anything else is the server's.
    if (!(error instanceof TypeError)) throw error;
    if (form.get("via") === "fetch") {
      const lost: SendReply = { status: "error", lost: true };
      return lost;
    }
    const sent = Object.fromEntries([...form].map(([name, value]) => [name, String(value)]));
    const lost: FormReply & { lost: true } = { status: "error", lost: true, initialValue: sent };
    return lost;
  }
}

/** Sending and marking read change nothing else on the page: no need to reload the thread. */
export function shouldRevalidate({
  formData,
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  // No connection: reloading the thread would only fail too, and show the error screen.
  if (actionResult?.lost === true) return false;
  const intent = formData?.get("intent");
  const done = isFormReply(actionResult) && actionResult.status === "success";
  if ((intent === "send" || intent === "read") && done) return false;
  return defaultShouldRevalidate;
}

/** Passes on the root's headers and the action's (Retry-After past the sending limits). */
export const headers: Route.HeadersFunction = withActionHeaders;

export const meta: Route.MetaFunction = noindexPageMeta;

export default function ThreadPage({ loaderData: page, actionData }: Route.ComponentProps) {
  const { t } = useNamespace("messages", page.translations.messages);
  const { messages, add } = useThreadMessages(page.id, page.messages);
  const connected = useLiveConnected();
  const live = useLiveStatus();
  const navigation = useNavigation();

  return (
    <main id="main" className="mx-auto max-w-6xl sm:px-6 sm:py-6 lg:py-8">
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <aside className="hidden lg:block" data-testid="thread-inbox">
          <Link
            to="/messages"
            className="mb-3 block text-lg font-bold text-ink hover:text-brand-700"
          >
            {t("inbox.title")}
          </Link>
          <InboxList rows={page.inbox} activeId={page.id} compact />
        </aside>
        <section
          className="flex min-h-[calc(100dvh-8rem)] flex-col bg-white sm:rounded-2xl sm:shadow-sm sm:ring-1 sm:ring-line"
          data-testid="thread"
          data-live={live || undefined}
        >
          <ThreadHeader page={page} />
          {page.offers.accepted ? (
            <Suspense>
              <AgreedOffer accepted={page.offers.accepted} />
            </Suspense>
          ) : null}
          {page.rating ? (
            <RatingPanel
              panel={page.rating}
              lastResult={replyFor(actionData, "rate")}
              busy={
                navigation.state === "submitting" && navigation.formData?.get("intent") === "rate"
              }
            />
          ) : null}
          {connected ? null : (
            <p
              className="flex items-center justify-center gap-2 bg-slate-100 px-4 py-1.5 text-xs text-muted"
              role="status"
            >
              <Icon name="wifi-off" className="size-3.5" aria-hidden />
              {t("thread.reconnecting")}
            </p>
          )}
          <MessageList messages={messages} earlier={page.earlier} />
          {page.offerPush && messages.length > 0 ? (
            <Suspense>
              <PushOffer />
            </Suspense>
          ) : null}
          <ThreadFooter
            page={page}
            lastResult={replyFor(actionData, "send")}
            offerResult={replyFor(actionData, "offer")}
            failure={
              !isFormReply(actionData) ||
              replyFor(actionData, "send") ||
              replyFor(actionData, "offer")
                ? undefined
                : "lost" in actionData && actionData.lost
                  ? t("thread.noConnection")
                  : actionData.error?.[""]?.[0]
            }
            messages={messages}
            onSent={add}
          />
        </section>
      </div>
    </main>
  );
}
