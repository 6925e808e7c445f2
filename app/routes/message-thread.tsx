import { ArrowLeft, Ban, Check, CheckCheck, Clock, ImageOff, Send, WifiOff } from "lucide-react";
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from "react";
import {
  data,
  Form,
  Link,
  redirect,
  type ShouldRevalidateFunctionArgs,
  useFetcher,
  useNavigation,
  useRevalidator,
} from "react-router";
import { InboxList } from "~/components/messaging/inbox-list";
import { toInboxRows } from "~/components/messaging/inbox-view.server";
import { LocalTime } from "~/components/messaging/local-time";
import type { MessageView } from "~/components/messaging/message-types";
import { toMessageView } from "~/components/messaging/message-view.server";
import { messagingFailure } from "~/components/messaging/messaging-errors.server";
import { SafetyWarning } from "~/components/messaging/safety-warning";
import {
  useLiveConnected,
  useLiveEvents,
  useLiveStatus,
} from "~/components/messaging/use-live-messages";
import { Avatar } from "~/components/ui/avatar";
import { buttonStyles, inputStyles } from "~/components/ui/button-styles";
import { FormAlert } from "~/components/ui/field";
import { requireMember } from "~/domain/accounts/session.server";
import { blockMember, unblockMember } from "~/domain/messaging/block-member.server";
import {
  findConversationAsParty,
  sendRefusal,
} from "~/domain/messaging/conversation-access.server";
import { getConversation, type Thread } from "~/domain/messaging/get-conversation.server";
import { listInbox } from "~/domain/messaging/list-inbox.server";
import { markConversationRead } from "~/domain/messaging/mark-conversation-read.server";
import { MESSAGE_MAX_LENGTH } from "~/domain/messaging/messaging-schemas";
import { sendMessage } from "~/domain/messaging/send-message.server";
import { formatNumber, formatPrice } from "~/i18n/format";
import { bundlesFor, serverT } from "~/i18n/i18n.server";
import { useNamespace } from "~/i18n/react";
import { createLocalStorage } from "~/media/storage.server";
import { withActionHeaders } from "~/utils/action-error.server";
import { AppError, isAppError } from "~/utils/app-error";
import { readFormData } from "~/utils/form-data.server";
import { pageMeta } from "~/utils/meta";
import type { Route } from "./+types/message-thread";

/**
 * Characters as the server counts them (code points, messaging-schemas' characterCount); written
 * here so that the page's JavaScript does not bring the listing schemas (Zod, the city list).
 */
