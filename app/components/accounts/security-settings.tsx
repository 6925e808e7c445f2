import { KeyRound, LogOut, Trash2 } from "lucide-react";
import { Form } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { FormAlert, PasswordField } from "~/components/ui/field";
import { useTranslation } from "~/i18n/react";
import type { FormFailure } from "~/utils/action-error.server";
import { NewPasswordFields } from "./new-password-fields";
import { SettingsCard } from "./settings-card";

const dangerButton =
  "inline-flex items-center justify-center gap-2 rounded-xl bg-red-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm transition hover:bg-red-700 disabled:cursor-not-allowed disabled:opacity-60";

/** Changing the password: the current one, then the new one twice. */
export function PasswordCard({ failure, busy }: { failure?: FormFailure; busy: boolean }) {
  const { t } = useTranslation("account");
  return (
    <SettingsCard
      icon={<KeyRound className="size-5" aria-hidden />}
      title={t("settings.password.title")}
      testId="settings-password"
    >
      <p className="text-sm text-muted">{t("settings.password.body")}</p>
      <Form method="post" className="space-y-4" noValidate data-testid="password-form">
        <input type="hidden" name="intent" value="password" />
        {failure?.formError ? <FormAlert>{failure.formError}</FormAlert> : null}
        <PasswordField
          name="currentPassword"
          autoComplete="current-password"
          label={t("settings.password.current")}
          error={failure?.fieldErrors?.currentPassword}
        />
        <NewPasswordFields
          label={t("settings.password.new")}
          hint={t("settings.password.hint")}
          confirmLabel={t("settings.password.confirm")}
          errors={failure?.fieldErrors}
        />
        <button type="submit" className={buttonStyles.primary} disabled={busy}>
          {busy ? t("settings.password.submitting") : t("settings.password.submit")}
        </button>
      </Form>
    </SettingsCard>
  );
}

/** Signing out on every device (every session ends, this one too). */
export function SignOutAllCard({ busy }: { busy: boolean }) {
  const { t } = useTranslation("account");
  return (
    <SettingsCard
      icon={<LogOut className="size-5 rtl:-scale-x-100" aria-hidden />}
      title={t("settings.signOutAll.title")}
      testId="settings-signout-all"
    >
      <p className="text-sm text-muted">{t("settings.signOutAll.body")}</p>
      <Form method="post">
        <input type="hidden" name="intent" value="signout-all" />
        <button type="submit" className={buttonStyles.secondary} disabled={busy}>
          {busy ? t("settings.signOutAll.submitting") : t("settings.signOutAll.submit")}
        </button>
      </Form>
    </SettingsCard>
  );
}

/** Deleting the account, after the password and a ticked confirmation. */
export function DeleteAccountCard({ failure, busy }: { failure?: FormFailure; busy: boolean }) {
  const { t } = useTranslation("account");
  const confirmError = failure?.fieldErrors?.confirm;
  return (
    <SettingsCard
      icon={<Trash2 className="size-5" aria-hidden />}
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
      <Form method="post" className="space-y-4" noValidate data-testid="delete-form">
        <input type="hidden" name="intent" value="delete" />
        {failure?.formError ? <FormAlert>{failure.formError}</FormAlert> : null}
        <PasswordField
          name="password"
          id="delete-password"
          autoComplete="current-password"
          label={t("settings.deleteAccount.password")}
          hint={t("settings.deleteAccount.passwordHint")}
          error={failure?.fieldErrors?.password}
        />
        <div>
          <label className="flex items-start gap-3 text-sm font-medium text-ink">
            <input
              type="checkbox"
              name="confirm"
              value="yes"
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
          <Trash2 className="size-4" aria-hidden />
          {busy ? t("settings.deleteAccount.submitting") : t("settings.deleteAccount.submit")}
        </button>
      </Form>
    </SettingsCard>
  );
}
