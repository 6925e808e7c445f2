import { Send } from "lucide-react";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { buttonStyles, inputStyles } from "~/components/ui/button-styles";
import { FormAlert } from "~/components/ui/field";
import { formatNumber } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import { MessageItem } from "./message-list";
import type { MessageView } from "./message-types";
import type { ThreadView } from "./thread-view.server";

/** What the conversation's action answers a message sent in the background. */
export type ThreadActionReply =
  | { ok: true; intent: "send"; message: MessageView }
  | { ok: true; intent: "read" }
  | { ok: false; intent: string; error: string; body: string };

/**
 * Characters as the server counts them (code points, messaging-schemas' characterCount); written
 * here so that the page's JavaScript does not bring the listing schemas (Zod, the city list).
 */
function codePoints(text: string) {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

interface ComposerProps {
  page: ThreadView;
  /** The action's failure and the text it kept, after a send without JavaScript. */
  actionError?: string;
  actionBody?: string;
  onSent: (message: MessageView) => void;
}

/** The foot of a conversation: the composer, or why the reader can no longer write. */
export function ThreadFooter(props: ComposerProps) {
  const { page } = props;
  const { t } = useTranslation("messages");
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
  return <Composer {...props} />;
}

/**
 * A plain form without JavaScript (posts, then the page reloads at the latest message). With
 * JavaScript it sends in the background: the message shows at once as "Sending...", the text box
 * empties, and a failure puts the text back with the reason.
 */
function Composer({ page, actionError, actionBody, onSent }: ComposerProps) {
  const { t } = useTranslation("messages");
  const fetcher = useFetcher<ThreadActionReply>();
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
