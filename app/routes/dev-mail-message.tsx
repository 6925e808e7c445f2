import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";
import { bundlesFor } from "~/i18n/i18n.server";
import { useNamespace } from "~/i18n/i18n-client";
import { outboxEnabled, readOutboxMessage } from "~/mail/outbox.server";
import { pageMeta } from "~/utils/meta";
import type { Route } from "./+types/dev-mail-message";

export function loader({ params, context }: Route.LoaderArgs) {
  if (!outboxEnabled(context.env, context.clientIp)) throw data("Not found", { status: 404 });
  const message = readOutboxMessage(context.env.DATA_DIR, params.id);
  if (!message) throw data("Not found", { status: 404 });
  const links = [...new Set(message.text.match(/https?:\/\/[^\s<>"]+/g) ?? [])];
  return {
    translations: bundlesFor(context.lang, ["mail"]),
    meta: { title: message.subject },
    message,
    links,
  };
}

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, args.loaderData?.meta),
  { name: "robots", content: "noindex" },
];

export default function DevMailMessagePage({ loaderData }: Route.ComponentProps) {
  const { t } = useNamespace("mail", loaderData.translations.mail);
  const { message, links } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-10">
      <Link
        to="/dev/mail"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700"
      >
        <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden />
        {t("devMail.back")}
      </Link>
      <h1 className="mt-4 text-xl font-bold" dir="auto">
        {message.subject}
      </h1>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">{t("devMail.to")}</dt>
        <dd dir="ltr" className="text-start">
          {message.to}
        </dd>
        <dt className="text-muted">{t("devMail.date")}</dt>
        <dd dir="ltr" className="text-start">
          {message.date}
        </dd>
      </dl>
      {links.length > 0 ? (
        <section className="mt-6 rounded-2xl bg-white p-4 ring-1 ring-line">
          <h2 className="text-sm font-semibold">{t("devMail.links")}</h2>
          <ul className="mt-2 space-y-1 text-sm">
            {links.map((href) => (
              <li key={href} dir="ltr" className="break-all text-start">
                <a href={href} className="text-brand-700 underline" data-testid="mail-link">
                  {href}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <iframe
        title={message.subject}
        sandbox=""
        srcDoc={message.html}
        className="mt-6 h-[560px] w-full rounded-2xl bg-white ring-1 ring-line"
      />
      <details className="mt-4 rounded-2xl bg-white p-4 ring-1 ring-line">
        <summary className="cursor-pointer text-sm font-semibold">{t("devMail.plainText")}</summary>
        <pre className="mt-3 whitespace-pre-wrap text-sm" dir="auto">
          {message.text}
        </pre>
      </details>
    </main>
  );
}
