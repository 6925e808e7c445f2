import { Suspense, useEffect } from "react";
import { Link, useNavigate, useNavigation } from "react-router";
import { Card } from "~/components/ui/card";
import { FormAlert } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { onDemand } from "~/components/ui/on-demand";
import { toast } from "~/components/ui/toast";
import { forgotPasswordSchema } from "~/domain/accounts/accounts-schemas";
import { requestPasswordReset } from "~/domain/accounts/password-reset.server";
import { bundlesFor, serverT } from "~/i18n/i18n.server";
import { useNamespace } from "~/i18n/react";
import { failedForm, invalidForm, parseForm, withActionHeaders } from "~/utils/form.server";
import { readFormData } from "~/utils/form-data.server";
import { noindexPageMeta } from "~/utils/meta";
import type { RouteHandle } from "~/utils/route-handle";
import type { Route } from "./+types/forgot-password";

export const handle: RouteHandle = { personal: true, writes: "own" };

// The form (and Conform) is fetched after the page is drawn; the server draws it in place.
const ForgotPasswordForm = onDemand(
  () => import("~/components/accounts/forgot-password-form").then((m) => m.ForgotPasswordForm),
  { prefetch: true },
);

export function loader({ context }: Route.LoaderArgs) {
  const t = serverT(context.lang, "auth");
  return {
    translations: bundlesFor(context.lang, ["auth"]),
    meta: { title: t("meta.forgot"), description: t("forgot.body") },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request, context.lang);
  const submission = parseForm(context.lang, form, forgotPasswordSchema);
  if (submission.status !== "success") return invalidForm(submission);
  try {
    await requestPasswordReset({
      db: context.db,
      auth: context.auth,
      email: submission.value.email,
      ip: context.clientIp,
    });
    return submission.reply();
  } catch (error) {
    return failedForm(context.lang, submission, error);
  }
}

export const headers: Route.HeadersFunction = withActionHeaders;

export const meta: Route.MetaFunction = noindexPageMeta;

const REDIRECT_AFTER_MS = 2000;

export default function ForgotPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useNamespace("auth", loaderData.translations.auth);
  const navigate = useNavigate();
  const busy = useNavigation().state !== "idle";
  const sent = actionData?.status === "success";

  useEffect(() => {
    if (!sent) return;
    toast.success(t("forgot.sentTitle"), { description: t("forgot.sentBody") });
    const timer = setTimeout(() => navigate("/auth"), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [sent, navigate, t]);

  return (
    <main id="main" className="mx-auto max-w-md px-4 py-10 sm:py-16">
      <Card className="p-6">
        <span className="inline-flex rounded-2xl bg-brand-100 p-3 text-brand-700">
          <Icon name="mail-check" className="size-6" aria-hidden />
        </span>
        <h1 className="mt-4 text-2xl font-bold">{t("forgot.title")}</h1>
        <p className="mt-2 text-sm text-muted">{t("forgot.body")}</p>
        {sent ? (
          <div className="mt-6">
            <FormAlert tone="success" title={t("forgot.sentTitle")}>
              {t("forgot.sentBody")}
            </FormAlert>
          </div>
        ) : (
          <Suspense>
            <ForgotPasswordForm lastResult={actionData} busy={busy} />
          </Suspense>
        )}
        <p className="mt-6 text-center">
          <Link to="/auth" className="text-sm font-medium text-brand-700 hover:underline">
            {t("forgot.backToLogin")}
          </Link>
        </p>
      </Card>
    </main>
  );
}
