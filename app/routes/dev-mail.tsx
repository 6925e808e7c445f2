import { Inbox } from "lucide-react";
import { data, Link } from "react-router";
import { bundlesFor, serverT } from "~/i18n/i18n.server";
import { useNamespace } from "~/i18n/i18n-client";
import { listOutbox, outboxEnabled } from "~/mail/outbox.server";
import { pageMeta } from "~/utils/meta";
import type { Route } from "./+types/dev-mail";

export function loader({ context }: Route.LoaderArgs) {
  if (!outboxEnabled(context.env, context.clientIp)) throw data("Not found", { status: 404 });
  const t = serverT(context.lang, "mail");
  return {
    translations: bundlesFor(context.lang, ["mail"]),
    meta: { title: t("devMail.title") },
    messages: listOutbox(context.env.DATA_DIR),
  };
}

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, args.loaderData?.meta),
  { name: "robots", content: "noindex" },
];

export default function DevMailPage({ loaderData }: Route.ComponentProps) {
  const { t } = useNamespace("mail", loaderData.translations.mail);
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="flex items-center gap-2 text-2xl font-bold">
        <Inbox className="size-6 text-brand-700" aria-hidden />
        {t("devMail.title")}
      </h1>
      <p className="mt-2 text-sm text-muted">{t("devMail.intro")}</p>
      {loaderData.messages.length === 0 ? (
        <p className="mt-8 rounded-2xl bg-white p-6 text-muted ring-1 ring-line">
          {t("devMail.empty")}
        </p>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-2xl bg-white ring-1 ring-line">
          <table className="w-full text-sm">
            <thead className="bg-slate-50 text-start text-xs uppercase text-muted">
              <tr>
                <th className="px-4 py-3 text-start">{t("devMail.to")}</th>
                <th className="px-4 py-3 text-start">{t("devMail.subject")}</th>
                <th className="px-4 py-3 text-start">{t("devMail.date")}</th>
                <th className="px-4 py-3" />
              </tr>
            </thead>
            <tbody>
              {loaderData.messages.map((message) => (
                <tr key={message.id} className="border-t border-line">
                  <td className="px-4 py-3" dir="ltr">
                    {message.to}
                  </td>
                  <td className="px-4 py-3" dir="auto">
                    {message.subject}
                  </td>
                  <td className="px-4 py-3 text-muted" dir="ltr">
                    {message.date}
                  </td>
                  <td className="px-4 py-3 text-end">
                    <Link
                      to={`/dev/mail/${message.id}`}
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
