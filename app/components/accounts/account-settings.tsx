import { Form, Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { EmailField, FormAlert } from "~/components/ui/field";
import { fieldProps, useValidatedForm } from "~/components/ui/form";
import { Icon } from "~/components/ui/icon";
import type { Lang } from "~/i18n/config";
import { useTranslation } from "~/i18n/react";
import { replyFor } from "~/utils/form-reply";
import { ResendConfirmation } from "./resend-confirmation";
import { SettingsCard } from "./settings-card";

/*
 * The settings page's account and language cards (the page fetches this module after it is
 * drawn: its forms are checked in the browser by the schemas their action parses).
 */

const languageSchema = () =>
  import("~/domain/accounts/accounts-schemas").then((m) => m.languageSchema);
const addEmailSchema = () =>
  import("~/domain/accounts/accounts-schemas").then((m) => m.addEmailSchema);

/**
 * The account's email address, whether it is confirmed (with the link sent again on request), and
 * the way to the profile form.
 */
export function AccountCard({
  email,
  emailVerified,
  actionData,
  busy,
}: {
  /** Null for an account made with a phone alone: it has no address yet (decision 037). */
  email: string | null;
  emailVerified: boolean;
  /** The page's action data, which may be the reply to intent resend or email-add. */
  actionData: unknown;
  busy: boolean;
}) {
  const { t } = useTranslation("account");
  return (
    <SettingsCard
      icon={<Icon name="user-round" className="size-5" aria-hidden />}
      title={t("settings.account.title")}
      testId="settings-account"
    >
      <dl>
        <dt className="text-sm text-muted">{t("settings.account.email")}</dt>
        <dd className="mt-1 flex flex-wrap items-center gap-2" data-testid="account-email">
          {email === null ? (
            <span className="text-ink">{t("settings.account.noEmail")}</span>
          ) : (
            <span className="break-all font-medium text-ink" dir="ltr">
              {email}
            </span>
          )}
          {email === null ? null : emailVerified ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700 ring-1 ring-brand-200">
              <Icon name="badge-check" className="size-3.5" aria-hidden />
              {t("settings.account.confirmed")}
            </span>
          ) : (
            <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-amber-200">
              <Icon name="mail-exclamation-point" className="size-3.5" aria-hidden />
              {t("settings.account.unconfirmed")}
            </span>
          )}
        </dd>
      </dl>
      {email === null ? (
        <AddEmailForm actionData={actionData} busy={busy} />
      ) : emailVerified ? null : (
        <ResendConfirmation actionData={actionData} busy={busy} />
      )}
      <Link
        to="/profile?edit=1"
        className="inline-block text-sm font-medium text-brand-700 hover:underline"
      >
        {t("settings.account.editProfile")}
      </Link>
    </SettingsCard>
  );
}

/** An address for a phone-only account (intent email-add): replaced at once, then confirmed. */
function AddEmailForm({ actionData, busy }: { actionData: unknown; busy: boolean }) {
  const { t } = useTranslation("account");
  const { form, fields, formProps } = useValidatedForm({
    name: "email-add",
    schema: addEmailSchema,
    lastResult: replyFor(actionData, "email-add"),
  });
  return (
    <Form method="post" className="space-y-3" {...formProps} data-testid="email-add-form">
      <input type="hidden" name="intent" value="email-add" />
      <p className="text-sm text-muted">{t("settings.account.noEmailBody")}</p>
      {form.errors?.length ? <FormAlert>{form.errors[0]}</FormAlert> : null}
      <EmailField {...fieldProps(fields.email)} label={t("settings.account.email")} />
      <button type="submit" className={buttonStyles.secondary} disabled={busy}>
        <Icon name="mail" className="size-4" aria-hidden />
        {busy ? t("settings.account.addingEmail") : t("settings.account.addEmail")}
      </button>
    </Form>
  );
}

/** The language of the site and of the mail we send. */
export function LanguageCard({
  current,
  saved,
  actionData,
  busy,
}: {
  current: Lang;
  saved: boolean;
  /** The page's action data, which may be the reply to intent language. */
  actionData: unknown;
  busy: boolean;
}) {
  const { t } = useTranslation("account");
  const lastResult = replyFor(actionData, "language");
  const { form, fields, formProps } = useValidatedForm({
    name: "language",
    schema: languageSchema,
    lastResult,
    defaultValue: { language: current },
  });
  const options = [
    { value: "en", label: t("settings.language.english"), lang: "en", dir: "ltr" },
    { value: "ar", label: t("settings.language.arabic"), lang: "ar", dir: "rtl" },
  ] as const;
  const error = fields.language.errors?.[0];
  const chosen = fields.language.initialValue;
  return (
    <SettingsCard
      icon={<Icon name="globe" className="size-5" aria-hidden />}
      title={t("settings.language.title")}
      testId="settings-language"
    >
      {saved ? (
        <FormAlert tone="success" title={t("settings.language.savedTitle")}>
          {t("settings.language.savedBody")}
        </FormAlert>
      ) : null}
      <Form method="post" className="space-y-4" {...formProps} data-testid="language-form">
        <input type="hidden" name="intent" value="language" />
        {form.errors?.length ? <FormAlert>{form.errors[0]}</FormAlert> : null}
        <fieldset aria-describedby={error ? "language-error" : undefined}>
          <legend className="text-sm text-muted">{t("settings.language.body")}</legend>
          <div className="mt-3 grid grid-cols-2 gap-3">
            {options.map((option) => (
              <label
                key={option.value}
                className="flex cursor-pointer items-center gap-3 rounded-xl border border-line px-4 py-3 text-sm font-medium text-ink transition hover:bg-slate-50 has-checked:border-brand-500 has-checked:bg-brand-50 has-checked:ring-1 has-checked:ring-brand-500"
              >
                <input
                  type="radio"
                  name={fields.language.name}
                  value={option.value}
                  defaultChecked={(chosen ?? current) === option.value}
                  className="size-4 accent-brand-600"
                />
                <span lang={option.lang} dir={option.dir}>
                  {option.label}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {error ? (
          <p id="language-error" className="text-sm text-red-600" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className={buttonStyles.primary} disabled={busy}>
          {busy ? t("settings.language.saving") : t("settings.language.submit")}
        </button>
      </Form>
    </SettingsCard>
  );
}
