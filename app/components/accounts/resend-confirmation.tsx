import { Mail } from "lucide-react";
import { Form } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { FormAlert } from "~/components/ui/field";
import { useTranslation } from "~/i18n/react";
import type { FormFailure } from "~/utils/action-error.server";

/** "Resend confirmation email" (intent resend), or that it was sent. */
export function ResendConfirmation({
  resent,
  failure,
  busy,
}: {
  resent: boolean;
  failure?: FormFailure;
  busy: boolean;
}) {
  const { t } = useTranslation("account");
  return resent ? (
    <FormAlert tone="success" title={t("unconfirmed.sentTitle")}>
      {t("unconfirmed.sentBody")}
    </FormAlert>
  ) : (
    <Form method="post" className="space-y-3">
      <input type="hidden" name="intent" value="resend" />
      {failure?.formError ? <FormAlert>{failure.formError}</FormAlert> : null}
      <button type="submit" className={buttonStyles.secondary} disabled={busy}>
        <Mail className="size-4" aria-hidden />
        {busy ? t("unconfirmed.resending") : t("unconfirmed.resend")}
      </button>
    </Form>
  );
}
