import { Suspense } from "react";
import { Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { Icon } from "~/components/ui/icon";
import { onDemand } from "~/components/ui/on-demand";
import type { MessageSellerView } from "~/views/messaging/message-seller.server";

// The form (and Conform) is fetched when it is shown: members who have not written yet.
const StartConversationForm = onDemand(() =>
  import("./start-conversation-form").then((m) => m.StartConversationForm),
);

/**
 * "Message seller" on a listing page. The composer is a plain form to /messages (it works without
 * JavaScript); with JavaScript a failure shows here, and success opens the conversation.
 */
export function MessageSeller({ view }: { view: MessageSellerView }) {
  if (view.state === "visitor") {
    const { texts } = view;
    return (
      <Link
        to={view.loginUrl}
        className={`${buttonStyles.secondary} w-full`}
        title={texts.loginHint}
        data-testid="login-required-chat"
      >
        <Icon name="lock-keyhole" className="size-4" />
        {texts.loginRequired}
        <Icon name="message-square-text" className="size-4" aria-hidden />
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
          <Icon name="message-square-text" className="size-4" aria-hidden />
          {texts.open}
        </Link>
      </div>
    );
  }
  const { texts } = view;
  return (
    <Suspense>
      <StartConversationForm
        id="message-seller"
        listingId={view.listingId}
        heading={
          <>
            <Icon name="message-square-text" className="size-4 text-brand-600" aria-hidden />
            {texts.title}
          </>
        }
        texts={texts}
        className="space-y-2 rounded-xl bg-slate-50 p-3 ring-1 ring-line"
        testId="message-seller"
        quick={{ label: texts.quickLabel, texts: view.quick }}
      />
    </Suspense>
  );
}
