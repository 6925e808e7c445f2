import { Form, Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { Field, FormAlert, PhoneField, TextButton } from "~/components/ui/field";
import { fieldProps, useValidatedForm } from "~/components/ui/form";
import { Icon } from "~/components/ui/icon";
import { NAME_MAX } from "~/domain/accounts/accounts-limits";
import { useTranslation } from "~/i18n/react";
import { replyFor } from "~/utils/form-reply";
import { HiddenFields, PhoneCodeStep } from "./phone-code-step";

/*
 * Signing in and up with a phone number (decision 037): the number (and a name, to sign up), the
 * code texted to it, and — for a number new to Souqna — the name of the account it makes. Plain
 * forms the /auth action answers, so every step works before JavaScript; the page fetches this
 * module after it is drawn.
 */

const schemas = () => import("~/domain/accounts/accounts-schemas");
const signInRequestSchema = () => schemas().then((m) => m.phoneSignInRequestSchema);
const signUpRequestSchema = () => schemas().then((m) => m.phoneSignUpRequestSchema);
const codeSchema = () => schemas().then((m) => m.phoneSignInCodeSchema);
const nameSchema = () => schemas().then((m) => m.phoneSignUpNameSchema);

export interface PhoneStepView {
  step: "number" | "code" | "name";
  /** The number the code went to, as shown (international format). */
  number: string | null;
  /** Said above the number's form: the code died while its form was open. */
  notice: string | null;
  /** The number's form starts with the last number used. */
  initial: string;
}

interface PhoneSignInProps {
  /** From the Sign Up tab: the first step asks for a name too. */
  signUp: boolean;
  view: PhoneStepView;
  redirectTo: string;
  /** The page's action data: the reply to one of the phone intents, if any. */
  actionData: unknown;
  busyIntent: string;
}

export function PhoneSignIn({
  signUp,
  view,
  redirectTo,
  actionData,
  busyIntent,
}: PhoneSignInProps) {
  const { t } = useTranslation("auth");
  return (
    <div className="space-y-4" data-testid="phone-auth" data-step={view.step}>
      {view.step === "number" ? (
        <>
          <div>
            <h2 className="text-lg font-semibold text-ink">
              {signUp ? t("phone.signUpTitle") : t("phone.title")}
            </h2>
            <p className="mt-1 text-sm text-muted">
              {signUp ? t("phone.signUpBody") : t("phone.body")}
            </p>
          </div>
          {view.notice && !actionData ? <FormAlert>{view.notice}</FormAlert> : null}
          <NumberForm
            signUp={signUp}
            initial={view.initial}
            redirectTo={redirectTo}
            actionData={actionData}
            busy={busyIntent === "phone-send" || busyIntent === "phone-signup-send"}
          />
        </>
      ) : view.step === "code" ? (
        <CodeStep
          number={view.number ?? ""}
          redirectTo={redirectTo}
          actionData={actionData}
          busyIntent={busyIntent}
        />
      ) : (
        <NameStep
          number={view.number ?? ""}
          redirectTo={redirectTo}
          actionData={actionData}
          busy={busyIntent === "phone-name"}
        />
      )}
    </div>
  );
}

function Hidden({ intent, redirectTo }: { intent: string; redirectTo: string }) {
  return <HiddenFields intent={intent} values={{ redirectTo }} />;
}

function NumberForm({
  signUp,
  initial,
  redirectTo,
  actionData,
  busy,
}: {
  signUp: boolean;
  initial: string;
  redirectTo: string;
  actionData: unknown;
  busy: boolean;
}) {
  const { t } = useTranslation("auth");
  const intent = signUp ? "phone-signup-send" : "phone-send";
  const { form, fields, formProps } = useValidatedForm({
    name: intent,
    // One shape for both: the sign-in form simply has no name field.
    schema: signUp ? signUpRequestSchema : (signInRequestSchema as typeof signUpRequestSchema),
    lastResult: replyFor(actionData, intent),
    defaultValue: { phone: initial },
  });
  return (
    <Form method="post" className="space-y-4" {...formProps} data-testid="phone-number-form">
      <Hidden intent={intent} redirectTo={redirectTo} />
      {form.errors?.length ? <FormAlert>{form.errors[0]}</FormAlert> : null}
      {signUp ? (
        <Field
          {...fieldProps(fields.fullName)}
          dir="auto"
          autoComplete="name"
          label={t("fields.fullName")}
          placeholder={t("placeholders.fullName")}
          maxLength={NAME_MAX}
          required
        />
      ) : null}
      <PhoneField
        {...fieldProps(fields.phone)}
        label={t("phone.number")}
        hint={t("phone.numberHint")}
      />
      {signUp ? <Terms /> : null}
      <button type="submit" className={`${buttonStyles.primary} w-full`} disabled={busy}>
        <Icon name="message-square-text" className="size-4" aria-hidden />
        {busy ? t("phone.sending") : t("phone.send")}
      </button>
    </Form>
  );
}

function CodeStep({
  number,
  redirectTo,
  actionData,
  busyIntent,
}: {
  number: string;
  redirectTo: string;
  actionData: unknown;
  busyIntent: string;
}) {
  const { t } = useTranslation("auth");
  return (
    <PhoneCodeStep
      sent={t("phone.codeSent", { phone: `\u2066${number}\u2069` })}
      texts={{
        code: t("phone.code"),
        codeHint: t("phone.codeHint"),
        confirm: t("phone.confirm"),
        confirming: t("phone.confirming"),
        resend: t("phone.resend"),
      }}
      schema={codeSchema}
      hidden={{ redirectTo }}
      actionData={actionData}
      busyIntent={busyIntent}
      formTestId="phone-code-form"
      wide
      otherNumber={
        <Form method="post" data-testid="phone-restart-form">
          <Hidden intent="phone-restart" redirectTo={redirectTo} />
          <TextButton disabled={busyIntent !== ""}>{t("phone.otherNumber")}</TextButton>
        </Form>
      }
    />
  );
}

function NameStep({
  number,
  redirectTo,
  actionData,
  busy,
}: {
  number: string;
  redirectTo: string;
  actionData: unknown;
  busy: boolean;
}) {
  const { t } = useTranslation("auth");
  const { form, fields, formProps } = useValidatedForm({
    name: "phone-name",
    schema: nameSchema,
    lastResult: replyFor(actionData, "phone-name"),
  });
  return (
    <>
      <div>
        <h2 className="text-lg font-semibold text-ink">{t("phone.nameTitle")}</h2>
        <p className="mt-1 text-sm text-muted">
          {t("phone.nameBody", { phone: `\u2066${number}\u2069` })}
        </p>
      </div>
      <Form method="post" className="space-y-4" {...formProps} data-testid="phone-name-form">
        <Hidden intent="phone-name" redirectTo={redirectTo} />
        {form.errors?.length ? <FormAlert>{form.errors[0]}</FormAlert> : null}
        <Field
          {...fieldProps(fields.fullName)}
          dir="auto"
          autoComplete="name"
          label={t("fields.fullName")}
          placeholder={t("placeholders.fullName")}
          maxLength={NAME_MAX}
          required
        />
        <Terms />
        <button type="submit" className={`${buttonStyles.primary} w-full`} disabled={busy}>
          {busy ? t("phone.creating") : t("phone.create")}
        </button>
      </Form>
    </>
  );
}

function Terms() {
  const { t } = useTranslation("auth");
  return (
    <p className="text-xs text-muted">
      {t("signUp.terms")}{" "}
      <Link to="/terms-conditions" className="font-medium text-brand-700 underline">
        {t("signUp.termsLink")}
      </Link>
    </p>
  );
}