function codePoints(text: string) {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** How many conversations the side list shows next to a conversation (wide screens). */
const SIDE_LIST = 20;

async function threadOr404(load: () => Promise<Thread>) {
  try {
    return await load();
  } catch (error) {
    // Strangers and malformed ids alike: the conversation does not exist for them.
    if (isAppError(error) && error.code === "NOT_FOUND") throw data("Not found", { status: 404 });
    throw error;
  }
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db, auth, lang, env, messaging } = context;
  const member = await requireMember({ auth, db, request });
  const thread = await threadOr404(() =>
    getConversation({ db, member, conversationId: params.conversationId }),
  );
  // The header's count leaves this conversation out (unread.server.ts).
  await markConversationRead({ db, live: messaging, member, conversationId: thread.id });
  const storage = createLocalStorage(env.DATA_DIR);
  const t = serverT(lang, "messages");
  const inbox = await listInbox({ db, member, limit: SIDE_LIST });
  const name = thread.other?.name ?? t("thread.unknownUser");
  const title =
    (lang === "ar" ? thread.listing.titleAr || thread.listing.title : thread.listing.title) ||
    thread.listing.titleAr;
  const variants = [...(thread.listing.image ?? [])].sort((a, b) => a.width - b.width);
  const thumb = variants.find((v) => v.width >= 160) ?? variants[variants.length - 1];
  const refusal = sendRefusal({
    id: thread.id,
    listingId: thread.listing.id,
    listingStatus: thread.listing.status,
    otherId: thread.other?.id ?? null,
    asBuyer: thread.asBuyer,
    blockedMe: thread.blockedMe,
    iBlocked: thread.iBlocked,
  });
  const url = new URL(request.url);
  return {
    translations: bundlesFor(lang, ["messages"]),
    id: thread.id,
    other: {
      name,
      avatar: {
        avatarUrl: thread.other?.avatarUrl ?? null,
        initial: ([...name][0] ?? "?").toUpperCase(),
      },
    },
    listing: {
      href: `/listing/${thread.listing.id}`,
      title,
      price: formatPrice(lang, thread.listing.price),
      statusLabel: t(`inbox.status.${thread.listing.status}`),
      image: thumb
        ? { src: storage.urlFor(thumb.key), width: thumb.width, height: thumb.height }
        : null,
    },
    messages: thread.messages.map((m) => toMessageView(lang, member.id, m)),
    earlier: thread.hasEarlier
      ? t("thread.earlier", { formatted: formatNumber(lang, thread.messages.length) })
      : null,
    /** Why the composer is not shown, if it is not. */
    refusal,
    canBlock: Boolean(thread.other) && !thread.iBlocked,
    iBlocked: thread.iBlocked,
    confirmBlock: url.searchParams.get("confirm") === "block" && !thread.iBlocked,
    inbox: toInboxRows(lang, inbox, storage),
    lang,
    maxLength: MESSAGE_MAX_LENGTH,
    maxLengthText: formatNumber(lang, MESSAGE_MAX_LENGTH),
    meta: {
      title: t("meta.thread", { name }),
      description: t("meta.threadDescription", { title }),
    },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { db, auth, lang, messaging } = context;
  const member = await requireMember({ auth, db, request });
  const form = await readFormData(request, lang);
  const intent = String(form.get("intent") ?? "");
  const conversationId = params.conversationId;
  const viaFetch = form.get("via") === "fetch";
  try {
    switch (intent) {
      case "send": {
        const sent = await sendMessage({
          db,
          live: messaging,
          member,
          conversationId,
          body: form.get("body"),
        });
        if (viaFetch) {
          return data({
            ok: true as const,
            intent,
            message: toMessageView(lang, member.id, { ...sent, readAt: null }),
          });
        }
        return redirect(`/messages/${sent.conversationId}#latest`);
      }
      case "read":
        // Strangers get the same 404 as for everything else here.
        await findConversationAsParty(db, member, conversationId);
        await markConversationRead({ db, live: messaging, member, conversationId });
        return data({ ok: true as const, intent });
      case "block":
        await blockMember({ db, member, conversationId });
        return redirect(`/messages/${conversationId.toLowerCase()}`);
      case "unblock":
        await unblockMember({ db, member, conversationId });
        return redirect(`/messages/${conversationId.toLowerCase()}`);
      default:
        throw new AppError("NOT_FOUND");
    }
  } catch (error) {
    // Without JavaScript the page comes back with the reason and what they typed.
    const body = form.get("body");
    return messagingFailure(lang, error, {
      intent,
      body: typeof body === "string" ? body.slice(0, 4000) : "",
    });
  }
}

/** Sending and marking read change nothing else on the page: no need to reload the thread. */
export function shouldRevalidate({
  formData,
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get("intent");
  if ((intent === "send" || intent === "read") && actionResult?.ok) return false;
  return defaultShouldRevalidate;
}

/** Passes on the root's headers and the action's (Retry-After past the sending limits). */
export const headers: Route.HeadersFunction = withActionHeaders;

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, args.loaderData?.meta),
  { name: "robots", content: "noindex" },
];

type Loaded = Route.ComponentProps["loaderData"];
type T = (key: string, options?: Record<string, unknown>) => string;

