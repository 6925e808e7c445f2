import { CheckCircle2 } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { EmailField, Field, FormAlert, PasswordField } from "~/components/ui/field";
import { useTranslation } from "~/i18n/react";
import type { FormFailure } from "~/utils/action-error.server";
import { NewPasswordFields } from "./new-password-fields";

interface AuthFormProps {
  /** Where to go once signed in (kept through a failed attempt). */
  redirectTo: string;
  failure?: FormFailure;
  busy: boolean;
}

/** A sign-in or sign-up form: its intent, where to go afterwards, and the failure above it. */
function AuthForm({
  intent,
  redirectTo,
  failure,
  children,
}: {
  intent: "signin" | "signup";
  redirectTo: string;
  failure?: FormFailure;
  children: ReactNode;
}) {
  return (
    <Form method="post" className="space-y-4" noValidate data-testid={`${intent}-form`}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {failure?.formError ? <FormAlert>{failure.formError}</FormAlert> : null}
      {children}
    </Form>
  );
}

/** Email and password, and the way to a forgotten one. */
export function SignInForm({ redirectTo, failure, busy }: AuthFormProps) {
  const { t } = useTranslation("auth");
  return (
    <AuthForm intent="signin" redirectTo={redirectTo} failure={failure}>
      <EmailField
        name="email"
        label={t("fields.email")}
        placeholder={t("placeholders.email")}
        defaultValue={failure?.values?.email}
        error={failure?.fieldErrors?.email}
      />
      <PasswordField
        name="password"
        autoComplete="current-password"
        label={t("fields.password")}
        error={failure?.fieldErrors?.password}
      />
      <div className="flex justify-end">
        <Link to="/forgot-password" className="text-sm font-medium text-brand-700 hover:underline">
          {t("signIn.forgot")}
        </Link>
      </div>
      <button type="submit" className={`${buttonStyles.primary} w-full`} disabled={busy}>
        {busy ? t("signIn.submitting") : t("signIn.submit")}
      </button>
    </AuthForm>
  );
}

/** Name, email and password, under the terms. */
export function SignUpForm({ redirectTo, failure, busy }: AuthFormProps) {
  const { t } = useTranslation("auth");
  return (
    <AuthForm intent="signup" redirectTo={redirectTo} failure={failure}>
      <Field
        name="fullName"
        dir="auto"
        autoComplete="name"
        label={t("fields.fullName")}
        placeholder={t("placeholders.fullName")}
        defaultValue={failure?.values?.fullName}
        error={failure?.fieldErrors?.fullName}
        maxLength={100}
        required
      />
      <EmailField
        name="email"
        label={t("fields.email")}
        placeholder={t("placeholders.email")}
        defaultValue={failure?.values?.email}
        error={failure?.fieldErrors?.email}
      />
      <PasswordField
        name="password"
        autoComplete="new-password"
        label={t("fields.password")}
        hint={t("passwordHint")}
        error={failure?.fieldErrors?.password}
        minLength={8}
      />
      <p className="text-xs text-muted">
        {t("signUp.terms")}{" "}
        <Link to="/terms-conditions" className="font-medium text-brand-700 underline">
          {t("signUp.termsLink")}
        </Link>
      </p>
      <button type="submit" className={`${buttonStyles.primary} w-full`} disabled={busy}>
        {busy ? t("signUp.submitting") : t("signUp.submit")}
      </button>
    </AuthForm>
  );
}

/** A new password, from the link in the reset mail (its token). */
export function RecoveryForm({
  token,
  failure,
  busy,
}: {
  token: string;
  failure?: FormFailure;
  busy: boolean;
}) {
  const { t } = useTranslation("auth");
  return (
    <Form method="post" className="space-y-4" noValidate data-testid="recovery-form">
      <input type="hidden" name="intent" value="recovery" />
      <input type="hidden" name="token" value={failure?.values?.token ?? token} />
      {failure?.formError || failure?.fieldErrors?.token ? (
        <FormAlert>
          {failure.formError ?? failure.fieldErrors?.token}{" "}
          <Link to="/forgot-password" className="font-semibold underline">
            {t("forgot.submit")}
          </Link>
        </FormAlert>
      ) : null}
      <NewPasswordFields
        label={t("fields.newPassword")}
        hint={t("passwordHint")}
        confirmLabel={t("fields.confirmPassword")}
        errors={failure?.fieldErrors}
      />
      <button type="submit" className={`${buttonStyles.primary} w-full`} disabled={busy}>
        <CheckCircle2 className="size-4" aria-hidden />
        {busy ? t("recovery.submitting") : t("recovery.submit")}
      </button>
      <p className="text-center">
        <Link to="/auth" className="text-sm font-medium text-brand-700 hover:underline">
          {t("recovery.backToLogin")}
        </Link>
      </p>
    </Form>
  );
}

/** Sign in | Sign up, keeping where to go afterwards. */
export function AuthTabs({ mode, redirectTo }: { mode: "signin" | "signup"; redirectTo: string }) {
  const { t } = useTranslation("auth");
  const tabHref = (tab: "signin" | "signup") => {
    const params = new URLSearchParams();
    if (tab === "signup") params.set("tab", "signup");
    if (redirectTo) params.set("redirectTo", redirectTo);
    const query = params.toString();
    return query ? `/auth?${query}` : "/auth";
  };

  return (
    <nav className="mb-6 grid grid-cols-2 rounded-xl bg-slate-100 p-1" aria-label={t("welcome")}>
      {(["signin", "signup"] as const).map((tab) => (
        <Link
          key={tab}
          to={tabHref(tab)}
          replace
          preventScrollReset
          aria-current={mode === tab ? "page" : undefined}
          data-testid={`tab-${tab}`}
          className={`rounded-lg px-3 py-2 text-center text-sm font-semibold transition ${
            mode === tab ? "bg-white text-ink shadow-sm" : "text-slate-700 hover:text-ink"
          }`}
        >
          {t(tab === "signin" ? "tabs.signIn" : "tabs.signUp")}
        </Link>
      ))}
    </nav>
  );
}

/** "Didn't get the confirmation email?": the address to send it to again (intent resend). */
export function ResendConfirmationPanel({
  failure,
  resent,
  busy,
}: {
  failure?: FormFailure;
  resent: boolean;
  busy: boolean;
}) {
  const { t } = useTranslation("auth");
  return (
    <details
      className="mt-6 rounded-2xl bg-white p-5 text-sm shadow-sm ring-1 ring-line"
      open={Boolean(failure) || resent}
    >
      <summary className="cursor-pointer font-medium text-brand-700">
        {t("confirm.resendTitle")}
      </summary>
      <p className="mt-2 text-muted">{t("confirm.resendBody")}</p>
      <Form method="post" className="mt-4 space-y-3" noValidate>
        <input type="hidden" name="intent" value="resend" />
        {resent ? (
          <FormAlert tone="success" title={t("confirm.resentTitle")}>
            {t("confirm.resentBody")}
          </FormAlert>
        ) : null}
        {failure?.formError ? <FormAlert>{failure.formError}</FormAlert> : null}
        <EmailField
          name="email"
          id="resend-email"
          label={t("fields.email")}
          defaultValue={failure?.values?.email}
          error={failure?.fieldErrors?.email}
        />
        <button type="submit" className={buttonStyles.secondary} disabled={busy}>
          {t("confirm.resend")}
        </button>
      </Form>
    </details>
  );
}
