import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { cardStyles } from "~/components/ui/card";
import { EmailField, Field, FormAlert, PasswordField } from "~/components/ui/field";
import { fieldProps, useValidatedForm } from "~/components/ui/form";
import { Icon } from "~/components/ui/icon";
import { NAME_MAX } from "~/domain/accounts/accounts-limits";
import { useTranslation } from "~/i18n/react";
import type { FormReply } from "~/utils/form-reply";
import { NewPasswordFields } from "./new-password-fields";

const schemas = () => import("~/domain/accounts/accounts-schemas");
const signInSchema = () => schemas().then((m) => m.signInSchema);
const signUpSchema = () => schemas().then((m) => m.signUpSchema);
const resetPasswordSchema = () => schemas().then((m) => m.resetPasswordSchema);
const resendConfirmationSchema = () => schemas().then((m) => m.resendConfirmationSchema);

interface AuthFormProps {
  /** Where to go once signed in (kept through a failed attempt). */
  redirectTo: string;
  lastResult?: FormReply;
  busy: boolean;
}

/** Email and password, and the way to a forgotten one. */
export function SignInForm({ redirectTo, lastResult, busy }: AuthFormProps) {
  const { t } = useTranslation("auth");
  const { form, fields, formProps } = useValidatedForm({
    name: "sign-in",
    schema: signInSchema,
    lastResult,
  });
  return (
    <AuthForm intent="signin" redirectTo={redirectTo} formProps={formProps} errors={form.errors}>
      <EmailField
        {...fieldProps(fields.email)}
        label={t("fields.email")}
        placeholder={t("placeholders.email")}
      />
      <PasswordField
        {...fieldProps(fields.password)}
        autoComplete="current-password"
        label={t("fields.password")}
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
export function SignUpForm({ redirectTo, lastResult, busy }: AuthFormProps) {
  const { t } = useTranslation("auth");
  const { form, fields, formProps } = useValidatedForm({
    name: "sign-up",
    schema: signUpSchema,
    lastResult,
  });
  return (
    <AuthForm intent="signup" redirectTo={redirectTo} formProps={formProps} errors={form.errors}>
      <Field
        {...fieldProps(fields.fullName)}
        dir="auto"
        autoComplete="name"
        label={t("fields.fullName")}
        placeholder={t("placeholders.fullName")}
        maxLength={NAME_MAX}
        required
      />
      <EmailField
        {...fieldProps(fields.email)}
        label={t("fields.email")}
        placeholder={t("placeholders.email")}
      />
      <NewPasswordFields
        password={fields.password}
        label={t("fields.password")}
        hint={t("passwordHint")}
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

/** A sign-in or sign-up form: its intent, where to go afterwards, and the failure above it. */
function AuthForm({
  intent,
  redirectTo,
  formProps,
  errors,
  children,
}: {
  intent: "signin" | "signup";
  redirectTo: string;
  formProps: ReturnType<typeof useValidatedForm>["formProps"];
  errors: string[] | undefined;
  children: ReactNode;
}) {
  return (
    <Form method="post" className="space-y-4" {...formProps} data-testid={`${intent}-form`}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {errors?.length ? <FormAlert>{errors[0]}</FormAlert> : null}
      {children}
    </Form>
  );
}

/** A new password, from the link in the reset mail (its token). */
export function RecoveryForm({
  token,
  lastResult,
  busy,
}: {
  token: string;
  lastResult?: FormReply;
  busy: boolean;
}) {
  const { t } = useTranslation("auth");
  const { form, fields, formProps } = useValidatedForm({
    name: "reset-password",
    schema: resetPasswordSchema,
    lastResult,
  });
  const problem = form.errors?.[0] ?? fields.token.errors?.[0];
  return (
    <Form method="post" className="space-y-4" {...formProps} data-testid="recovery-form">
      <input type="hidden" name="intent" value="recovery" />
      <input type="hidden" name="token" value={fieldProps(fields.token).defaultValue ?? token} />
      {problem ? (
        <FormAlert>
          {problem}{" "}
          <Link to="/forgot-password" className="font-semibold underline">
            {t("forgot.submit")}
          </Link>
        </FormAlert>
      ) : null}
      <NewPasswordFields
        password={fields.password}
        confirmPassword={fields.confirmPassword}
        label={t("fields.newPassword")}
        hint={t("passwordHint")}
        confirmLabel={t("fields.confirmPassword")}
      />
      <button type="submit" className={`${buttonStyles.primary} w-full`} disabled={busy}>
        <Icon name="circle-check" className="size-4" aria-hidden />
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

/** "Didn't get the confirmation email?": the address to send it to again (intent resend). */
export function ResendConfirmationPanel({
  lastResult,
  resent,
  busy,
}: {
  lastResult?: FormReply;
  resent: boolean;
  busy: boolean;
}) {
  const { t } = useTranslation("auth");
  const { form, fields, formProps } = useValidatedForm({
    name: "resend-confirmation",
    schema: resendConfirmationSchema,
    lastResult,
    id: "resend",
  });
  return (
    <details className={`${cardStyles} mt-6 p-5 text-sm`} open={Boolean(lastResult) || resent}>
      <summary className="cursor-pointer font-medium text-brand-700">
        {t("confirm.resendTitle")}
      </summary>
      <p className="mt-2 text-muted">{t("confirm.resendBody")}</p>
      <Form method="post" className="mt-4 space-y-3" {...formProps}>
        <input type="hidden" name="intent" value="resend" />
        {resent ? (
          <FormAlert tone="success" title={t("confirm.resentTitle")}>
            {t("confirm.resentBody")}
          </FormAlert>
        ) : null}
        {form.errors?.length ? <FormAlert>{form.errors[0]}</FormAlert> : null}
        <EmailField {...fieldProps(fields.email)} id="resend-email" label={t("fields.email")} />
        <button type="submit" className={buttonStyles.secondary} disabled={busy}>
          {t("confirm.resend")}
        </button>
      </Form>
    </details>
  );
}