export default function ThreadPage({ loaderData: page, actionData }: Route.ComponentProps) {
  const { t } = useNamespace("messages", page.translations.messages);
  const revalidator = useRevalidator();
  const readFetcher = useFetcher<typeof action>();
  const [extra, setExtra] = useState<MessageView[]>([]);
  // The other party read everything up to this time (a live "read" mark).
  const [seenUpTo, setSeenUpTo] = useState("");
  const unreadArrived = useRef(false);
  const reload = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const connected = useLiveConnected();
  const live = useLiveStatus();

  // A fresh load brings every message: keep only live ones it does not have yet.
  useEffect(() => {
    setSeenUpTo("");
    setExtra((current) => current.filter((m) => !page.messages.some((p) => p.id === m.id)));
  }, [page.messages]);

  const messages = useMemo(() => {
    const byId = new Map<string, MessageView>();
    for (const m of [...page.messages, ...extra]) byId.set(m.id, m);
    return [...byId.values()]
      .sort((a, b) => a.iso.localeCompare(b.iso) || a.id.localeCompare(b.id))
      .map((m) => (m.mine && !m.seen && m.iso <= seenUpTo ? { ...m, seen: true } : m));
  }, [page.messages, extra, seenUpTo]);

  const markRead = () => {
    if (document.visibilityState !== "visible") {
      unreadArrived.current = true;
      return;
    }
    unreadArrived.current = false;
    readFetcher.submit({ intent: "read" }, { method: "post" });
  };
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible" && unreadArrived.current) markRead();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  });

  useLiveEvents((event) => {
    if (event.type === "message" && event.conversationId === page.id) {
      setExtra((current) =>
        current.some((m) => m.id === event.message.id) ? current : [...current, event.message],
      );
      if (!event.message.mine) markRead();
    } else if (event.type === "read" && event.conversationId === page.id && !event.byMe) {
      setSeenUpTo(messages.at(-1)?.iso ?? "");
    } else if (event.type === "resync" || event.type === "message") {
      // Another conversation changed (the side list) or events were missed: reload, once.
      clearTimeout(reload.current);
      reload.current = setTimeout(() => revalidator.revalidate(), 400);
    }
  });

  return (
    <main id="main" className="mx-auto max-w-6xl sm:px-6 sm:py-6 lg:py-8">
      <div className="grid gap-6 lg:grid-cols-[20rem_1fr]">
        <aside className="hidden lg:block" data-testid="thread-inbox">
          <Link
            to="/messages"
            className="mb-3 block text-lg font-bold text-ink hover:text-brand-700"
          >
            {t("inbox.title")}
          </Link>
          <InboxList rows={page.inbox} t={t} activeId={page.id} compact />
        </aside>
        <section
          className="flex min-h-[calc(100dvh-8rem)] flex-col bg-white sm:rounded-2xl sm:shadow-sm sm:ring-1 sm:ring-line"
          data-testid="thread"
          data-live={live || undefined}
        >
          <ThreadHeader page={page} t={t} />
          {connected ? null : (
            <p
              className="flex items-center justify-center gap-2 bg-slate-100 px-4 py-1.5 text-xs text-muted"
              role="status"
            >
              <WifiOff className="size-3.5" aria-hidden />
              {t("thread.reconnecting")}
            </p>
          )}
          <MessageList messages={messages} earlier={page.earlier} t={t} />
          <ThreadFooter
            page={page}
            t={t}
            actionError={actionData && !actionData.ok ? actionData.error : undefined}
            actionBody={actionData && !actionData.ok ? actionData.body : undefined}
            onSent={(message) =>
              setExtra((current) =>
                current.some((m) => m.id === message.id) ? current : [...current, message],
              )
            }
          />
        </section>
      </div>
    </main>
  );
}

function ThreadHeader({ page, t }: { page: Loaded; t: T }) {
  const busy = useNavigation().state === "submitting";
  return (
    <header className="border-b border-line">
      <div className="flex items-center gap-3 px-3 py-3 sm:px-5">
        <Link
          to="/messages"
          className="rounded-lg p-1.5 text-ink hover:bg-slate-100 lg:hidden"
          aria-label={t("thread.back")}
          data-testid="thread-back"
        >
          <ArrowLeft className="size-5 rtl:-scale-x-100" aria-hidden />
        </Link>
        <Avatar member={page.other.avatar} size="size-10 shrink-0" />
        <div className="min-w-0 flex-1">
          <h1
            className="truncate text-base font-bold text-ink"
            dir="auto"
            data-testid="thread-name"
          >
            {page.other.name}
          </h1>
          <Link
            to={page.listing.href}
            className="flex min-w-0 items-center gap-1.5 text-xs text-muted hover:text-brand-700"
            data-testid="thread-listing"
          >
            <span className="truncate" dir="auto">
              {page.listing.title}
            </span>
            <span aria-hidden>·</span>
            <span className="shrink-0 font-semibold text-brand-700">{page.listing.price}</span>
            {page.listing.statusLabel ? (
              <span className="shrink-0 rounded-full bg-slate-100 px-1.5 text-[11px] font-semibold text-slate-600">
                {page.listing.statusLabel}
              </span>
            ) : null}
          </Link>
        </div>
        <Link to={page.listing.href} className="hidden shrink-0 sm:block" tabIndex={-1} aria-hidden>
          {page.listing.image ? (
            <img
              src={page.listing.image.src}
              width={page.listing.image.width}
              height={page.listing.image.height}
              alt=""
              className="size-12 rounded-lg object-cover ring-1 ring-line"
            />
          ) : (
            <span className="flex size-12 items-center justify-center rounded-lg bg-slate-100 text-slate-400">
              <ImageOff className="size-5" aria-hidden />
            </span>
          )}
        </Link>
        {page.canBlock && !page.confirmBlock ? (
          <Link
            to="?confirm=block"
            replace
            preventScrollReset
            className="shrink-0 rounded-lg p-2 text-sm font-medium text-red-700 hover:bg-red-50 sm:px-3"
            data-testid="block-member"
          >
            <Ban className="size-4 sm:hidden" aria-hidden />
            <span className="sr-only sm:not-sr-only">{t("thread.block")}</span>
          </Link>
        ) : null}
      </div>
      {page.confirmBlock ? (
        <div
          className="mx-3 mb-3 rounded-xl border border-red-200 bg-red-50 p-4 sm:mx-5"
          role="alertdialog"
          aria-labelledby="confirm-block-text"
          data-testid="confirm-block"
        >
          <p id="confirm-block-text" className="text-sm text-red-900">
            {t("thread.blockConfirm", { name: page.other.name })}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Form method="post">
              <input type="hidden" name="intent" value="block" />
              <button
                type="submit"
                disabled={busy}
                className={`${buttonStyles.primary} bg-red-600 hover:bg-red-700`}
                data-testid="confirm-block-yes"
              >
                <Ban className="size-4" aria-hidden />
                {t("thread.blockYes")}
              </button>
            </Form>
            <Link to="." replace preventScrollReset className={buttonStyles.secondary}>
              {t("thread.cancel")}
            </Link>
          </div>
        </div>
      ) : null}
    </header>
  );
}

