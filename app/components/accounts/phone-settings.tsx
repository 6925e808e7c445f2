import { Form, Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { FormAlert, PhoneField } from "~/components/ui/field";
import { fieldProps, useValidatedForm } from "~/components/ui/form";
import { Icon } from "~/components/ui/icon";
import { TrustMark } from "~/components/ui/trust-mark";
import { useTranslation } from "~/i18n/react";
import { replyFor } from "~/utils/form-reply";
import type { PhoneCardView } from "~/views/accounts/phone-card-view.server";
import { PhoneCodeStep } from "./phone-code-step";
import { SettingsCard } from "./settings-card";

/*
 * The settings page's phone card (decision 036): a number, a code texted to it, the code typed
 * back. Two plain forms the action answers, so it works before JavaScript; the page fetches this
 * module after it is drawn.
 */

const schemas = () => import("~/domain/accounts/accounts-schemas");
const requestSchema = () => schemas().then((m) => m.phoneCodeRequestSchema);
const confirmSchema = () => schemas().then((m) => m.phoneCodeConfirmSchema);

export function PhoneCard({
  phone,
  actionData,
  busyIntent,
}: {
  phone: PhoneCardView;
  /** The page's action data: the reply to intent phone-send or phone-confirm, if any. */
  actionData: unknown;
  busyIntent: string;
}) {
  const { t } = useTranslation("account");
  const awaitingCode = phone.pending && !phone.other && !replyFor(actionData, "phone-send");
  // A code that died meanwhile (expired, or its last try spent): the code form is gone, so its
  // answer is said above the number's form instead.
  const late = awaitingCode
    ? undefined
    : (replyFor(actionData, "phone-confirm") ?? replyFor(actionData, "phone-resend"));
  const lateError = Object.values(late?.error ?? {}).flat()[0];
  return (
    <SettingsCard
      icon={<Icon name="phone" className="size-5" aria-hidden />}
      title={t("settings.phone.title")}
      testId="settings-phone"
      id="phone"
    >
      <p className="text-sm text-muted">{t("settings.phone.body")}</p>
      {phone.takenOn && !phone.number ? (
        <FormAlert tone="info">{t("settings.phone.taken", { date: phone.takenOn })}</FormAlert>
      ) : null}
      <dl>
        <dt className="text-sm text-muted">{t("settings.phone.number")}</dt>
        <dd className="mt-1 flex flex-wrap items-center gap-2" data-testid="phone-current">
          {phone.number ? (
            <>
              <span className="font-medium text-ink" dir="ltr">
                {phone.number}
              </span>
              {phone.verified ? (
                <TrustMark testId="phone-verified">{t("settings.phone.verified")}</TrustMark>
              ) : (
                <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-amber-200">
                  {t("settings.phone.unverified")}
                </span>
              )}
            </>
          ) : (
            <span className="text-ink">{t("settings.phone.none")}</span>
          )}
        </dd>
      </dl>
      {awaitingCode && phone.pending ? (
        <ConfirmCodeForm pending={phone.pending} actionData={actionData} busyIntent={busyIntent} />
      ) : (
        <>
          {lateError ? <FormAlert>{lateError}</FormAlert> : null}
          <RequestCodeForm
            initial={phone.pending?.e164 ?? (phone.verified ? "" : (phone.e164 ?? ""))}
            label={
              phone.verified
                ? t("settings.phone.change")
                : phone.number
                  ? t("settings.phone.toVerify")
                  : t("settings.phone.number")
            }
            actionData={actionData}
            busy={busyIntent === "phone-send"}
          />
        </>
      )}
    </SettingsCard>
  );
}

function RequestCodeForm({
  initial,
  label,
  actionData,
  busy,
}: {
  initial: string;
  label: string;
  actionData: unknown;
  busy: boolean;
}) {
  const { t } = useTranslation("account");
  const { form, fields, formProps } = useValidatedForm({
    name: "phone-send",
    schema: requestSchema,
    lastResult: replyFor(actionData, "phone-send"),
    defaultValue: { phone: initial },
  });
  return (
    <Form
      method="post"
      action="/settings#phone"
      className="space-y-4"
      {...formProps}
      data-testid="phone-send-form"
    >
      <input type="hidden" name="intent" value="phone-send" />
      {form.errors?.length ? <FormAlert>{form.errors[0]}</FormAlert> : null}
      <PhoneField
        {...fieldProps(fields.phone)}
        label={label}
        hint={t("settings.phone.numberHint")}
      />
      <button type="submit" className={buttonStyles.primary} disabled={busy}>
        <Icon name="message-square-text" className="size-4" aria-hidden />
        {busy ? t("settings.phone.sending") : t("settings.phone.send")}
      </button>
    </Form>
  );
}

function ConfirmCodeForm({
  pending,
  actionData,
  busyIntent,
}: {
  pending: { e164: string; number: string };
  actionData: unknown;
  busyIntent: string;
}) {
  const { t } = useTranslation("account");
  return (
    <PhoneCodeStep
      sent={t("settings.phone.codeSent", { phone: `\u2066${pending.number}\u2069` })}
      texts={{
        code: t("settings.phone.code"),
        codeHint: t("settings.phone.codeHint"),
        confirm: t("settings.phone.confirm"),
        confirming: t("settings.phone.confirming"),
        resend: t("settings.phone.resend"),
      }}
      schema={confirmSchema}
      hidden={{ phone: pending.e164 }}
      action="/settings#phone"
      actionData={actionData}
      busyIntent={busyIntent}
      formTestId="phone-confirm-form"
      otherNumber={
        <Link
          to="/settings?phone=other#phone"
          className="font-medium text-brand-700 hover:underline"
        >
          {t("settings.phone.otherNumber")}
        </Link>
      }
    />
  );
}
