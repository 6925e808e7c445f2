import { Suspense, useEffect } from "react";
import { data, redirect, useNavigation, useSearchParams } from "react-router";
import { AuthTabs } from "~/components/accounts/auth-tabs";
import { Card } from "~/components/ui/card";
import { FormAlert } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { onDemand } from "~/components/ui/on-demand";
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
import { failedForm, invalidForm, parseForm, withActionHeaders } from "~/utils/form.server";
import { readFormData } from "~/utils/form-data.server";
import { replyFor } from "~/utils/form-reply";
import { noindexPageMeta } from "~/utils/meta";
import type { RouteHandle } from "~/utils/route-handle";
import type { Route } from "./+types/auth";

export const handle: RouteHandle = { personal: true, writes: "own" };

type Mode = "signin" | "signup" | "recovery";

// The forms (and Conform) are fetched after the page is interactive; the server draws them in
// place, and until their code arrives they are plain forms the action answers.
const forms = () => import("~/components/accounts/auth-forms");
const SignInForm = onDemand(() => forms().then((m) => m.SignInForm), { prefetch: true });
const SignUpForm = onDemand(() => forms().then((m) => m.SignUpForm), { prefetch: true });
const RecoveryForm = onDemand(() => forms().then((m) => m.RecoveryForm), { prefetch: true });
const ResendConfirmationPanel = onDemand(() => forms().then((m) => m.ResendConfirmationPanel), {
  prefetch: true,
});

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
    const submission = parseForm(lang, form, signInSchema);
    if (submission.status !== "success") return invalidForm(submission);
    try {
      const cookies = await signIn({
        db,
        auth,
        input: submission.value,
        ip,
        headers: request.headers,
      });
      return redirect(redirectTo, { headers: setCookies(cookies) });
    } catch (error) {
      return failedForm(lang, submission, error);
    }
  }

  if (intent === "signup") {
    const submission = parseForm(lang, form, signUpSchema);
    if (submission.status !== "success") return invalidForm(submission);
    try {
      const cookies = await signUp({
        db,
        auth,
        jobs: context.jobs,
        links: { publicUrl: context.env.PUBLIC_URL, supportEmail: context.env.SUPPORT_EMAIL },
        logger: context.logger,
        input: submission.value,
        lang,
        ip,
        maxPerIp: context.env.SIGN_UPS_PER_IP_PER_HOUR,
      });
      return context.flash.redirect(redirectTo, "signed-up", cookies);
    } catch (error) {
      return failedForm(lang, submission, error);
    }
  }

  if (intent === "recovery") {
    const submission = parseForm(lang, form, resetPasswordSchema);
    if (submission.status !== "success") return invalidForm(submission);
    try {
      await resetPassword({
        auth,
        token: submission.value.token,
        password: submission.value.password,
      });
      return redirect("/auth?fromReset=true");
    } catch (error) {
      return failedForm(lang, submission, error);
    }
  }

  if (intent === "resend") {
    const submission = parseForm(lang, form, resendConfirmationSchema);
    if (submission.status !== "success") return invalidForm(submission);
    try {
      await resendConfirmation({ db, auth, email: submission.value.email, ip });
      return submission.reply();
    } catch (error) {
      return failedForm(lang, submission, error);
    }
  }

  throw data(null, { status: 400 });
}

function setCookies(cookies: string[]) {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return headers;
}

export const headers: Route.HeadersFunction = withActionHeaders;

export const meta: Route.MetaFunction = noindexPageMeta;

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useNamespace("auth", loaderData.translations.auth);
  const [searchParams, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  const busyIntent =
    navigation.state !== "idle" ? String(navigation.formData?.get("intent") ?? "") : "";
  const resent = replyFor(actionData, "resend")?.status === "success";
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

  const errorsFor = (intent: string) => replyFor(actionData, intent);

  return (
    <main id="main" className="mx-auto flex max-w-md flex-col px-4 py-10 sm:py-16">
      <div className="mb-6 text-center">
        <span className="inline-flex rounded-2xl bg-brand-100 p-3 text-brand-700">
          <Icon name="lock-keyhole" className="size-6" aria-hidden />
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

      <Card className="mt-4 p-6">
        <Suspense>
          {mode === "recovery" ? (
            <RecoveryForm
              token={loaderData.token}
              lastResult={errorsFor("recovery")}
              busy={busyIntent === "recovery"}
            />
          ) : (
            <>
              <AuthTabs mode={mode} redirectTo={redirectTo} />
              {mode === "signin" ? (
                <SignInForm
                  redirectTo={redirectTo}
                  lastResult={errorsFor("signin")}
                  busy={busyIntent === "signin"}
                />
              ) : (
                <SignUpForm
                  redirectTo={redirectTo}
                  lastResult={errorsFor("signup")}
                  busy={busyIntent === "signup"}
                />
              )}
            </>
          )}
        </Suspense>
      </Card>

      {mode === "signin" ? (
        <Suspense>
          <ResendConfirmationPanel
            lastResult={errorsFor("resend")}
            resent={resent}
            busy={busyIntent === "resend"}
          />
        </Suspense>
      ) : null}
    </main>
  );
}