function MessageList({
  messages,
  earlier,
  t,
}: {
  messages: MessageView[];
  earlier: string | null;
  t: T;
}) {
  const end = useRef<HTMLDivElement>(null);
  const count = messages.length;
  // The latest message in view on arrival and whenever one is added.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the count changes
  useEffect(() => {
    end.current?.scrollIntoView({ block: "end" });
  }, [count]);
  return (
    <div className="flex-1 px-3 py-4 sm:px-5">
      {earlier ? <p className="mb-4 text-center text-xs text-muted">{earlier}</p> : null}
      <ol className="flex flex-col gap-3" aria-label={t("thread.listLabel")} data-testid="messages">
        {messages.map((message) => (
          <MessageItem key={message.id} message={message} t={t} />
        ))}
      </ol>
      <div id="latest" ref={end} className="h-px scroll-mb-40" />
    </div>
  );
}

function MessageItem({ message, t }: { message: MessageView; t: T }) {
  const pending = message.id.startsWith("pending-");
  return (
    <li
      className={`flex flex-col gap-1 ${message.mine ? "items-end" : "items-start"}`}
      data-testid="message"
      data-mine={message.mine || undefined}
    >
      {message.mine ? null : <SafetyWarning flags={message.flags} t={t} />}
      <p
        className={`max-w-[85%] whitespace-pre-wrap rounded-2xl px-3.5 py-2 text-[15px] leading-relaxed [overflow-wrap:anywhere] sm:max-w-md ${
          message.mine
            ? "rounded-ee-md bg-brand-600 text-white"
            : "rounded-es-md bg-slate-100 text-ink"
        } ${pending ? "opacity-70" : ""}`}
        dir="auto"
        data-testid="message-body"
      >
        {message.body}
      </p>
      <p className="flex items-center gap-1 px-1 text-[11px] text-muted">
        <LocalTime iso={message.iso} text={message.time} />
        {message.mine ? (
          pending ? (
            <>
              <Clock className="size-3" aria-hidden />
              <span>{t("thread.sending")}</span>
            </>
          ) : message.seen ? (
            <>
              <CheckCheck className="size-3.5 text-brand-600" aria-hidden />
              <span data-testid="message-seen">{t("thread.seen")}</span>
            </>
          ) : (
            <>
              <Check className="size-3.5" aria-hidden />
              <span>{t("thread.sent")}</span>
            </>
          )
        ) : null}
      </p>
    </li>
  );
}

function ThreadFooter({
  page,
  t,
  actionError,
  actionBody,
  onSent,
}: {
  page: Loaded;
  t: T;
  actionError?: string;
  actionBody?: string;
  onSent: (message: MessageView) => void;
}) {
  const busy = useNavigation().state === "submitting";
  if (page.iBlocked) {
    return (
      <div
        className="border-t border-line bg-slate-50 px-4 py-4 sm:rounded-b-2xl"
        data-testid="blocked-by-me"
      >
        <p className="text-sm text-ink">{t("thread.blockedByMe")}</p>
        <Form method="post" className="mt-2">
          <input type="hidden" name="intent" value="unblock" />
          <button
            type="submit"
            className={buttonStyles.secondary}
            disabled={busy}
            data-testid="unblock"
          >
            {t("thread.unblock")}
          </button>
        </Form>
      </div>
    );
  }
  if (page.refusal) {
    return (
      <div
        className="border-t border-line bg-slate-50 px-4 py-4 text-sm text-ink sm:rounded-b-2xl"
        role="status"
        data-testid={page.refusal === "BLOCKED_BY_MEMBER" ? "blocked-me" : "conversation-closed"}
      >
        {page.refusal === "BLOCKED_BY_MEMBER" ? t("thread.blockedMe") : t("thread.closed")}
      </div>
    );
  }
  return (
    <Composer page={page} t={t} actionError={actionError} actionBody={actionBody} onSent={onSent} />
  );
}

