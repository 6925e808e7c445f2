import { data, Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import { formatDateTime } from "~/i18n/format";
import { bundlesFor } from "~/i18n/i18n.server";
import { useNamespace } from "~/i18n/react";
import { linksIn, outboxEnabled, readOutboxMessage } from "~/mail/outbox.server";
import { noindexPageMeta } from "~/utils/meta";
import type { RouteHandle } from "~/utils/route-handle";
import type { Route } from "./+types/dev-mail-message";

export const handle: RouteHandle = { personal: true };

export function loader({ request, params, context }: Route.LoaderArgs) {
  if (!outboxEnabled(context.env, context.clientIp, request.headers)) {
    throw data(null, { status: 404 });
  }
  const message = readOutboxMessage(context.env.DATA_DIR, params.id);
  if (!message) throw data(null, { status: 404 });
  const format = new URL(request.url).searchParams.get("format") === "text" ? "text" : "html";
  return {
    translations: bundlesFor(context.lang, ["mail"]),
    meta: { title: message.subject },
    format,
    message: {
      ...message,
      dateText: formatDateTime(context.lang, message.date),
    },
    links: linksIn(message),
  };
}

export const meta: Route.MetaFunction = noindexPageMeta;

const tabStyles = {
  current: "rounded-lg bg-brand-50 px-3 py-1.5 font-semibold text-brand-800",
  other: "rounded-lg px-3 py-1.5 font-medium text-brand-700 hover:bg-slate-100",
};

export default function DevMailMessagePage({ loaderData }: Route.ComponentProps) {
  const { t } = useNamespace("mail", loaderData.translations.mail);
  const { message, links, format } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-10">
      <Link
        to="/dev/mail"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <Icon name="arrow-left" className="size-4 rtl:-scale-x-100" aria-hidden="true" />
        {t("devMail.back")}
      </Link>
      <h1 className="mt-4 text-xl font-bold text-ink" dir="auto">
        {message.subject}
      </h1>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">{t("devMail.to")}</dt>
        <dd className="text-start">
          <bdi dir="ltr">{message.to}</bdi>
        </dd>
        <dt className="text-muted">{t("devMail.date")}</dt>
        <dd className="text-start">
          <time dateTime={message.date}>{message.dateText}</time>
        </dd>
      </dl>

      {links.length > 0 ? (
        <section
          aria-labelledby="mail-links-title"
          className="mt-6 rounded-2xl bg-white p-4 ring-1 ring-line"
        >
          <h2 id="mail-links-title" className="text-sm font-semibold text-ink">
            {t("devMail.links")}
          </h2>
          <p className="mt-1 text-xs text-muted">{t("devMail.linksHint")}</p>
          <ul className="mt-2 space-y-1 text-sm">
            {links.map((href) => (
              <li key={href} dir="ltr" className="break-all text-start">
                <a
                  href={href}
                  rel="noreferrer"
                  className="text-brand-700 underline"
                  data-testid="mail-link"
                >
                  {href}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className="mt-6 flex gap-2 text-sm">
        <Link
          to="?format=html"
          aria-current={format === "html" ? "page" : undefined}
          className={format === "html" ? tabStyles.current : tabStyles.other}
        >
          {t("devMail.htmlView")}
        </Link>
        <Link
          to="?format=text"
          aria-current={format === "text" ? "page" : undefined}
          className={format === "text" ? tabStyles.current : tabStyles.other}
        >
          {t("devMail.plainText")}
        </Link>
      </div>

      {format === "text" ? (
        <pre
          className="mt-3 overflow-x-auto whitespace-pre-wrap break-words rounded-2xl bg-white p-4 text-sm text-ink ring-1 ring-line"
          dir="auto"
        >
          {message.text}
        </pre>
      ) : (
        // The mail's HTML never enters this page: an empty sandbox gives it no scripts, no
        // forms, no same-origin access and no top navigation, whatever it contains.
        <iframe
          title={t("devMail.htmlFrame")}
          sandbox=""
          srcDoc={message.html}
          className="mt-3 h-[640px] w-full rounded-2xl bg-white ring-1 ring-line"
        />
      )}
    </main>
  );
}
