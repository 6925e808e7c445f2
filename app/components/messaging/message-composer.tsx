import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { buttonStyles, inputStyles } from "~/components/ui/button-styles";
import { FormAlert } from "~/components/ui/field";
import { useValidatedForm } from "~/components/ui/form";
import { Icon } from "~/components/ui/icon";
import { formatNumber } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import type { FormReply } from "~/utils/form-reply";
import { characterCount } from "~/utils/user-text";
import type { MessageView } from "~/views/messaging/message-types";
import type { ThreadView } from "~/views/messaging/thread-view.server";
import { MessageItem } from "./message-list";
import { PickedPhotos, useMessagePhotos } from "./message-photos";
import {
  forgetQueuedMessage,
  type OutboxItem,
  outboxOf,
  queueMessageInWorker,
  readOutbox,
  updateOutbox,
  withoutArrived,
} from "./outbox";
import { QuickReplies } from "./quick-replies";

const sendMessageSchema = () =>
  import("~/domain/messaging/messaging-schemas").then((m) => m.sendMessageSchema);

/** What the conversation's action answers a message sent in the background: the form's reply,
 * and the message as the list shows it once it was saved; `lost` when no answer came at all (the
 * connection dropped: the route's clientAction). */
export type SendReply = FormReply & { message?: MessageView; lost?: true };

/**
 * A send that has no answer after this long is given up and tried again later, so it never says
 * "Sending..." for ever on a connection that is up but carries nothing. 20 s, as the listing
 * form's requests (components/ui/uploads.ts `stallTimeoutMs` gives the reasons).
 */
export const SEND_STALL_MS = 20_000;

/** How often a message waiting for a connection is tried again while the browser says online. */
export const RETRY_MS = 15_000;

/**
 * The box's text once a message did not go: the message, and after it anything typed since, so
 * that nothing is lost.
 */
export function keepUnsent(current: string, unsent: string) {
  if (!current.trim() || current === unsent) return unsent;
  if (!unsent.trim()) return current;
  return `${unsent}\n${current}`;
}

export interface ComposerProps {
  page: ThreadView;
  /** The conversation's messages as shown (loaded and live): the outbox drops those that came. */
  messages: MessageView[];
  /** The action's reply to a message sent without JavaScript (the reason, what was typed). */
  lastResult?: FormReply;
  onSent: (message: MessageView) => void;
}

/** The first reason a reply gives, in the member's language. */
function reasonOf(reply: FormReply) {
  return (
    Object.values(reply.error ?? {})
      .flat()
      .find(Boolean) ?? ""
  );
}

/**
 * A plain form without JavaScript (posts, then the page reloads at the latest message; its client
 * id makes a form posted twice one message). With JavaScript an empty or too long message is
 * reported before anything is sent (the schema the action parses); a good one goes through the
 * outbox (./outbox.ts, issue 31): it shows at once under the conversation, the box empties, and
 * the messages go one at a time, in the order written. Without a connection — offline, dropped,
 * or no answer for SEND_STALL_MS — it stays, marked "Waiting for a connection", and is sent again
 * when the browser is back online and every RETRY_MS, also after a reload (the service worker
 * sends it too, with the tab closed). A message the server refuses keeps its text with the reason,
 * to edit or delete.
 */
