import { Suspense } from "react";
import { Link } from "react-router";
import { Card, cardStyles } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/react";
import type {
  ReportedConversationSummaryView,
  ReportedConversationView,
} from "~/views/messaging/conversation-report-view.server";
import { DecisionButton, DecisionForm, decisionReply } from "./moderation-panels";

/*
 * Reported conversations (issue 31): the queue on the moderation page, and on a conversation's own
 * page its reports, its messages with their photos, and the decisions.
 */

/** What each report says: who reported whom, when, why, and in their words. */
function Reports({ item }: { item: ReportedConversationSummaryView }) {
  return (
    <ul className="space-y-2" data-testid="conversation-reports">
      {item.reports.map((report) => (
        <li key={report.key} className="rounded-lg bg-slate-50 px-3 py-2 text-sm">
          <p className="font-semibold text-red-800">{report.reason}</p>
          <p className="text-xs text-muted">{report.by}</p>
          {report.details ? (
            <p className="mt-1 whitespace-pre-line text-ink" dir="auto">
              {report.details}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The queue on the moderation page: each conversation with its reports and a way in. */
export function ReportedConversations({ items }: { items: ReportedConversationSummaryView[] }) {
  const { t } = useTranslation("moderation");
  if (items.length === 0)
    return (
      <Card
        as="p"
        className="px-6 py-10 text-center text-muted"
        testId="reported-conversations-empty"
      >
        {t("conversations.empty")}
      </Card>
    );
  return (
    <div className="space-y-4">
      {items.map((item) => (
        <article
          key={item.id}
          className={`${cardStyles} space-y-3 p-5`}
          data-testid="reported-conversation"
          data-conversation-id={item.id}
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm font-semibold text-ink" dir="auto">
              {item.between}
            </p>
            <span className="text-xs font-semibold text-red-700">{item.reportCount}</span>
          </div>
          <p className="text-xs text-muted" dir="auto">
            <Link to={item.listingHref} className="hover:underline">
              {item.about}
            </Link>
          </p>
          <Reports item={item} />
          <Link
            to={item.href}
            className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
            data-testid="read-conversation"
          >
            <Icon name="message-circle" className="size-4" aria-hidden />
            {t("conversations.read")}
          </Link>
        </article>
      ))}
    </div>
  );
}

/** A reported conversation, read-only: its reports, its parties, its messages, the decisions. */
export function ReportedConversationPanel({
  view,
  reply,
}: {
  view: ReportedConversationView;
  reply: unknown;
}) {
  const { t } = useTranslation("moderation");
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <section aria-labelledby="conversation-messages-title" className={`${cardStyles} p-4 sm:p-6`}>
        <h2 id="conversation-messages-title" className="mb-4 text-lg font-semibold text-ink">
          {t("conversations.messagesTitle")}
        </h2>
        {view.earlier ? <p className="mb-3 text-xs text-muted">{view.earlier}</p> : null}
        {view.messages.length === 0 ? (
          <p className="text-muted">{t("conversations.noMessages")}</p>
        ) : (
          <ol className="flex flex-col gap-3" data-testid="moderated-messages">
            {view.messages.map((message) => (
              <li
                key={message.id}
                className={`flex flex-col gap-1 ${message.fromBuyer ? "items-start" : "items-end"}`}
                data-testid="moderated-message"
              >
                <p className="px-1 text-[11px] text-muted" dir="auto">
                  {message.sender} · <time dateTime={message.iso}>{message.time}</time>
                </p>
                {message.photos.length ? (
                  <div className="flex flex-wrap gap-1.5" data-testid="moderated-photos">
                    {message.photos.map((photo) => (
                      <a
                        key={photo.src}
                        href={photo.full}
                        target="_blank"
                        rel="noopener"
                        className="block overflow-hidden rounded-xl ring-1 ring-line"
                      >
                        <img
                          src={photo.src}
                          width={photo.width}
                          height={photo.height}
                          alt={photo.alt}
                          loading="lazy"
                          className="h-32 w-auto object-cover"
                        />
                      </a>
                    ))}
                  </div>
                ) : null}
                {message.body ? (
                  <p
                    className={`max-w-[85%] whitespace-pre-wrap rounded-2xl px-3.5 py-2 text-[15px] leading-relaxed [overflow-wrap:anywhere] ${
                      message.fromBuyer ? "bg-slate-100 text-ink" : "bg-brand-50 text-ink"
                    }`}
                    dir="auto"
                    data-testid="moderated-body"
                  >
                    {message.body}
                  </p>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </section>
      <aside className="space-y-4">
        <div className={`${cardStyles} space-y-3 p-4`}>
          <Reports item={view} />
          <ul className="space-y-1 text-sm" data-testid="conversation-parties">
            {view.parties.map((party) => (
              <li key={party.role} className="flex flex-wrap items-center gap-2">
                <span className="text-muted">{party.role}:</span>
                {party.href ? (
                  <Link
                    to={party.href}
                    className="font-semibold text-ink hover:underline"
                    dir="auto"
                  >
                    {party.name}
                  </Link>
                ) : (
                  <span className="text-muted">{party.name}</span>
                )}
                {party.suspended ? (
                  <span className="rounded-full bg-red-50 px-2 text-xs font-semibold text-red-800">
                    {t("page.suspended")}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
        <Suspense>
          <DecisionForm
            id={`conversation-decision-${view.id}`}
            hidden={{ conversationId: view.id }}
            label={t("page.reason")}
            hint={view.reasonHint}
            lastResult={decisionReply(reply, { conversationId: view.id })}
            className={`${cardStyles} space-y-3 p-4`}
            ariaLabel={t("conversations.decisionLabel")}
            testId="conversation-decision-form"
          >
            {(busy) => (
              <div className="flex flex-wrap gap-2">
                <DecisionButton
                  intent="conversation-dismiss"
                  tone="plain"
                  icon="check"
                  busy={busy}
                  testId="conversation-dismiss"
                  label={t("conversations.dismiss")}
                />
                {view.parties.map((party) =>
                  party.canSuspend && party.id ? (
                    <button
                      key={party.id}
                      type="submit"
                      name="suspend"
                      value={party.id}
                      disabled={busy}
                      className="inline-flex items-center justify-center gap-1.5 rounded-xl bg-red-600 px-3 py-2 text-sm font-semibold text-white ring-1 ring-red-600 transition hover:bg-red-700 disabled:cursor-not-allowed disabled:opacity-60"
                      data-testid="conversation-suspend"
                    >
                      <Icon name="ban" className="size-4" aria-hidden />
                      {t("conversations.suspend", { name: party.name })}
                    </button>
                  ) : null,
                )}
              </div>
            )}
          </DecisionForm>
        </Suspense>
      </aside>
    </div>
  );
}
