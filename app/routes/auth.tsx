import { type ReactNode, Suspense, useEffect } from "react";
import { data, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { AuthTabs, authHref } from "~/components/accounts/auth-tabs";
import { Card } from "~/components/ui/card";
import { FormAlert } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { onDemand } from "~/components/ui/on-demand";
import { toast } from "~/components/ui/toast";
import {
  noFieldsSchema,
  phoneSignInCodeSchema,
  phoneSignInRequestSchema,
  phoneSignUpNameSchema,
  phoneSignUpRequestSchema,
  resendConfirmationSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from "~/domain/accounts/accounts-schemas";
import { resendConfirmation } from "~/domain/accounts/confirm-email.server";
import { resetPassword } from "~/domain/accounts/password-reset.server";
import { formatPhoneForDisplay } from "~/domain/accounts/phone";
import {
  completePhoneSignUp,
  confirmSignInCode,
  openPhoneSession,
  requestSignInCode,
  type SignInOutcome,
  signInStep,
} from "~/domain/accounts/phone-sign-in.server";
import { getMember, safeRedirect } from "~/domain/accounts/session.server";
import { signIn } from "~/domain/accounts/sign-in.server";
import { signUp } from "~/domain/accounts/sign-up.server";
import { buyerNetwork } from "~/domain/sellers/buyer-network.server";
import { bundlesFor, serverT } from "~/i18n/i18n.server";
import { useNamespace } from "~/i18n/react";
import { AppError } from "~/utils/app-error";
import { failedForm, invalidForm, parseForm, withActionHeaders } from "~/utils/form.server";
import { readFormData } from "~/utils/form-data.server";
import { replyFor } from "~/utils/form-reply";
import { noindexPageMeta } from "~/utils/meta";
import {
  pendingPhoneSignInCookie,
  readPendingPhoneSignIn,
} from "~/utils/phone-sign-in-cookie.server";
import type { RouteHandle } from "~/utils/route-handle";
import type { Route } from "./+types/auth";

export const handle: RouteHandle = { personal: true, writes: "own" };

type Mode = "signin" | "signup" | "recovery" | "phone" | "phone-signup";

// The forms (and Conform) are fetched after the page is interactive; the server draws them in
// place, and until their code arrives they are plain forms the action answers.
const forms = () => import("~/components/accounts/auth-forms");
const SignInForm = onDemand(() => forms().then((m) => m.SignInForm), { prefetch: true });
const SignUpForm = onDemand(() => forms().then((m) => m.SignUpForm), { prefetch: true });
const RecoveryForm = onDemand(() => forms().then((m) => m.RecoveryForm), { prefetch: true });
const ResendConfirmationPanel = onDemand(() => forms().then((m) => m.ResendConfirmationPanel), {
  prefetch: true,
});
const phoneForms = () => import("~/components/accounts/phone-auth-forms");
const PhoneSignIn = onDemand(() => phoneForms().then((m) => m.PhoneSignIn), { prefetch: true });

/** Which step of signing in by phone this browser is at (decision 037), from its signed cookie. */
async function phoneStep(context: Route.LoaderArgs["context"], request: Request, mode: Mode) {
  if (mode !== "phone" && mode !== "phone-signup") return null;
  const pending = readPendingPhoneSignIn(context.links, request.headers.get("cookie"));
  const found = pending ? await signInStep({ db: context.db, codeId: pending.codeId }) : null;
  const t = serverT(context.lang);
  if (!found || found.step === "dead")
    return {
      step: "number" as const,
      number: null,
      // The code died while its form was open: say so above the number's form.
      notice: found ? t("errors.PHONE_CODE_EXPIRED") : null,
      initial: found?.phone ?? "",
    };
  return {
    step: found.step,
    number: formatPhoneForDisplay(found.phone),
    notice: null,
    initial: found.phone,
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const recovery = url.searchParams.get("type") === "recovery";
  const member = await getMember({ auth: context.auth, db: context.db, request });
  if (member && !recovery) throw redirect(safeRedirect(url.searchParams.get("redirectTo")));
  const tab = url.searchParams.get("tab");
  const mode: Mode = recovery
    ? "recovery"
    : tab === "signup" || tab === "phone" || tab === "phone-signup"
      ? tab
      : "signin";
  const t = serverT(context.lang, "auth");
  return {
    translations: bundlesFor(context.lang, ["auth"]),
    mode,
    phone: await phoneStep(context, request, mode),
    token: recovery ? (url.searchParams.get("token") ?? "") : "",
    redirectTo: safeRedirect(url.searchParams.get("redirectTo"), ""),
    fromReset: url.searchParams.get("fromReset") === "true",
    authRequired: url.searchParams.get("reason") === "auth",
    meta: {
      title: t(
        mode === "recovery"
          ? "meta.recovery"
          : mode === "signup" || mode === "phone-signup"
            ? "meta.signUp"
            : "meta.signIn",
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

  if (intent.startsWith("phone-")) return phoneAction({ request, context }, form, intent);

  throw data(null, { status: 400 });
}

/**
 * Signing in and up by phone (decision 037): the number (with a name, from the sign-up form), the
 * code, and for a new number its name. Which code this browser waits on lives in a signed cookie.
 */
async function phoneAction(
  { request, context }: Pick<Route.ActionArgs, "request" | "context">,
  form: FormData,
  intent: string,
) {
  const { db, auth, lang, links, env, clientIp: ip } = context;
  const redirectTo = safeRedirect(form.get("redirectTo"), "");
  const secure = env.PUBLIC_URL.startsWith("https:");
  const pending = readPendingPhoneSignIn(links, request.headers.get("cookie"));
  const settings = {
    countries: env.SMS_COUNTRIES,
    perCountryPerHour: env.SMS_PER_COUNTRY_PER_HOUR,
  };
  const network = buyerNetwork(ip, links) ?? "none";
  // The steps stay under the tab they began in (Sign In or Sign Up).
  const signUpTab = new URL(request.url).searchParams.get("tab") === "phone-signup";
  const phonePage = authHref(signUpTab ? "phone-signup" : "phone", redirectTo);

  // A code to the number (again): the same answer whether or not it has an account.
  const send = async (phone: string, name: string | undefined) => {
    const sent = await requestSignInCode({
      db,
      jobs: context.jobs,
      phone,
      lang,
      network,
      settings,
    });
    return redirect(phonePage, {
      headers: {
        "Set-Cookie": pendingPhoneSignInCookie(links, { codeId: sent.id, name }, secure),
      },
    });
  };
  // Signed in (or a new account made): the session, and the pending cookie cleared.
  const signedIn = async (outcome: SignInOutcome) => {
    if (outcome.outcome === "needs-name") return redirect(phonePage);
    const cookies = await openPhoneSession({
      db,
      auth,
      memberId: outcome.memberId,
      headers: request.headers,
    });
    cookies.push(pendingPhoneSignInCookie(links, null, secure));
    const to = safeRedirect(redirectTo);
    if (outcome.outcome === "created")
      return context.flash.redirect(to, "phone-signed-up", cookies);
    const headers = new Headers();
    for (const cookie of cookies) headers.append("Set-Cookie", cookie);
    return redirect(to, { headers });
  };
  const newAccount = { lang, ip, maxPerIp: env.SIGN_UPS_PER_IP_PER_HOUR };

  if (intent === "phone-send") {
    const submission = parseForm(lang, form, phoneSignInRequestSchema);
    if (submission.status !== "success") return invalidForm(submission);
    try {
      return await send(submission.value.phone, undefined);
    } catch (error) {
      return failedForm(lang, submission, error);
    }
  }

  if (intent === "phone-signup-send") {
    const submission = parseForm(lang, form, phoneSignUpRequestSchema);
    if (submission.status !== "success") return invalidForm(submission);
    try {
      return await send(submission.value.phone, submission.value.fullName);
    } catch (error) {
      return failedForm(lang, submission, error);
    }
  }

  if (intent === "phone-resend") {
    const submission = parseForm(lang, form, noFieldsSchema);
    try {
      const step = pending ? await signInStep({ db, codeId: pending.codeId }) : null;
      if (!step) throw new AppError("PHONE_CODE_EXPIRED");
      return await send(step.phone, pending?.name);
    } catch (error) {
      return failedForm(lang, submission, error);
    }
  }

  if (intent === "phone-confirm") {
    const submission = parseForm(lang, form, phoneSignInCodeSchema);
    if (submission.status !== "success") return invalidForm(submission);
    try {
      if (!pending) throw new AppError("PHONE_CODE_EXPIRED", { field: "code" });
      const outcome = await confirmSignInCode({
        db,
        codeId: pending.codeId,
        code: submission.value.code,
        name: pending.name,
        ...newAccount,
      });
      return await signedIn(outcome);
    } catch (error) {
      return failedForm(lang, submission, error);
    }
  }

  if (intent === "phone-name") {
    const submission = parseForm(lang, form, phoneSignUpNameSchema);
    if (submission.status !== "success") return invalidForm(submission);
    try {
      if (!pending) throw new AppError("PHONE_SIGN_UP_EXPIRED");
      const outcome = await completePhoneSignUp({
        db,
        codeId: pending.codeId,
        name: submission.value.fullName,
        ...newAccount,
      });
      return await signedIn(outcome);
    } catch (error) {
      return failedForm(lang, submission, error);
    }
  }

  if (intent === "phone-restart") {
    return redirect(phonePage, {
      headers: { "Set-Cookie": pendingPhoneSignInCookie(links, null, secure) },
    });
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
          ) : mode === "phone" || mode === "phone-signup" ? (
            <>
              <AuthTabs mode={mode} redirectTo={redirectTo} />
              {loaderData.phone ? (
                <PhoneSignIn
                  signUp={mode === "phone-signup"}
                  view={loaderData.phone}
                  redirectTo={redirectTo}
                  actionData={actionData}
                  busyIntent={busyIntent.startsWith("phone-") ? busyIntent : ""}
                />
              ) : null}
              <OtherWay to={authHref(mode === "phone" ? "signin" : "signup", redirectTo)}>
                {t("phone.useEmail")}
              </OtherWay>
            </>
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
              <OtherWay to={authHref(mode === "signin" ? "phone" : "phone-signup", redirectTo)}>
                {mode === "signin" ? t("phone.useIt") : t("phone.signUpWithIt")}
              </OtherWay>
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

/** The other way in (a phone number, or e-mail and password), under the form: a plain link. */
function OtherWay({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p className="mt-6 border-t border-line pt-5 text-center">
      <Link
        to={to}
        replace
        preventScrollReset
        className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:underline"
        data-testid="auth-other-way"
      >
        {children}
      </Link>
    </p>
  );
}
