import type { ReactNode } from "react";
import { data, Link } from "react-router";
import { Icon, type IconName } from "~/components/ui/icon";
import { formatDateTime } from "~/i18n/format";
import { bundlesFor, serverT } from "~/i18n/i18n.server";
import type { TFunction } from "~/i18n/keys";
import { useNamespace } from "~/i18n/react";
import { listOutbox, outboxEnabled } from "~/mail/outbox.server";
import { listSmsOutbox, smsOutboxEnabled } from "~/sms/outbox.server";
import { noindexPageMeta } from "~/utils/meta";
import type { RouteHandle } from "~/utils/route-handle";
import type { Route } from "./+types/dev-mail";

export const handle: RouteHandle = { personal: true };

export function loader({ request, context }: Route.LoaderArgs) {
  // Each outbox is open only while nothing real delivers its messages (SMTP_URL, SMS_URL).
  const mail = outboxEnabled(context.env, context.clientIp, request.headers);
  const sms = smsOutboxEnabled(context.env, context.clientIp, request.headers);
  // Unknown, not forbidden: the page must not reveal that an outbox exists.
  if (!mail && !sms) throw data(null, { status: 404 });
  const t = serverT(context.lang, "mail");
  const messages = mail
    ? listOutbox(context.env.DATA_DIR).map((message) => ({
        ...message,
        dateText: formatDateTime(context.lang, message.date),
      }))
    : undefined;
  const texts = sms
    ? listSmsOutbox(context.env.DATA_DIR).map((text) => ({
        id: text.id,
        to: text.to,
        text: text.text,
        lang: text.lang,
        at: text.at,
        dateText: formatDateTime(context.lang, text.at),
      }))
    : undefined;
  return {
    translations: bundlesFor(context.lang, ["mail"]),
    meta: { title: t(mail ? "devMail.title" : "devSms.title") },
    messages,
    texts,
  };
}

export const meta: Route.MetaFunction = noindexPageMeta;

export default function DevMailPage({ loaderData }: Route.ComponentProps) {
  const { t } = useNamespace("mail", loaderData.translations.mail);
  const { messages, texts } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-10">
      {messages ? <MailOutbox messages={messages} t={t} /> : null}
      {texts ? <SmsOutbox texts={texts} t={t} first={!messages} /> : null}
    </main>
  );
}

type Loaded = Route.ComponentProps["loaderData"];
type T = TFunction<"mail">;

function MailOutbox({ messages, t }: { messages: NonNullable<Loaded["messages"]>; t: T }) {
  return (
    <Outbox
      icon="inbox"
      title={t("devMail.title")}
      intro={t("devMail.intro")}
      empty={messages.length === 0 ? t("devMail.empty") : null}
      columns={[t("devMail.to"), t("devMail.subject"), t("devMail.date")]}
      hiddenColumn={t("devMail.open")}
    >
      {messages.map((message) => (
        <tr key={message.id} className="border-t border-line">
          <td className="px-4 py-3 text-start">
            <bdi dir="ltr">{message.to}</bdi>
          </td>
          <td className="px-4 py-3 text-start" dir="auto">
            {message.subject}
          </td>
          <td className="whitespace-nowrap px-4 py-3 text-muted">
            <time dateTime={message.date}>{message.dateText}</time>
          </td>
          <td className="px-4 py-3 text-end">
            <Link
              to={`/dev/mail/${encodeURIComponent(message.id)}`}
              className="font-medium text-brand-700 hover:underline"
            >
              {t("devMail.open")}
            </Link>
          </td>
        </tr>
      ))}
    </Outbox>
  );
}

/** Text messages: short, so each is shown whole; the language decides its direction. */
function SmsOutbox({
  texts,
  t,
  first,
}: {
  texts: NonNullable<Loaded["texts"]>;
  t: T;
  first: boolean;
}) {
  return (
    <Outbox
      icon="smartphone"
      title={t("devSms.title")}
      intro={t("devSms.intro")}
      empty={texts.length === 0 ? t("devSms.empty") : null}
      columns={[t("devSms.to"), t("devSms.message"), t("devSms.date")]}
      second={!first}
      id="dev-sms-title"
    >
      {texts.map((sms) => (
        <tr key={sms.id} className="border-t border-line" data-sms-id={sms.id}>
          <td className="whitespace-nowrap px-4 py-3 text-start">
            <bdi dir="ltr">{sms.to}</bdi>
          </td>
          <td
            className="whitespace-pre-wrap px-4 py-3 text-start"
            lang={sms.lang}
            dir={sms.lang === "ar" ? "rtl" : "ltr"}
          >
            {sms.text}
          </td>
          <td className="whitespace-nowrap px-4 py-3 text-muted">
            <time dateTime={sms.at}>{sms.dateText}</time>
          </td>
        </tr>
      ))}
    </Outbox>
  );
}

/**
 * One outbox: its heading (the page's h1, or an h2 under the mail outbox), what it is, and its
 * messages as a table (`children` are the rows), or the line that says there are none yet.
 */
function Outbox({
  icon,
  title,
  intro,
  empty,
  columns,
  hiddenColumn,
  second = false,
  id,
  children,
}: {
  icon: IconName;
  title: string;
  intro: string;
  /** The "nothing yet" line, or null when there are messages. */
  empty: string | null;
  columns: string[];
  /** A last column named for screen readers only (the mail's "Open" links). */
  hiddenColumn?: string;
  second?: boolean;
  id?: string;
  children: ReactNode;
}) {
  const Heading = second ? "h2" : "h1";
  return (
    <section className={second ? "mt-12" : undefined} aria-labelledby={id}>
      <Heading
        id={id}
        className={`flex items-center gap-2 font-bold text-ink ${second ? "text-xl" : "text-2xl"}`}
      >
        <Icon name={icon} className="size-6 text-brand-700" aria-hidden="true" />
        {title}
      </Heading>
      <p className="mt-2 text-sm text-muted">{intro}</p>
      {empty !== null ? (
        <p className="mt-8 rounded-2xl bg-white p-6 text-muted ring-1 ring-line">{empty}</p>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-2xl bg-white ring-1 ring-line">
          <table className="w-full text-sm">
            <thead className="bg-slate-50 text-xs text-muted">
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col" className="px-4 py-3 text-start font-semibold">
                    {column}
                  </th>
                ))}
                {hiddenColumn ? (
                  <th scope="col" className="px-4 py-3">
                    <span className="sr-only">{hiddenColumn}</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>{children}</tbody>
          </table>
        </div>
      )}
    </section>
  );
}
