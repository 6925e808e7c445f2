import { Form } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { EmailField, FormAlert } from "~/components/ui/field";
import { fieldProps, useValidatedForm } from "~/components/ui/form";
import { useTranslation } from "~/i18n/react";
import type { FormReply } from "~/utils/form-reply";

const forgotPasswordSchema = () =>
  import("~/domain/accounts/accounts-schemas").then((m) => m.forgotPasswordSchema);

/** The address to send a reset link to (the page fetches this form after it is drawn). */
export function ForgotPasswordForm({
  lastResult,
  busy,
}: {
  lastResult?: FormReply;
  busy: boolean;
}) {
  const { t } = useTranslation("auth");
  const { form, fields, formProps } = useValidatedForm({
    name: "forgot-password",
    schema: forgotPasswordSchema,
    lastResult,
  });
  return (
    <Form method="post" className="mt-6 space-y-4" {...formProps} data-testid="forgot-form">
      {form.errors?.length ? <FormAlert>{form.errors[0]}</FormAlert> : null}
      <EmailField
        {...fieldProps(fields.email)}
        label={t("fields.email")}
        placeholder={t("placeholders.email")}
      />
      <button type="submit" className={`${buttonStyles.primary} w-full`} disabled={busy}>
        {busy ? t("forgot.submitting") : t("forgot.submit")}
      </button>
    </Form>
  );
}
