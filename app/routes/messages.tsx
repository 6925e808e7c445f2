import { ArrowLeft, Inbox, Search, Send } from "lucide-react";
import { useRef } from "react";
import { Form, Link, redirect, useNavigation, useRevalidator } from "react-router";
import { InboxList } from "~/components/messaging/inbox-list";
import { toInboxRows } from "~/components/messaging/inbox-view.server";
import { messagingFailure } from "~/components/messaging/messaging-errors.server";
import { unreadForHeader } from "~/components/messaging/unread.server";
import { useLiveEvents, useLiveStatus } from "~/components/messaging/use-live-messages";
import { buttonStyles, inputStyles } from "~/components/ui/button-styles";
import { FormAlert } from "~/components/ui/field";
import { requireMember } from "~/domain/accounts/session.server";
import { isListingId } from "~/domain/listings/listings-schemas";
import { INBOX_PAGE, listInbox } from "~/domain/messaging/list-inbox.server";
import { startConversation } from "~/domain/messaging/start-conversation.server";
import { formatNumber } from "~/i18n/format";
import { bundlesFor, serverT } from "~/i18n/i18n.server";
import { useNamespace, useTranslation } from "~/i18n/react";
import { createLocalStorage } from "~/media/storage.server";
import { withActionHeaders } from "~/utils/action-error.server";
import { AppError } from "~/utils/app-error";
import { flashCookie } from "~/utils/flash.server";
import { readFormData } from "~/utils/form-data.server";
import { pageMeta } from "~/utils/meta";
import type { Route } from "./+types/messages";

/** /messages: the member's conversations (two queries: the rows and the unread count). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, auth, lang, env } = context;
  const member = await requireMember({ auth, db, request });
  const t = serverT(lang, "messages");
  const [entries, unread] = await Promise.all([
    listInbox({ db, member }),
    unreadForHeader({ db, member, request, lang }),
  ]);
  return {
    translations: bundlesFor(lang, ["messages"]),
    rows: toInboxRows(lang, entries, createLocalStorage(env.DATA_DIR)),
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
  const listingId = String(form.get("listingId") ?? "");
  const body = typeof form.get("body") === "string" ? String(form.get("body")) : "";
  try {
    if (form.get("intent") !== "start") throw new AppError("INVALID_REQUEST");
    const sent = await startConversation({ db, live: messaging, member, listingId, body });
    return redirect(`/messages/${sent.conversationId}#latest`, {
      headers: { "Set-Cookie": flashCookie("message-sent") },
    });
  } catch (error) {
    // What they typed comes back, with a way back to the listing.
    return messagingFailure(lang, error, {
      listingId: isListingId(listingId) ? listingId.toLowerCase() : null,
      body: body.slice(0, 4000),
    });
  }
}

/** Passes on the root's headers and the action's (Retry-After past the sending limits). */
export const headers: Route.HeadersFunction = withActionHeaders;

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, args.loaderData?.meta),
  { name: "robots", content: "noindex" },
];

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
      {actionData && !actionData.ok ? (
        <RetryStart
          error={actionData.error}
          listingId={actionData.listingId}
          body={actionData.body}
        />
      ) : null}
      {rows.length === 0 ? (
        <div
          className="rounded-2xl bg-white px-6 py-16 text-center shadow-sm ring-1 ring-line"
          data-testid="inbox-empty"
        >
          <Inbox className="mx-auto size-10 text-brand-600" aria-hidden />
          <h2 className="mt-4 text-lg font-semibold">{t("inbox.emptyTitle")}</h2>
          <p className="mx-auto mt-1 max-w-sm text-sm text-muted">{t("inbox.emptyBody")}</p>
          <Link to="/" className={`${buttonStyles.primary} mt-6`}>
            <Search className="size-4" aria-hidden />
            {t("inbox.browse")}
          </Link>
        </div>
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
function RetryStart({
  error,
  listingId,
  body,
}: {
  error: string;
  listingId: string | null;
  body: string;
}) {
  const { t } = useTranslation("messages");
  const busy = useNavigation().state === "submitting";
  return (
    <section className="mb-6 space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-line sm:p-5">
      <FormAlert>{error}</FormAlert>
      {listingId ? (
        <>
          <Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="start" />
            <input type="hidden" name="listingId" value={listingId} />
            <label htmlFor="retry-body" className="block text-sm font-medium text-ink">
              {t("listing.label")}
            </label>
            <textarea
              id="retry-body"
              name="body"
              rows={3}
              dir="auto"
              defaultValue={body}
              className={inputStyles}
            />
            <button type="submit" className={buttonStyles.primary} disabled={busy}>
              <Send className="size-4 rtl:-scale-x-100" aria-hidden />
              {busy ? t("listing.sending") : t("listing.send")}
            </button>
          </Form>
          <Link
            to={`/listing/${listingId}`}
            className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700"
          >
            <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden />
            {t("thread.viewListing")}
          </Link>
        </>
      ) : null}
    </section>
  );
}
