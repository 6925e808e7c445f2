import { Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { confirmEmail } from "~/domain/accounts/confirm-email.server";
import { bundlesFor, serverT } from "~/i18n/i18n.server";
import { useNamespace } from "~/i18n/react";
import { isAppError } from "~/utils/app-error";
import { noindexPageMeta } from "~/utils/meta";
import type { RouteHandle } from "~/utils/route-handle";
import type { Route } from "./+types/auth-confirm";

export const handle: RouteHandle = { personal: true, writes: "own" };

/** The link in the confirmation e-mail lands here (GET is fine: confirming is idempotent). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const t = serverT(context.lang, "auth");
  const base = {
    translations: bundlesFor(context.lang, ["auth"]),
    meta: { title: t("meta.confirm"), description: t("meta.description") },
  };
  try {
    if (!token || token.length > 2048) throw new Error("missing token");
    await confirmEmail({ auth: context.auth, token });
    return { ...base, confirmed: true, error: null };
  } catch (error) {
    if (isAppError(error) || (error instanceof Error && error.message === "missing token")) {
      return {
        ...base,
        confirmed: false,
        error: serverT(context.lang)("errors.INVALID_CONFIRMATION_LINK"),
      };
    }
    throw error;
  }
}

export const meta: Route.MetaFunction = noindexPageMeta;

export default function ConfirmEmailPage({ loaderData }: Route.ComponentProps) {
  const { t } = useNamespace("auth", loaderData.translations.auth);
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-12 text-center sm:py-20">
      <Card className="p-8" testId="confirm-result">
        {loaderData.confirmed ? (
          <>
            <Icon name="badge-check" className="mx-auto size-12 text-brand-600" aria-hidden />
            <h1 className="mt-4 text-2xl font-bold">{t("confirm.successTitle")}</h1>
            <p className="mt-2 text-muted">{t("confirm.successBody")}</p>
            <Link to="/" className={`${buttonStyles.primary} mt-6`}>
              {t("confirm.continue")}
            </Link>
          </>
        ) : (
          <>
            <Icon
              name="triangle-exclamation-point"
              className="mx-auto size-12 text-amber-500"
              aria-hidden
            />
            <h1 className="mt-4 text-2xl font-bold">{t("confirm.failedTitle")}</h1>
            <p className="mt-2 text-muted">{loaderData.error}</p>
            <Link to="/auth" className={`${buttonStyles.primary} mt-6`}>
              {t("confirm.signIn")}
            </Link>
          </>
        )}
      </Card>
    </main>
  );
}