/**
 * A plain form without JavaScript (posts, then the page reloads at the latest message). With
 * JavaScript it sends in the background: the message shows at once as "Sending...", the text box
 * empties, and a failure puts the text back with the reason.
 */
function Composer({
  page,
  t,
  actionError,
  actionBody,
  onSent,
}: {
  page: Loaded;
  t: T;
  actionError?: string;
  actionBody?: string;
  onSent: (message: MessageView) => void;
}) {
  const fetcher = useFetcher<typeof action>();
  const [text, setText] = useState(actionBody ?? "");
  const [hydrated, setHydrated] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const lastSent = useRef("");
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => setHydrated(true), []);

  const result = fetcher.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: react to each new result only (onSent is a fresh closure every render)
  useEffect(() => {
    if (result?.intent !== "send") return;
    if (result.ok && "message" in result) {
      onSent(result.message);
      setError(undefined);
    } else if (!result.ok) {
      setError(result.error);
      // Nothing is lost: the text comes back unless they already typed something new.
      setText((current) => current || lastSent.current);
    }
  }, [result]);

  const sending = fetcher.state !== "idle";
  const pendingBody = sending ? String(fetcher.formData?.get("body") ?? "") : "";
  const length = codePoints(text.trim());
  const tooLong = length > page.maxLength;

  const submit = () => {
    if (!text.trim() || tooLong || sending) return;
    lastSent.current = text;
    fetcher.submit({ intent: "send", via: "fetch", body: text }, { method: "post" });
    setText("");
    box.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter is a new line; an input method composing a word keeps its Enter.
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <div className="sticky bottom-0 border-t border-line bg-white/95 px-3 py-3 backdrop-blur sm:rounded-b-2xl sm:px-5">
      {sending && pendingBody ? (
        <ol className="mb-3 flex flex-col" aria-hidden>
          <MessageItem
            message={{
              id: "pending-1",
              body: pendingBody.trim(),
              mine: true,
              iso: new Date().toISOString(),
              time: "",
              flags: { link: false, payment: false },
              seen: false,
            }}
            t={t}
          />
        </ol>
      ) : null}
      {(error ?? actionError) ? (
        <div className="mb-2" data-testid="composer-error">
          <FormAlert>{error ?? actionError}</FormAlert>
        </div>
      ) : null}
      <fetcher.Form
        method="post"
        className="flex items-end gap-2"
        data-testid="composer"
        data-hydrated={hydrated || undefined}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <input type="hidden" name="intent" value="send" />
        <label htmlFor="message-body" className="sr-only">
          {t("thread.composerLabel")}
        </label>
        <textarea
          ref={box}
          id="message-body"
          name="body"
          required
          rows={1}
          dir="auto"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t("thread.placeholder")}
          aria-describedby={tooLong ? "message-counter" : undefined}
          aria-invalid={tooLong || undefined}
          className={`${inputStyles} field-sizing-content max-h-40 min-h-11 resize-none`}
          data-testid="composer-input"
        />
        <button
          type="submit"
          className={`${buttonStyles.primary} h-11 shrink-0 px-3 sm:px-4`}
          disabled={hydrated && (tooLong || !text.trim())}
          aria-label={t("thread.send")}
          data-testid="composer-send"
        >
          <Send className="size-4 rtl:-scale-x-100" aria-hidden />
          <span className="hidden sm:inline">{t("thread.send")}</span>
        </button>
      </fetcher.Form>
      {hydrated && length > page.maxLength - 200 ? (
        <p
          id="message-counter"
          className={`mt-1 text-end text-xs ${tooLong ? "text-red-600" : "text-muted"}`}
          dir="ltr"
        >
          {t("thread.counter", { used: formatNumber(page.lang, length), max: page.maxLengthText })}
        </p>
      ) : null}
    </div>
  );
}
