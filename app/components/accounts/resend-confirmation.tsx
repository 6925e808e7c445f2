import { Mail } from "lucide-react";
import { Form } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { FormAlert } from "~/components/ui/field";
import type { TFunction } from "~/i18n/keys";
import type { FormFailure } from "~/utils/action-error.server";

type T = TFunction<"account">;

/** "Resend confirmation email" (intent resend), or that it was sent. */
export function ResendConfirmation({
  resent,
  failure,
  busy,
  t,
}: {
  resent: boolean;
  failure?: FormFailure;
  busy: boolean;
  t: T;
}) {
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
