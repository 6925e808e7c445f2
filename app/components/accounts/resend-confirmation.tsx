import { Form, useNavigation } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { FormAlert } from "~/components/ui/field";
import { useValidatedForm } from "~/components/ui/form";
import { Icon } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/react";
import { replyFor } from "~/utils/form-reply";

const noFieldsSchema = () =>
  import("~/domain/accounts/accounts-schemas").then((m) => m.noFieldsSchema);

/** "Resend confirmation email" (intent resend), or that it was sent. */
export function ResendConfirmation({
  actionData,
  busy,
}: {
  /** The page's action data, which may be the reply to intent resend. */
  actionData: unknown;
  busy: boolean;
}) {
  const { t } = useTranslation("account");
  const lastResult = replyFor(actionData, "resend");
  const { form, formProps } = useValidatedForm({
    name: "no-fields",
    schema: noFieldsSchema,
    lastResult,
  });
  return lastResult?.status === "success" ? (
    <FormAlert tone="success" title={t("unconfirmed.sentTitle")}>
      {t("unconfirmed.sentBody")}
    </FormAlert>
  ) : (
    <Form method="post" className="space-y-3" {...formProps}>
      <input type="hidden" name="intent" value="resend" />
      {form.errors?.length ? <FormAlert>{form.errors[0]}</FormAlert> : null}
      <button type="submit" className={buttonStyles.secondary} disabled={busy}>
        <Icon name="mail" className="size-4" aria-hidden />
        {busy ? t("unconfirmed.resending") : t("unconfirmed.resend")}
      </button>
    </Form>
  );
}

/** The email address is not confirmed yet (profile page): say so, and offer to send the link again. */
export function UnconfirmedNotice({ email, actionData }: { email: string; actionData: unknown }) {
  const { t } = useTranslation("account");
  const busy = useNavigation().formData?.get("intent") === "resend";
  return (
    <section
      className="mt-4 flex flex-col gap-3 rounded-2xl bg-amber-50 p-5 text-sm text-amber-900 ring-1 ring-amber-200 sm:flex-row sm:items-start"
      data-testid="unconfirmed-email"
    >
      <Icon name="mail-exclamation-point" className="size-5 shrink-0 text-amber-600" aria-hidden />
      <div className="flex-1 space-y-3">
        <div>
          <h2 className="font-semibold">{t("unconfirmed.title")}</h2>
          <p className="mt-1">{t("unconfirmed.body", { email: `\u2068${email}\u2069` })}</p>
        </div>
        <ResendConfirmation actionData={actionData} busy={busy} />
      </div>
    </section>
  );
}