export function Composer({ page, messages, lastResult, onSent }: ComposerProps) {
  const { t } = useTranslation("messages");
  const fetcher = useFetcher<SendReply>();
  const result = fetcher.data;
  const { form, fields, formProps } = useValidatedForm({
    name: "send-message",
    schema: sendMessageSchema,
    // The page's failure (a send without JavaScript); the outbox shows the background ones.
    lastResult,
    id: "composer",
    validateOn: "onSubmit",
  });
  const initial = fields.body.initialValue;
  const [text, setText] = useState(typeof initial === "string" ? initial : "");
  const [hydrated, setHydrated] = useState(false);
  const pictures = useMessagePhotos(page.id);
  const box = useRef<HTMLTextAreaElement>(null);
  // This conversation's unconfirmed messages (read from the device once hydrated).
  const [outbox, setOutbox] = useState<OutboxItem[]>([]);
  // The message on its way: which one the fetcher's answer is about.
  const inFlight = useRef<string | null>(null);
  // No connection at the last try: what is left waits for `online` or the next retry.
  const [waiting, setWaiting] = useState(false);
  const stall = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const change = (edit: (items: OutboxItem[]) => OutboxItem[]) =>
    setOutbox(outboxOf(updateOutbox(edit), page.memberId, page.id));
  // Out of the outbox; the service worker forgets it too if it had it (a message edited or
  // deleted after a refusal must not arrive later all the same).
  const drop = (clientId: string) => {
    if (outbox.some((item) => item.clientId === clientId && item.queued)) {
      forgetQueuedMessage(clientId);
    }
    change((items) => items.filter((item) => item.clientId !== clientId));
  };
  // No connection: the service worker keeps what waits, to send it even if the tab is closed.
  // Only then: online it would send every message a second time.
  const waitForConnection = () => {
    setWaiting(true);
    change((items) =>
      items.map((item) => {
        if (item.queued || item.refused || item.conversationId !== page.id) return item;
        queueMessageInWorker(item);
        return { ...item, queued: true };
      }),
    );
  };

  useEffect(() => {
    setHydrated(true);
    setOutbox(outboxOf(readOutbox(), page.memberId, page.id));
  }, [page.memberId, page.id]);
  useEffect(() => () => clearTimeout(stall.current), []);

  // Those the conversation shows now arrived (sent from here, by the service worker, or in
  // another tab): out of the outbox.
  const arrived = messages.map((message) => message.clientId);
  const arrivedKey = arrived.join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: arrivedKey stands for arrived
  useEffect(() => {
    if (outbox.some((item) => arrived.includes(item.clientId))) {
      change((items) => withoutArrived(items, arrived));
    }
  }, [arrivedKey, outbox]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: react to each new result only (onSent is a fresh closure every render)
  useEffect(() => {
    const clientId = inFlight.current;
    if (!result || !clientId) return;
    clearTimeout(stall.current);
    inFlight.current = null;
    if (result.message) {
      setWaiting(false);
      onSent(result.message);
      drop(clientId);
    } else if (result.lost) {
      waitForConnection();
    } else if (result.status === "error") {
      // Refused when it arrived (blocked, the listing removed, a limit): the reason, and the text.
      const refused = reasonOf(result) || t("thread.notSentUnknown");
      if (outbox.some((item) => item.clientId === clientId && item.queued)) {
        forgetQueuedMessage(clientId);
      }
      change((items) =>
        items.map((item) => (item.clientId === clientId ? { ...item, refused } : item)),
      );
    }
  }, [result]);

  // The next message, when nothing is on its way: in the order written, one at a time.
  const next = outbox.find((item) => !item.refused);
  // biome-ignore lint/correctness/useExhaustiveDependencies: fetcher is stable enough; next's id names it
  useEffect(() => {
    if (!next || waiting || inFlight.current || fetcher.state !== "idle") return;
    if (!navigator.onLine) return waitForConnection();
    inFlight.current = next.clientId;
    const sending = new FormData();
    sending.set("intent", "send");
    sending.set("via", "fetch");
    sending.set("body", next.body);
    sending.set("clientId", next.clientId);
    for (const id of next.photos ?? []) sending.append("photos", id);
    fetcher.submit(sending, { method: "post" });
    clearTimeout(stall.current);
    stall.current = setTimeout(() => {
      if (inFlight.current !== next.clientId) return;
      // Stopped waiting (the request is cancelled): it may have arrived or not. Its client id
      // makes sending it again safe.
      inFlight.current = null;
      fetcher.reset();
      waitForConnection();
    }, SEND_STALL_MS);
  }, [next?.clientId, fetcher.state, waiting]);

  // Back online (a send still hanging from before is dropped: it goes again), and every
  // RETRY_MS while something waits: try again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: fetcher is stable enough
  useEffect(() => {
    const retry = () => {
      if (!navigator.onLine) return;
      if (inFlight.current) {
        inFlight.current = null;
        clearTimeout(stall.current);
        fetcher.reset();
      }
      setWaiting(false);
    };
    window.addEventListener("online", retry);
    const timer = waiting ? setInterval(retry, RETRY_MS) : undefined;
    return () => {
      window.removeEventListener("online", retry);
      clearInterval(timer);
    };
  }, [waiting]);

  const length = characterCount(text.trim());
  const tooLong = length > page.maxLength;
  const error = fields.body.errors?.[0] ?? form.errors?.[0];

  // Into the outbox: typed, or a quick reply's text, with the photos that arrived.
  const enqueue = (body: string, photos: string[] = []) => {
    const item: OutboxItem = {
      clientId: crypto.randomUUID(),
      memberId: page.memberId,
      conversationId: page.id,
      body: body.trim(),
      ...(photos.length > 0 ? { photos } : {}),
      at: new Date().toISOString(),
    };
    const queued = waiting || !navigator.onLine;
    if (queued) queueMessageInWorker(item);
    change((items) => [...items, { ...item, queued }]);
  };
  const send = () => {
    enqueue(text, pictures.ids);
    pictures.clear();
    setText("");
    box.current?.focus();
  };
  // A quick reply sent here already (live, or waiting) is not offered again.
  const sentHere = [...messages.filter((m) => m.mine), ...outbox].map((m) => m.body);
  const edit = (item: OutboxItem) => {
    setText((current) => keepUnsent(current, item.body));
    drop(item.clientId);
    box.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter is a new line; an input method composing a word keeps its Enter.
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  };

  return (
    <div className="sticky bottom-0 border-t border-line bg-white/95 px-3 py-3 backdrop-blur sm:rounded-b-2xl sm:px-5">
      {outbox.length > 0 ? (
        <ol className="mb-3 flex flex-col gap-3" data-testid="outbox">
          {outbox.map((item) => (
            <MessageItem
              key={item.clientId}
              message={{
                id: item.clientId,
                body: item.body || t("photos.only"),
                mine: true,
                iso: item.at,
                time: "",
                flags: { link: false, payment: false, code: false },
                seen: false,
              }}
              status={
                item.refused ? (
                  <span
                    className="flex flex-wrap items-center gap-x-2"
                    data-testid="outbox-refused"
                  >
                    <span className="text-red-700">
                      {t("thread.notSent", { reason: item.refused })}
                    </span>
                    <button type="button" className="underline" onClick={() => edit(item)}>
                      {t("thread.edit")}
                    </button>
                    <button type="button" className="underline" onClick={() => drop(item.clientId)}>
                      {t("thread.discard")}
                    </button>
                  </span>
                ) : (
                  <>
                    <Icon name="clock" className="size-3" aria-hidden />
                    <span data-testid="outbox-status">
                      {waiting ? t("thread.waiting") : t("thread.sending")}
                    </span>
                  </>
                )
              }
            />
          ))}
        </ol>
      ) : null}
      {error ? (
        <div className="mb-2" data-testid="composer-error" id="composer-error">
          <FormAlert>{error}</FormAlert>
        </div>
      ) : null}
      <QuickReplies
        label={page.quickLabel}
        texts={page.quick.filter((text) => !sentHere.includes(text))}
        fields={{ intent: "send", clientId: page.clientId }}
        onPick={hydrated ? enqueue : undefined}
      />
      <PickedPhotos photos={pictures.photos} onRemove={pictures.remove} />
      <fetcher.Form
        method="post"
        // Without JavaScript the photos go with the message; with it, each went on its own.
        encType="multipart/form-data"
        className="flex items-end gap-2"
        data-testid="composer"
        data-hydrated={hydrated || undefined}
        aria-busy={next && !waiting ? true : undefined}
        {...formProps}
        onSubmit={(event) => {
          // The schema's verdict first: an invalid message is shown, not sent.
          formProps.onSubmit(event);
          if (event.defaultPrevented) return;
          event.preventDefault();
          // A photo still on its way: the message waits for it (the button says so).
          if (pictures.busy) return;
          send();
        }}
      >
        <input type="hidden" name="intent" value="send" />
        <input type="hidden" name="clientId" value={page.clientId} />
        {pictures.ids.map((id) => (
          <input key={id} type="hidden" name="photos" value={id} />
        ))}
        <label
          className={`${buttonStyles.ghost} relative h-11 shrink-0 cursor-pointer px-2.5 ${
            pictures.full ? "pointer-events-none opacity-50" : ""
          }`}
          title={t("photos.add")}
          data-testid="composer-photos"
        >
          <Icon name="image-plus" className="size-5" aria-hidden />
          <span className="sr-only">{t("photos.add")}</span>
          <input
            type="file"
            // Without JavaScript: posted with the message (the action takes at most three).
            name={hydrated ? undefined : "photoFiles"}
            accept="image/jpeg,image/png,image/webp"
            multiple
            disabled={pictures.full}
            className={hydrated ? "sr-only" : "absolute inset-0 cursor-pointer opacity-0"}
            data-testid="composer-photo-input"
            onChange={(event) => {
              if (event.currentTarget.files) pictures.add(event.currentTarget.files);
              event.currentTarget.value = "";
            }}
          />
        </label>
        <label htmlFor="message-body" className="sr-only">
          {t("thread.composerLabel")}
        </label>
        <textarea
          ref={box}
          id="message-body"
          name={fields.body.name}
          required
          rows={1}
          dir="auto"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t("thread.placeholder")}
          aria-describedby={
            [error ? "composer-error" : null, tooLong ? "message-counter" : null]
              .filter(Boolean)
              .join(" ") || undefined
          }
          aria-invalid={tooLong || error ? true : undefined}
          className={`${inputStyles} field-sizing-content max-h-40 min-h-11 resize-none`}
          data-testid="composer-input"
        />
        <button
          type="submit"
          disabled={pictures.busy}
          title={pictures.busy ? t("photos.waitForUpload") : undefined}
          className={`${buttonStyles.primary} h-11 shrink-0 px-3 sm:px-4`}
          aria-label={t("thread.send")}
          data-testid="composer-send"
        >
          <Icon name="send" className="size-4 rtl:-scale-x-100" aria-hidden />
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
