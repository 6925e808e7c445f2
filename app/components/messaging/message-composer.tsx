import { Send } from "lucide-react";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { buttonStyles, inputStyles } from "~/components/ui/button-styles";
import { FormAlert } from "~/components/ui/field";
import { useValidatedForm } from "~/components/ui/form";
import { formatNumber } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import type { FormReply } from "~/utils/form-reply";
import { characterCount } from "~/utils/user-text";
import { MessageItem } from "./message-list";
import type { MessageView } from "./message-types";
import type { ThreadView } from "./thread-view.server";

const sendMessageSchema = () =>
  import("~/domain/messaging/messaging-schemas").then((m) => m.sendMessageSchema);

/** What the conversation's action answers a message sent in the background: the form's reply,
 * and the message as the list shows it once it was saved. */
export type SendReply = FormReply & { message?: MessageView };

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
 * box empties, and a failure puts the text back with the reason.
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
  useEffect(() => setHydrated(true), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: react to each new result only (onSent is a fresh closure every render)
  useEffect(() => {
    if (!result) return;
    if (result.message) onSent(result.message);
    // Nothing is lost: the text comes back unless they already typed something new.
    else if (result.status === "error") setText((current) => current || lastSent.current);
  }, [result]);

  const sending = fetcher.state !== "idle";
  const pendingBody = sending ? String(fetcher.formData?.get("body") ?? "") : "";
  const length = characterCount(text.trim());
  const tooLong = length > page.maxLength;
  const error = fields.body.errors?.[0] ?? form.errors?.[0];

  const send = () => {
    if (sending) return;
    lastSent.current = text;
    fetcher.submit({ intent: "send", via: "fetch", body: text }, { method: "post" });
    setText("");
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
          />
        </ol>
      ) : null}
      {error ? (
        <div className="mb-2" data-testid="composer-error" id="composer-error">
          <FormAlert>{error}</FormAlert>
        </div>
      ) : null}
      <fetcher.Form
        method="post"
        className="flex items-end gap-2"
        data-testid="composer"
        data-hydrated={hydrated || undefined}
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
