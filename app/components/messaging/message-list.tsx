import { type ReactNode, Suspense, useEffect, useRef } from "react";
import { Icon } from "~/components/ui/icon";
import { onDemand } from "~/components/ui/on-demand";
import { useTranslation } from "~/i18n/react";
import type { MessageView } from "~/views/messaging/message-types";
import { LocalTime } from "./local-time";
import { SafetyWarning } from "./safety-warning";

// Offers' cards (issue 31): drawn by the server, their code fetched after the page's.
const OfferStepCard = onDemand(() => import("./offers").then((m) => m.OfferStepCard));

/** The conversation's messages, scrolled to the latest on arrival and whenever one is added. */
export function MessageList({
  messages,
  earlier,
}: {
  messages: MessageView[];
  earlier: string | null;
}) {
  const { t } = useTranslation("messages");
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
          <MessageItem key={message.id} message={message} />
        ))}
      </ol>
      <div id="latest" ref={end} className="h-px scroll-mb-40" />
    </div>
  );
}

/**
 * One message: its text, its time, and for the reader's own whether it is sent or seen — or, for
 * one still in the outbox, its `status` instead (message-composer.tsx).
 */
export function MessageItem({ message, status }: { message: MessageView; status?: ReactNode }) {
  const { t } = useTranslation("messages");
  return (
    <li
      className={`flex flex-col gap-1 ${message.mine ? "items-end" : "items-start"}`}
      data-testid="message"
      data-mine={message.mine || undefined}
    >
      {message.mine ? null : <SafetyWarning flags={message.flags} />}
      {message.offer ? (
        <Suspense>
          <OfferStepCard offer={message.offer} mine={message.mine} />
        </Suspense>
      ) : (
        <>
          {message.photos?.length ? <MessagePhotos message={message} /> : null}
          {message.body ? <MessageBody message={message} faded={Boolean(status)} /> : null}
        </>
      )}
      <p className="flex items-center gap-1 px-1 text-[11px] text-muted">
        <LocalTime iso={message.iso} text={message.time} />
        {message.mine ? (
          status ? (
            status
          ) : message.seen ? (
            <>
              <Icon name="check-check" className="size-3.5 text-brand-600" aria-hidden />
              <span data-testid="message-seen">{t("thread.seen")}</span>
            </>
          ) : (
            <>
              <Icon name="check" className="size-3.5" aria-hidden />
              <span>{t("thread.sent")}</span>
            </>
          )
        ) : null}
      </p>
    </li>
  );
}

function MessageBody({ message, faded }: { message: MessageView; faded: boolean }) {
  return (
    <p
      className={`max-w-[85%] whitespace-pre-wrap rounded-2xl px-3.5 py-2 text-[15px] leading-relaxed [overflow-wrap:anywhere] sm:max-w-md ${
        message.mine
          ? "rounded-ee-md bg-brand-600 text-white"
          : "rounded-es-md bg-slate-100 text-ink"
      } ${faded ? "opacity-70" : ""}`}
      dir="auto"
      data-testid="message-body"
    >
      {message.body}
    </p>
  );
}

/**
 * A message's photos, each opening its largest size. Served only to the conversation's members
 * (routes/message-photo.ts), never kept by the browser: loaded as they scroll into view.
 */
function MessagePhotos({ message }: { message: MessageView }) {
  const { t } = useTranslation("messages");
  return (
    <div
      className={`flex max-w-[85%] flex-wrap gap-1.5 sm:max-w-md ${message.mine ? "justify-end" : ""}`}
      data-testid="message-photos"
    >
      {message.photos?.map((photo) => (
        <a
          key={photo.src}
          href={photo.full}
          target="_blank"
          rel="noopener"
          className="block overflow-hidden rounded-xl ring-1 ring-line"
          aria-label={t("photos.open")}
        >
          <img
            src={photo.src}
            width={photo.width}
            height={photo.height}
            alt=""
            loading="lazy"
            decoding="async"
            className="h-auto max-h-60 w-40 object-cover sm:w-48"
            data-testid="message-photo"
          />
        </a>
      ))}
    </div>
  );
}
