import { LockKeyhole } from "lucide-react";
import { useEffect } from "react";
import { data, redirect, useNavigation, useSearchParams } from "react-router";
import {
  AuthTabs,
  RecoveryForm,
  ResendConfirmationPanel,
  SignInForm,
  SignUpForm,
} from "~/components/accounts/auth-forms";
import { FormAlert } from "~/components/ui/field";
import { toast } from "~/components/ui/toast";
import {
  resendConfirmationSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from "~/domain/accounts/accounts-schemas";
import { resendConfirmation } from "~/domain/accounts/confirm-email.server";
import { resetPassword } from "~/domain/accounts/password-reset.server";
import { getMember, safeRedirect } from "~/domain/accounts/session.server";
import { signIn } from "~/domain/accounts/sign-in.server";
import { signUp } from "~/domain/accounts/sign-up.server";
import { bundlesFor, serverT } from "~/i18n/i18n.server";
import { useNamespace } from "~/i18n/react";
import {
  echoValues,
  type FormFailure,
  failedAction,
  formValues,
  invalidForm,
  withActionHeaders,
} from "~/utils/action-error.server";
import { flashCookie } from "~/utils/flash.server";
import { readFormData } from "~/utils/form-data.server";
import { pageMeta } from "~/utils/meta";
import type { Route } from "./+types/auth";

type Mode = "signin" | "signup" | "recovery";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const recovery = url.searchParams.get("type") === "recovery";
  const member = await getMember({ auth: context.auth, db: context.db, request });
  if (member && !recovery) throw redirect(safeRedirect(url.searchParams.get("redirectTo")));
  const mode: Mode = recovery
    ? "recovery"
    : url.searchParams.get("tab") === "signup"
      ? "signup"
      : "signin";
  const t = serverT(context.lang, "auth");
  return {
    translations: bundlesFor(context.lang, ["auth"]),
    mode,
    token: recovery ? (url.searchParams.get("token") ?? "") : "",
    redirectTo: safeRedirect(url.searchParams.get("redirectTo"), ""),
    fromReset: url.searchParams.get("fromReset") === "true",
    authRequired: url.searchParams.get("reason") === "auth",
    meta: {
      title: t(
        mode === "recovery" ? "meta.recovery" : mode === "signup" ? "meta.signUp" : "meta.signIn",
      ),
      description: t("meta.description"),
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request, context.lang);
  const intent = String(form.get("intent") ?? "");
  const { db, auth, lang, clientIp: ip } = context;
  const redirectTo = safeRedirect(form.get("redirectTo"));

  if (intent === "signin") {
    const values = formValues(form, ["email", "password"]);
    if (!values.email.trim() && !values.password) {
      return data<FormFailure>(
        { ok: false, intent, formError: serverT(lang)("errors.missingCredentials"), values: {} },
        { status: 400 },
      );
    }
    const parsed = signInSchema.safeParse(values);
    if (!parsed.success) return invalidForm(lang, parsed.error, echoValues(values), intent);
    try {
      const cookies = await signIn({ db, auth, input: parsed.data, ip, headers: request.headers });
      return redirect(redirectTo, { headers: setCookies(cookies) });
    } catch (error) {
      return failedAction(lang, error, echoValues(values), intent);
    }
  }

  if (intent === "signup") {
    const values = formValues(form, ["fullName", "email", "password"]);
    const parsed = signUpSchema.safeParse(values);
    if (!parsed.success) return invalidForm(lang, parsed.error, echoValues(values), intent);
    try {
      const cookies = await signUp({
        db,
        auth,
        mailer: context.mailer,
        links: { publicUrl: context.env.PUBLIC_URL, supportEmail: context.env.SUPPORT_EMAIL },
        logger: context.logger,
        input: parsed.data,
        lang,
        ip,
        maxPerIp: context.env.SIGN_UPS_PER_IP_PER_HOUR,
      });
      const headers = setCookies(cookies);
      headers.append("Set-Cookie", flashCookie("signed-up"));
      return redirect(redirectTo, { headers });
    } catch (error) {
      return failedAction(lang, error, echoValues(values), intent);
    }
  }

  if (intent === "recovery") {
    const values = formValues(form, ["token", "password", "confirmPassword"]);
    const parsed = resetPasswordSchema.safeParse(values);
    if (!parsed.success) return invalidForm(lang, parsed.error, { token: values.token }, intent);
    try {
      await resetPassword({ auth, token: parsed.data.token, password: parsed.data.password });
      return redirect("/auth?fromReset=true");
    } catch (error) {
      return failedAction(lang, error, { token: values.token }, intent);
    }
  }

  if (intent === "resend") {
    const values = formValues(form, ["email"]);
    const parsed = resendConfirmationSchema.safeParse(values);
    if (!parsed.success) return invalidForm(lang, parsed.error, values, intent);
    try {
      await resendConfirmation({ db, auth, email: parsed.data.email, ip });
      return { ok: true as const, intent };
    } catch (error) {
      return failedAction(lang, error, values, intent);
    }
  }

  return data<FormFailure>(
    { ok: false, formError: serverT(lang)("errors.UNEXPECTED") },
    { status: 400 },
  );
}

function setCookies(cookies: string[]) {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return headers;
}

export const headers: Route.HeadersFunction = withActionHeaders;

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, args.loaderData?.meta),
  { name: "robots", content: "noindex" },
];

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useNamespace("auth", loaderData.translations.auth);
  const [searchParams, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  const busyIntent =
    navigation.state !== "idle" ? String(navigation.formData?.get("intent") ?? "") : "";
  const failure = actionData && !actionData.ok ? (actionData as FormFailure) : undefined;
  const resent = actionData?.ok === true && actionData.intent === "resend";
  const { mode, redirectTo } = loaderData;

  // The reset notice is shown once; the address loses ?fromReset so a reload does not repeat it.
  useEffect(() => {
    if (!loaderData.fromReset) return;
    toast.success(t("fromReset.title"), { description: t("fromReset.body") });
    const next = new URLSearchParams(searchParams);
    next.delete("fromReset");
    setSearchParams(next, { replace: true, preventScrollReset: true });
  }, [loaderData.fromReset, searchParams, setSearchParams, t]);

  useEffect(() => {
    if (loaderData.authRequired) {
      toast.warning(t("required.title"), { description: t("required.body"), id: "auth-required" });
    }
  }, [loaderData.authRequired, t]);

  const errorsFor = (intent: string) => (failure?.intent === intent ? failure : undefined);

  return (
    <main id="main" className="mx-auto flex max-w-md flex-col px-4 py-10 sm:py-16">
      <div className="mb-6 text-center">
        <span className="inline-flex rounded-2xl bg-brand-100 p-3 text-brand-700">
          <LockKeyhole className="size-6" aria-hidden />
        </span>
        <h1 className="mt-4 text-2xl font-bold">
          {mode === "recovery" ? t("recovery.title") : t("welcome")}
        </h1>
        <p className="mt-2 text-sm text-muted">
          {mode === "recovery" ? t("recovery.body") : t("welcomeBody")}
        </p>
      </div>

      <div className="space-y-4">
        {loaderData.fromReset ? (
          <FormAlert tone="success" title={t("fromReset.title")}>
            {t("fromReset.body")}
          </FormAlert>
        ) : null}
        {loaderData.authRequired && mode !== "recovery" ? (
          <FormAlert tone="info" title={t("required.title")}>
            {t("required.body")}
          </FormAlert>
        ) : null}
      </div>

      <div className="mt-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line">
        {mode === "recovery" ? (
          <RecoveryForm
            token={loaderData.token}
            failure={errorsFor("recovery")}
            busy={busyIntent === "recovery"}
          />
        ) : (
          <>
            <AuthTabs mode={mode} redirectTo={redirectTo} />
            {mode === "signin" ? (
              <SignInForm
                redirectTo={redirectTo}
                failure={errorsFor("signin")}
                busy={busyIntent === "signin"}
              />
            ) : (
              <SignUpForm
                redirectTo={redirectTo}
                failure={errorsFor("signup")}
                busy={busyIntent === "signup"}
              />
            )}
          </>
        )}
      </div>

      {mode === "signin" ? (
        <ResendConfirmationPanel
          failure={errorsFor("resend")}
          resent={resent}
          busy={busyIntent === "resend"}
        />
      ) : null}
    </main>
  );
}
