import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { inputStyles } from "~/components/ui/button-styles";
import { FormAlert } from "~/components/ui/field";
import { fieldProps, useValidatedForm } from "~/components/ui/form";
import { MODERATION_REASON_MAX } from "~/domain/moderation/moderation-limits";
import type { FormReply } from "~/utils/form-reply";

const decisionSchema = () =>
  import("~/domain/moderation/moderation-schemas").then((m) => m.decisionSchema);

/**
 * A moderator's decision about one listing or member: the hidden fields that say which, the
 * reason (required, checked in the browser before it is sent and by the action always), and the
 * decisions' buttons (each a submit button named `intent`). Fetched on demand (Conform).
 */
export function DecisionForm({
  id,
  hidden,
  label,
  hint,
  lastResult,
  className,
  ariaLabel,
  testId,
  children,
}: {
  /** The form's id, unique on the page (one form per listing or member). */
  id: string;
  /** Which listing (listingId) or member (userId) the decision is about. */
  hidden: Record<string, string>;
  label: string;
  hint?: string;
  /** The action's reply, when it was this form's. */
  lastResult: FormReply | undefined;
  className: string;
  ariaLabel?: string;
  testId?: string;
  /** The decisions' buttons; `busy` while any decision is being sent. */
  children: (busy: boolean) => ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  const { form, fields, formProps } = useValidatedForm({
    name: "moderation-decision",
    schema: decisionSchema,
    lastResult,
    id,
  });
  const reason = fieldProps(fields.reason);
  const reasonId = `${id}-reason`;
  const describedBy = [reason.error ? `${reasonId}-error` : null, hint ? `${reasonId}-hint` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <Form
      method="post"
      className={className}
      aria-label={ariaLabel}
      data-testid={testId}
      {...formProps}
    >
      {form.errors?.length ? <FormAlert>{form.errors[0]}</FormAlert> : null}
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div>
        <label htmlFor={reasonId} className="mb-1.5 block text-sm font-medium text-ink">
          {label}
        </label>
        <textarea
          id={reasonId}
          name={reason.name}
          rows={2}
          required
          maxLength={MODERATION_REASON_MAX}
          dir="auto"
          defaultValue={reason.defaultValue}
          aria-invalid={reason.error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={inputStyles}
        />
        {reason.error ? (
          <p id={`${reasonId}-error`} className="mt-1.5 text-sm text-red-600" role="alert">
            {reason.error}
          </p>
        ) : hint ? (
          <p id={`${reasonId}-hint`} className="mt-1.5 text-xs text-muted">
            {hint}
          </p>
        ) : null}
      </div>
      {children(busy)}
    </Form>
  );
}
