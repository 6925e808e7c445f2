import type { ReactNode } from "react";
import { Form } from "react-router";
import type { ZodType } from "zod";
import { buttonStyles } from "~/components/ui/button-styles";
import { CodeField, FormAlert, TextButton } from "~/components/ui/field";
import { useValidatedForm } from "~/components/ui/form";
import { Icon } from "~/components/ui/icon";
import { replyFor } from "~/utils/form-reply";

/**
 * The step after a code was texted (decisions 036 and 037): where it went, the code typed back,
 * "send a new code", and a way to use another number. Settings and sign-in by phone both draw it;
 * they differ in the words, the hidden fields their action reads, and where "another number" goes.
 */
export function PhoneCodeStep({
  sent,
  texts,
  schema,
  hidden,
  action,
  actionData,
  busyIntent,
  formTestId,
  wide,
  otherNumber,
}: {
  /** "We sent a code to …", already in the member's language. */
  sent: string;
  texts: { code: string; codeHint: string; confirm: string; confirming: string; resend: string };
  schema: () => Promise<ZodType<{ code: string }, { code: string }>>;
  /** Sent with both the code and "send a new code" (the intent is added here). */
  hidden: Record<string, string>;
  action?: string;
  actionData: unknown;
  busyIntent: string;
  formTestId: string;
  /** The button spans the form (the narrow sign-in card). */
  wide?: boolean;
  otherNumber: ReactNode;
}) {
  const { form, fields, formProps } = useValidatedForm({
    name: "phone-confirm",
    schema,
    lastResult: replyFor(actionData, "phone-confirm"),
  });
  const resend = replyFor(actionData, "phone-resend");
  const resendError = Object.values(resend?.error ?? {}).flat()[0];
  const busy = busyIntent !== "";
  return (
    <div className="space-y-4">
      <p className="text-sm text-ink" data-testid="phone-code-sent">
        {sent}
      </p>
      <Form
        method="post"
        action={action}
        className="space-y-4"
        {...formProps}
        data-testid={formTestId}
      >
        <HiddenFields intent="phone-confirm" values={hidden} />
        {form.errors?.length ? <FormAlert>{form.errors[0]}</FormAlert> : null}
        <CodeField
          name={fields.code.name}
          error={fields.code.errors?.[0]}
          label={texts.code}
          hint={texts.codeHint}
        />
        <button
          type="submit"
          className={wide ? `${buttonStyles.primary} w-full` : buttonStyles.primary}
          disabled={busy}
        >
          <Icon name="badge-check" className="size-4" aria-hidden />
          {busyIntent === "phone-confirm" ? texts.confirming : texts.confirm}
        </button>
      </Form>
      {resendError ? <FormAlert>{resendError}</FormAlert> : null}
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm">
        <Form method="post" action={action} data-testid="phone-resend-form">
          <HiddenFields intent="phone-resend" values={hidden} />
          <TextButton disabled={busy}>{texts.resend}</TextButton>
        </Form>
        {otherNumber}
      </div>
    </div>
  );
}

export function HiddenFields({
  intent,
  values,
}: {
  intent: string;
  values: Record<string, string>;
}) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(values).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}
