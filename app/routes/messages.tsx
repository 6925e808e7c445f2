import { Suspense, useRef } from "react";
import { Link, useRevalidator } from "react-router";
import { InboxList } from "~/components/messaging/inbox-list";
import { useLiveEvents, useLiveStatus } from "~/components/messaging/use-live-messages";
import { buttonStyles } from "~/components/ui/button-styles";
import { Card } from "~/components/ui/card";
import { FormAlert } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { onDemand } from "~/components/ui/on-demand";
import { requireMember } from "~/domain/accounts/session.server";
import { isListingId } from "~/domain/listings/listings-schemas";
import { INBOX_PAGE, listInbox } from "~/domain/messaging/list-inbox.server";
import { startConversationSchema } from "~/domain/messaging/messaging-schemas";
import { startConversation } from "~/domain/messaging/start-conversation.server";
import { withUnreadNotices } from "~/domain/notifications/unread-notices.server";
import { formatNumber } from "~/i18n/format";
import { bundlesFor, serverT } from "~/i18n/i18n.server";
import { useNamespace, useTranslation } from "~/i18n/react";
import { AppError } from "~/utils/app-error";
import {
  type FormReply,
  failedForm,
  invalidForm,
  parseForm,
  withActionHeaders,
} from "~/utils/form.server";
import { readFormData } from "~/utils/form-data.server";
import { replyFor } from "~/utils/form-reply";
import { noindexPageMeta } from "~/utils/meta";
import type { RouteHandle } from "~/utils/route-handle";
import { toInboxRows } from "~/views/messaging/inbox-view.server";
import { unreadForHeader } from "~/views/messaging/unread.server";
import type { Route } from "./+types/messages";

export const handle: RouteHandle = { personal: true, writes: "own" };

// The first message's form (and Conform) is fetched only when a failed one is shown again.
const StartConversationForm = onDemand(() =>
  import("~/components/messaging/start-conversation-form").then((m) => m.StartConversationForm),
);

/** /messages: the member's conversations (two queries: the rows and the unread count). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, auth, lang } = context;
  const member = await requireMember({ auth, db, request });
  const t = serverT(lang, "messages");
  const [entries, unread] = await Promise.all([
    listInbox({ db, member }),
    unreadForHeader({ db, member, request, lang }),
  ]);
  return {
    translations: bundlesFor(lang, ["messages"]),
    rows: toInboxRows(lang, entries, context.storage),
    unreadText: t("inbox.unread", { count: unread.count, formatted: unread.formatted }),
    more:
      entries.length >= INBOX_PAGE
        ? t("inbox.more", { formatted: formatNumber(lang, INBOX_PAGE) })
        : null,
    meta: { title: t("meta.inbox"), description: t("meta.inboxDescription") },
  };
}

/**
 * The listing page's "Message seller" form posts here: the first message creates the conversation
 * (or continues the buyer's existing one), then the conversation opens with "Message sent".
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, auth, lang, messaging } = context;
  const member = await requireMember({ auth, db, request });
  const form = await readFormData(request, lang);
  const submission = parseForm(lang, form, startConversationSchema);
  try {
    if (form.get("intent") !== "start") throw new AppError("INVALID_REQUEST");
    // Checked first, as the use case does: the page links back to it.
    if (!isListingId(form.get("listingId"))) {
      throw new AppError("INVALID_LISTING_ID", { field: "listingId" });
    }
    if (submission.status !== "success") return invalidForm(submission);
    const { listingId, body } = submission.value;
    const sent = await startConversation({
      db,
      live: withUnreadNotices(messaging, context.jobs, context.env.NOTIFY_UNREAD_AFTER_SECONDS),
      member,
      listingId,
      body,
      network: { ip: context.clientIp, signer: context.links },
    });
    return context.flash.redirect(`/messages/${sent.conversationId}#latest`, "message-sent");
  } catch (error) {
    // What they typed comes back, with a way back to the listing.
    return failedForm(lang, submission, error);
  }
}

/** Passes on the root's headers and the action's (Retry-After past the sending limits). */
export const headers: Route.HeadersFunction = withActionHeaders;

export const meta: Route.MetaFunction = noindexPageMeta;

export default function MessagesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useNamespace("messages", loaderData.translations.messages);
  const revalidator = useRevalidator();
  const live = useLiveStatus();
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // New messages and read marks reorder and restyle the list: reload it (debounced).
  useLiveEvents((data) => {
    if (data.type === "unread") return;
    clearTimeout(pending.current);
    pending.current = setTimeout(() => revalidator.revalidate(), 250);
  });
  const { rows } = loaderData;
  return (
    <main
      id="main"
      className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12"
      data-live={live || undefined}
    >
      <header className="mb-6">
        <h1 className="text-2xl font-bold text-ink sm:text-3xl">{t("inbox.title")}</h1>
        <p className="mt-1 text-muted" data-testid="inbox-unread" aria-live="polite">
          {loaderData.unreadText}
        </p>
      </header>
      {actionData ? <RetryStart reply={actionData} /> : null}
      {rows.length === 0 ? (
        <Card className="px-6 py-16 text-center" testId="inbox-empty">
          <Icon name="inbox" className="mx-auto size-10 text-brand-600" aria-hidden />
          <h2 className="mt-4 text-lg font-semibold">{t("inbox.emptyTitle")}</h2>
          <p className="mx-auto mt-1 max-w-sm text-sm text-muted">{t("inbox.emptyBody")}</p>
          <Link to="/" className={`${buttonStyles.primary} mt-6`}>
            <Icon name="search" className="size-4" aria-hidden />
            {t("inbox.browse")}
          </Link>
        </Card>
      ) : (
        <InboxList rows={rows} />
      )}
      {loaderData.more ? (
        <p className="mt-4 text-center text-sm text-muted">{loaderData.more}</p>
      ) : null}
    </main>
  );
}

/** A first message that failed (without JavaScript): the reason, the text, and a second try. */
function RetryStart({ reply }: { reply: FormReply }) {
  const { t } = useTranslation("messages");
  const retry = replyFor(reply, "start");
  const listingId = retry?.initialValue?.listingId;
  // A listing that cannot be written to again (a malformed id, another form): the reason only.
  if (!retry || typeof listingId !== "string" || retry.error?.listingId) {
    const reason = Object.values(reply.error ?? {}).flat()[0];
    return reason ? (
      <div className="mb-6">
        <FormAlert>{reason}</FormAlert>
      </div>
    ) : null;
  }
  return (
    <Card as="section" className="mb-6 space-y-3 p-4 sm:p-5">
      <Suspense>
        <StartConversationForm
          id="retry-start"
          listingId={listingId}
          heading={t("listing.label")}
          texts={{ send: t("listing.send"), sending: t("listing.sending") }}
          lastResult={retry}
          className="space-y-3"
        />
      </Suspense>
      <Link
        to={`/listing/${listingId.toLowerCase()}`}
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700"
      >
        <Icon name="arrow-left" className="size-4 rtl:-scale-x-100" aria-hidden />
        {t("thread.viewListing")}
      </Link>
    </Card>
  );
}
