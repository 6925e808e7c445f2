import { data, Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import { formatDateTime } from "~/i18n/format";
import { bundlesFor, serverT } from "~/i18n/i18n.server";
import { useNamespace } from "~/i18n/react";
import { listOutbox, outboxEnabled } from "~/mail/outbox.server";
import { noindexPageMeta } from "~/utils/meta";
import type { RouteHandle } from "~/utils/route-handle";
import type { Route } from "./+types/dev-mail";

export const handle: RouteHandle = { personal: true };

export function loader({ request, context }: Route.LoaderArgs) {
  // Unknown, not forbidden: the page must not reveal that an outbox exists.
  if (!outboxEnabled(context.env, context.clientIp, request.headers)) {
    throw data(null, { status: 404 });
  }
  const t = serverT(context.lang, "mail");
  const messages = listOutbox(context.env.DATA_DIR).map((message) => ({
    ...message,
    dateText: formatDateTime(context.lang, message.date),
  }));
  return {
    translations: bundlesFor(context.lang, ["mail"]),
    meta: { title: t("devMail.title") },
    messages,
  };
}

export const meta: Route.MetaFunction = noindexPageMeta;

export default function DevMailPage({ loaderData }: Route.ComponentProps) {
  const { t } = useNamespace("mail", loaderData.translations.mail);
  const { messages } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="flex items-center gap-2 text-2xl font-bold text-ink">
        <Icon name="inbox" className="size-6 text-brand-700" aria-hidden="true" />
        {t("devMail.title")}
      </h1>
      <p className="mt-2 text-sm text-muted">{t("devMail.intro")}</p>
      {messages.length === 0 ? (
        <p className="mt-8 rounded-2xl bg-white p-6 text-muted ring-1 ring-line">
          {t("devMail.empty")}
        </p>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-2xl bg-white ring-1 ring-line">
          <table className="w-full text-sm">
            <thead className="bg-slate-50 text-xs text-muted">
              <tr>
                <th scope="col" className="px-4 py-3 text-start font-semibold">
                  {t("devMail.to")}
                </th>
                <th scope="col" className="px-4 py-3 text-start font-semibold">
                  {t("devMail.subject")}
                </th>
                <th scope="col" className="px-4 py-3 text-start font-semibold">
                  {t("devMail.date")}
                </th>
                <th scope="col" className="px-4 py-3">
                  <span className="sr-only">{t("devMail.open")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
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
            </tbody>
          </table>
        </div>
      )}
    </main>
  );
}
