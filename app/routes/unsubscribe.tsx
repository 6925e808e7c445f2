import { Form, Link, useNavigation } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { cardStyles } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { readUnsubscribeLink, unsubscribe } from "~/domain/notifications/unsubscribe.server";
import { bundlesFor, serverT } from "~/i18n/i18n.server";
import { useNamespace } from "~/i18n/react";
import { isAppError } from "~/utils/app-error";
import { noindexPageMeta } from "~/utils/meta";
import type { RouteHandle } from "~/utils/route-handle";
import type { Route } from "./+types/unsubscribe";

export const handle: RouteHandle = { personal: true, writes: "own" };

/*
 * A notification e-mail's unsubscribe link (app/domain/notifications/unsubscribe.server.ts). The
 * link's signature stands for the member: no sign-in. Opening it asks (link scanners open links
 * too); a mail client's one-click unsubscribe (RFC 8058) POSTs to the same address and is done at
 * once, as is the page's button.
 */

function linkOf(request: Request) {
  const params = new URL(request.url).searchParams;
  return { u: params.get("u"), kind: params.get("kind"), token: params.get("token") };
}

function texts(lang: Route.LoaderArgs["context"]["lang"]) {
  const t = serverT(lang, "account");
  return {
    translations: bundlesFor(lang, ["account"], { account: ["unsubscribe"] }),
    meta: { title: t("meta.unsubscribe"), description: t("meta.unsubscribeDescription") },
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang, links } = context;
  const target = readUnsubscribeLink(links, linkOf(request));
  return {
    ...texts(lang),
    state: target ? ("ask" as const) : ("invalid" as const),
    kind: target?.kind ?? null,
    error: target ? null : serverT(lang)("errors.INVALID_UNSUBSCRIBE_LINK"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, lang, links } = context;
  try {
    const { kind } = await unsubscribe(db, links, linkOf(request));
    return { ...texts(lang), state: "done" as const, kind, error: null };
  } catch (error) {
    if (!isAppError(error)) throw error;
    return {
      ...texts(lang),
      state: "invalid" as const,
      kind: null,
      error: serverT(lang)("errors.INVALID_UNSUBSCRIBE_LINK"),
    };
  }
}

export const meta: Route.MetaFunction = noindexPageMeta;

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useNamespace("account", loaderData.translations.account);
  const busy = useNavigation().state === "submitting";
  const page = actionData ?? loaderData;
  const kind = page.kind ? t(`unsubscribe.kinds.${page.kind}`) : "";
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-12 text-center sm:py-20">
      <div className={`${cardStyles} p-8`} data-testid="unsubscribe-page" data-state={page.state}>
        {page.state === "invalid" ? (
          <>
            <Icon
              name="triangle-exclamation-point"
              className="mx-auto size-12 text-amber-500"
              aria-hidden
            />
            <h1 className="mt-4 text-2xl font-bold">{t("unsubscribe.failedTitle")}</h1>
            <p className="mt-2 text-muted">{page.error}</p>
          </>
        ) : (
          <>
            <Icon name="bell-off" className="mx-auto size-12 text-brand-600" aria-hidden />
            <h1 className="mt-4 text-2xl font-bold">
              {page.state === "done" ? t("unsubscribe.doneTitle") : t("unsubscribe.title")}
            </h1>
            <p className="mt-2 text-muted">
              {page.state === "done"
                ? t("unsubscribe.doneBody", { kind })
                : t("unsubscribe.body", { kind })}
            </p>
            {page.state === "ask" ? (
              <Form method="post" className="mt-6">
                <button
                  type="submit"
                  className={buttonStyles.primary}
                  disabled={busy}
                  data-testid="unsubscribe-submit"
                >
                  <Icon name="bell-off" className="size-4" aria-hidden />
                  {t("unsubscribe.button")}
                </button>
              </Form>
            ) : null}
          </>
        )}
        <Link to="/settings" className={`${buttonStyles.secondary} mt-6`}>
          {t("unsubscribe.settings")}
        </Link>
      </div>
    </main>
  );
}
