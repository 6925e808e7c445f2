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

const sendMessageSchema = () =>
  import("~/domain/messaging/messaging-schemas").then((m) => m.sendMessageSchema);

/** What the conversation's action answers a message sent in the background: the form's reply,
 * and the message as the list shows it once it was saved; `lost` when no answer came at all (the
 * connection dropped: the route's clientAction). */
export type SendReply = FormReply & { message?: MessageView; lost?: true };

/**
 * A send that has no answer after this long is given up, so it never says "Sending..." for ever
 * on a connection that is up but carries nothing. 20 s, as the listing form's requests
 * (components/listing/upload-listing.ts `stallTimeoutMs` gives the reasons). It is not sent again
 * by itself: the server cannot tell a repeat from a new message, and the same message twice in a
 * conversation is worse than one more tap.
 */
export const SEND_STALL_MS = 20_000;

/** Why the text is back in the box: no answer came, or there was no connection to send it on. */
type Unsent = "unsure" | "offline";

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
  /** The action's reply to a message sent without JavaScript (the reason, what was typed). */
  lastResult?: FormReply;
  onSent: (message: MessageView) => void;
}

/**
 * A plain form without JavaScript (posts, then the page reloads at the latest message). With
 * JavaScript an empty or too long message is reported before anything is sent (the schema the
 * action parses); a good one is sent in the background: it shows at once as "Sending...", the text
 * box empties, and a failure puts the text back with the reason. Offline nothing is sent and the
 * text stays; a send whose connection drops, or without an answer for SEND_STALL_MS (given up),
 * puts its text back and tells the member it may not have arrived, with "Try again".
 */
export function Composer({ page, lastResult, onSent }: ComposerProps) {
  const { t } = useTranslation("messages");
  const fetcher = useFetcher<SendReply>();
  const result = fetcher.data;
  const { form, fields, formProps } = useValidatedForm({
    name: "send-message",
    schema: sendMessageSchema,
    // The background send's failure, else the page's (a send without JavaScript).
    lastResult: result ? (result.status === "error" ? result : undefined) : lastResult,
    id: "composer",
    validateOn: "onSubmit",
  });
  const initial = fields.body.initialValue;
  const [text, setText] = useState(typeof initial === "string" ? initial : "");
  const [hydrated, setHydrated] = useState(false);
  const lastSent = useRef("");
  const box = useRef<HTMLTextAreaElement>(null);
  const [unsent, setUnsent] = useState<Unsent | null>(null);
  const stall = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const fetcherState = useRef(fetcher.state);
  fetcherState.current = fetcher.state;
  useEffect(() => setHydrated(true), []);
  useEffect(() => () => clearTimeout(stall.current), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: react to each new result only (onSent is a fresh closure every render)
  useEffect(() => {
    if (!result) return;
    clearTimeout(stall.current);
    if (result.message) onSent(result.message);
    // Nothing is lost: the text comes back, before anything they typed since.
    else if (result.status === "error") {
      setText((current) => keepUnsent(current, lastSent.current));
      if (result.lost) setUnsent("unsure");
    }
  }, [result]);

  // Submitting only: once the answer is in, the page's data reloading after it (which a bad
  // connection can hold up too) does not keep the member from writing on.
  const sending = fetcher.state === "submitting";
  const pendingBody = sending ? String(fetcher.formData?.get("body") ?? "") : "";
  const length = characterCount(text.trim());
  const tooLong = length > page.maxLength;
  const error = fields.body.errors?.[0] ?? form.errors?.[0];

  const send = () => {
    if (sending) return;
    if (!navigator.onLine) {
      // A send now could only fail: the text stays where it is, and they are told why.
      setUnsent("offline");
      return;
    }
    setUnsent(null);
    lastSent.current = text;
    fetcher.submit({ intent: "send", via: "fetch", body: text }, { method: "post" });
    setText("");
    box.current?.focus();
    clearTimeout(stall.current);
    stall.current = setTimeout(() => {
      if (fetcherState.current !== "submitting") return;
      // Stopped waiting (the request is cancelled): it may have reached the server or not.
      fetcher.reset();
      setText((current) => keepUnsent(current, lastSent.current));
      setUnsent("unsure");
    }, SEND_STALL_MS);
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
      {sending && pendingBody ? (
        <ol className="mb-3 flex flex-col" aria-hidden>
          <MessageItem
            message={{
              id: "pending-1",
              body: pendingBody.trim(),
              mine: true,
              iso: new Date().toISOString(),
              time: "",
              flags: { link: false, payment: false, code: false },
              seen: false,
            }}
          />
        </ol>
      ) : null}
      {error ? (
        <div className="mb-2" data-testid="composer-error" id="composer-error">
          <FormAlert>{error}</FormAlert>
        </div>
      ) : null}
      {unsent && !sending ? (
        <div className="mb-2" data-testid="composer-unsent" data-reason={unsent}>
          <FormAlert>
            <p>{unsent === "unsure" ? t("thread.unsure") : t("thread.offline")}</p>
            {unsent === "unsure" ? (
              <button
                type="button"
                onClick={() => box.current?.form?.requestSubmit()}
                className={`${buttonStyles.secondary} mt-2`}
                data-testid="composer-retry"
              >
                {t("thread.tryAgain")}
              </button>
            ) : null}
          </FormAlert>
        </div>
      ) : null}
      <fetcher.Form
        method="post"
        className="flex items-end gap-2"
        data-testid="composer"
        data-hydrated={hydrated || undefined}
        aria-busy={sending || undefined}
        {...formProps}
        onSubmit={(event) => {
          // The schema's verdict first: an invalid message is shown, not sent.
          formProps.onSubmit(event);
          if (event.defaultPrevented) return;
          event.preventDefault();
          send();
        }}
      >
        <input type="hidden" name="intent" value="send" />
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
          className={`${buttonStyles.primary} h-11 shrink-0 px-3 sm:px-4`}
          // One at a time: a press while the last message is still going would do nothing.
          disabled={sending}
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
