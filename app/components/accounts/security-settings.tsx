import { Form } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { FormAlert, PasswordField } from "~/components/ui/field";
import { fieldProps, useValidatedForm } from "~/components/ui/form";
import { Icon } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/react";
import { replyFor } from "~/utils/form-reply";
import { NewPasswordFields } from "./new-password-fields";
import { SettingsCard } from "./settings-card";

/*
 * The settings page's security cards. Each form is checked in the browser by the schema its
 * action parses (accounts-schemas.ts); the page fetches this module after it is drawn.
 */

const schemas = () => import("~/domain/accounts/accounts-schemas");
const changePasswordSchema = () => schemas().then((m) => m.changePasswordSchema);
const deleteAccountSchema = () => schemas().then((m) => m.deleteAccountSchema);
const deleteWithoutPasswordSchema = () =>
  schemas().then((m) => m.deleteAccountWithoutPasswordSchema);
const noFieldsSchema = () => schemas().then((m) => m.noFieldsSchema);

const dangerButton =
  "inline-flex items-center justify-center gap-2 rounded-xl bg-red-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm transition hover:bg-red-700 disabled:cursor-not-allowed disabled:opacity-60";

interface CardProps {
  /** The page's action data: each card picks the reply to its own form (replyFor). */
  actionData: unknown;
  busy: boolean;
}

/** Changing the password: the current one, then the new one twice. */
export function PasswordCard({ actionData, busy }: CardProps) {
  const { t } = useTranslation("account");
  const lastResult = replyFor(actionData, "password");
  const { form, fields, formProps } = useValidatedForm({
    name: "change-password",
    schema: changePasswordSchema,
    lastResult,
  });
  return (
    <SettingsCard
      icon={<Icon name="key-round" className="size-5" aria-hidden />}
      title={t("settings.password.title")}
      testId="settings-password"
    >
      <p className="text-sm text-muted">{t("settings.password.body")}</p>
      <Form method="post" className="space-y-4" {...formProps} data-testid="password-form">
        <input type="hidden" name="intent" value="password" />
        {form.errors?.length ? <FormAlert>{form.errors[0]}</FormAlert> : null}
        <PasswordField
          {...fieldProps(fields.currentPassword)}
          autoComplete="current-password"
          label={t("settings.password.current")}
        />
        <NewPasswordFields
          password={fields.password}
          confirmPassword={fields.confirmPassword}
          label={t("settings.password.new")}
          hint={t("settings.password.hint")}
          confirmLabel={t("settings.password.confirm")}
        />
        <button type="submit" className={buttonStyles.primary} disabled={busy}>
          {busy ? t("settings.password.submitting") : t("settings.password.submit")}
        </button>
      </Form>
    </SettingsCard>
  );
}

/** Signing out on every device (every session ends, this one too). */
export function SignOutAllCard({ actionData, busy }: CardProps) {
  const { t } = useTranslation("account");
  const lastResult = replyFor(actionData, "signout-all");
  const { form, formProps } = useValidatedForm({
    name: "no-fields",
    schema: noFieldsSchema,
    lastResult,
  });
  return (
    <SettingsCard
      icon={<Icon name="log-out" className="size-5 rtl:-scale-x-100" aria-hidden />}
      title={t("settings.signOutAll.title")}
      testId="settings-signout-all"
    >
      <p className="text-sm text-muted">{t("settings.signOutAll.body")}</p>
      <Form method="post" className="space-y-4" {...formProps}>
        <input type="hidden" name="intent" value="signout-all" />
        {form.errors?.length ? <FormAlert>{form.errors[0]}</FormAlert> : null}
        <button type="submit" className={buttonStyles.secondary} disabled={busy}>
          {busy ? t("settings.signOutAll.submitting") : t("settings.signOutAll.submit")}
        </button>
      </Form>
    </SettingsCard>
  );
}

/**
 * Deleting the account, after the password and a ticked confirmation; an account made with a phone
 * number alone has no password, and is told that a recent sign-in with its number stands for it.
 */
export function DeleteAccountCard({
  actionData,
  busy,
  hasPassword,
}: CardProps & { hasPassword: boolean }) {
  const { t } = useTranslation("account");
  const lastResult = replyFor(actionData, "delete");
  const { form, fields, formProps } = useValidatedForm({
    name: hasPassword ? "delete-account" : "delete-account-phone",
    schema: hasPassword ? deleteAccountSchema : deleteWithoutPasswordSchema,
    lastResult,
  });
  const confirmError = fields.confirm.errors?.[0];
  return (
    <SettingsCard
      icon={<Icon name="trash" className="size-5" aria-hidden />}
      title={t("settings.deleteAccount.title")}
      tone="danger"
      testId="settings-delete"
    >
      <div className="text-sm text-ink">
        <p>{t("settings.deleteAccount.body")}</p>
        <ul className="mt-2 list-disc space-y-1 ps-5 text-muted">
          <li>{t("settings.deleteAccount.listings")}</li>
          <li>{t("settings.deleteAccount.favorites")}</li>
          <li>{t("settings.deleteAccount.profile")}</li>
        </ul>
        <p className="mt-3 text-muted">{t("settings.deleteAccount.conversations")}</p>
      </div>
      <Form method="post" className="space-y-4" {...formProps} data-testid="delete-form">
        <input type="hidden" name="intent" value="delete" />
        {form.errors?.length ? <FormAlert>{form.errors[0]}</FormAlert> : null}
        {hasPassword ? (
          <PasswordField
            {...fieldProps(fields.password as Parameters<typeof fieldProps>[0])}
            id="delete-password"
            autoComplete="current-password"
            label={t("settings.deleteAccount.password")}
            hint={t("settings.deleteAccount.passwordHint")}
          />
        ) : (
          <p className="text-sm text-muted" data-testid="delete-by-phone">
            {t("settings.deleteAccount.byPhone")}
          </p>
        )}
        <div>
          <label className="flex items-start gap-3 text-sm font-medium text-ink">
            <input
              type="checkbox"
              name={fields.confirm.name}
              value="yes"
              defaultChecked={fields.confirm.initialValue === "yes"}
              required
              aria-invalid={confirmError ? true : undefined}
              aria-describedby={confirmError ? "delete-confirm-error" : undefined}
              className="mt-0.5 size-4 shrink-0 accent-red-600"
            />
            <span>{t("settings.deleteAccount.confirm")}</span>
          </label>
          {confirmError ? (
            <p id="delete-confirm-error" className="mt-1.5 text-sm text-red-600" role="alert">
              {confirmError}
            </p>
          ) : null}
        </div>
        <button type="submit" className={dangerButton} disabled={busy}>
          <Icon name="trash" className="size-4" aria-hidden />
          {busy ? t("settings.deleteAccount.submitting") : t("settings.deleteAccount.submit")}
        </button>
      </Form>
    </SettingsCard>
  );
}
