import { LockKeyhole, MessageSquareText, Send } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { buttonStyles, inputStyles } from "~/components/ui/button-styles";
import { FormAlert } from "~/components/ui/field";
import type { MessageSellerView } from "./message-seller.server";

/**
 * "Message seller" on a listing page. The composer is a plain form to /messages (it works without
 * JavaScript); with JavaScript a failure shows here, and success opens the conversation.
 */
export function MessageSeller({ view }: { view: MessageSellerView }) {
  const fetcher = useFetcher<{ ok: false; error: string }>();
  if (view.state === "visitor") {
    const { texts } = view;
    return (
      <Link
        to={view.loginUrl}
        className={`${buttonStyles.secondary} w-full`}
        title={texts.loginHint}
        data-testid="login-required-chat"
      >
        <LockKeyhole className="size-4" aria-hidden />
        {texts.loginRequired}
        <MessageSquareText className="size-4" aria-hidden />
      </Link>
    );
  }
  if (view.state === "open") {
    const { texts } = view;
    return (
      <div className="space-y-2" data-testid="message-seller-open">
        <p className="text-sm text-muted">{texts.existing}</p>
        <Link
          to={view.href}
          className={`${buttonStyles.primary} w-full`}
          data-testid="open-conversation"
        >
          <MessageSquareText className="size-4" aria-hidden />
          {texts.open}
        </Link>
      </div>
    );
  }
  const { texts } = view;
  const busy = fetcher.state !== "idle";
  const error = fetcher.data && fetcher.data.ok === false ? fetcher.data.error : null;
  return (
    <fetcher.Form
      method="post"
      action="/messages"
      className="space-y-2 rounded-xl bg-slate-50 p-3 ring-1 ring-line"
      data-testid="message-seller"
    >
      <input type="hidden" name="intent" value="start" />
      <input type="hidden" name="listingId" value={view.listingId} />
      <label
        htmlFor="message-seller-body"
        className="flex items-center gap-2 text-sm font-semibold text-ink"
      >
        <MessageSquareText className="size-4 text-brand-600" aria-hidden />
        {texts.title}
      </label>
      <textarea
        id="message-seller-body"
        name="body"
        rows={3}
        required
        dir="auto"
        placeholder={texts.placeholder}
        aria-label={texts.label}
        className={`${inputStyles} resize-y`}
        data-testid="message-seller-body"
      />
      {error ? <FormAlert>{error}</FormAlert> : null}
      <button
        type="submit"
        className={`${buttonStyles.primary} w-full`}
        disabled={busy}
        data-testid="message-seller-send"
      >
        <Send className="size-4 rtl:-scale-x-100" aria-hidden />
        {busy ? texts.sending : texts.send}
      </button>
    </fetcher.Form>
  );
}
