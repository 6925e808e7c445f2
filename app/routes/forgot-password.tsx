import { MailCheck } from "lucide-react";
import { useEffect } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { EmailField, FormAlert } from "~/components/ui/field";
import { toast } from "~/components/ui/toast";
import { forgotPasswordSchema } from "~/domain/accounts/accounts-schemas";
import { requestPasswordReset } from "~/domain/accounts/password-reset.server";
import { bundlesFor, serverT } from "~/i18n/i18n.server";
import { useNamespace } from "~/i18n/react";
import {
  type FormFailure,
  failedAction,
  formValues,
  invalidForm,
  withActionHeaders,
} from "~/utils/action-error.server";
import { readFormData } from "~/utils/form-data.server";
import { pageMeta } from "~/utils/meta";
import type { Route } from "./+types/forgot-password";

export function loader({ context }: Route.LoaderArgs) {
  const t = serverT(context.lang, "auth");
  return {
    translations: bundlesFor(context.lang, ["auth"]),
    meta: { title: t("meta.forgot"), description: t("forgot.body") },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await readFormData(request, context.lang), ["email"]);
  const parsed = forgotPasswordSchema.safeParse(values);
  if (!parsed.success) return invalidForm(context.lang, parsed.error, values);
  try {
    await requestPasswordReset({
      db: context.db,
      auth: context.auth,
      email: parsed.data.email,
      ip: context.clientIp,
    });
    return { ok: true as const };
  } catch (error) {
    return failedAction(context.lang, error, values);
  }
}

export const headers: Route.HeadersFunction = withActionHeaders;

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, args.loaderData?.meta),
  { name: "robots", content: "noindex" },
];

const REDIRECT_AFTER_MS = 2000;

export default function ForgotPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useNamespace("auth", loaderData.translations.auth);
  const navigate = useNavigate();
  const busy = useNavigation().state !== "idle";
  const sent = actionData?.ok === true;
  const failure = actionData && !actionData.ok ? (actionData as FormFailure) : undefined;

  useEffect(() => {
    if (!sent) return;
    toast.success(t("forgot.sentTitle"), { description: t("forgot.sentBody") });
    const timer = setTimeout(() => navigate("/auth"), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [sent, navigate, t]);

  return (
    <main id="main" className="mx-auto max-w-md px-4 py-10 sm:py-16">
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line">
        <span className="inline-flex rounded-2xl bg-brand-100 p-3 text-brand-700">
          <MailCheck className="size-6" aria-hidden />
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
          <Form method="post" className="mt-6 space-y-4" noValidate data-testid="forgot-form">
            {failure?.formError ? <FormAlert>{failure.formError}</FormAlert> : null}
            <EmailField
              name="email"
              label={t("fields.email")}
              placeholder={t("placeholders.email")}
              defaultValue={failure?.values?.email}
              error={failure?.fieldErrors?.email}
            />
            <button type="submit" className={`${buttonStyles.primary} w-full`} disabled={busy}>
              {busy ? t("forgot.submitting") : t("forgot.submit")}
            </button>
          </Form>
        )}
        <p className="mt-6 text-center">
          <Link to="/auth" className="text-sm font-medium text-brand-700 hover:underline">
            {t("forgot.backToLogin")}
          </Link>
        </p>
      </div>
    </main>
  );
}
