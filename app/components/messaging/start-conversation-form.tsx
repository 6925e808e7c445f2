import type { ReactNode } from "react";
import { useFetcher } from "react-router";
import { buttonStyles, inputStyles } from "~/components/ui/button-styles";
import { FormAlert } from "~/components/ui/field";
import { fieldProps, useValidatedForm } from "~/components/ui/form";
import { Icon } from "~/components/ui/icon";
import type { FormReply } from "~/utils/form-reply";
import { QuickReplies } from "./quick-replies";

const startConversationSchema = () =>
  import("~/domain/messaging/messaging-schemas").then((m) => m.startConversationSchema);

/**
 * A first message to a seller, posted to /messages (intent "start"): on the listing page, and on
 * the inbox again after a failure without JavaScript. An empty or too long message is reported
 * before it is sent (with JavaScript); the action checks everything again. Success opens the
 * conversation; a failure shows here, the text kept. Fetched on demand (Conform).
 */
export function StartConversationForm({
  id,
  listingId,
  heading,
  texts,
  lastResult,
  className,
  testId,
  quick,
}: {
  /** The form's id on the page. */
  id: string;
  listingId: string;
  /** The text box's visible label. */
  heading: ReactNode;
  texts: { label?: string; placeholder?: string; send: string; sending: string };
  /** The action's reply after a first message sent without JavaScript. */
  lastResult?: FormReply;
  className: string;
  testId?: string;
  /** The common first messages, one tap each (issue 31). */
  quick?: { label: string; texts: string[] };
}) {
  const fetcher = useFetcher<FormReply>();
  const { form, fields, formProps } = useValidatedForm({
    name: "start-conversation",
    schema: startConversationSchema,
    lastResult: fetcher.data ?? lastResult,
    id,
  });
  const busy = fetcher.state !== "idle";
  const body = fieldProps(fields.body);
  const boxId = `${id}-body`;
  return (
    <div className={className}>
      {quick ? (
        <QuickReplies
          label={quick.label}
          texts={quick.texts}
          action="/messages"
          fields={{ intent: "start", listingId }}
        />
      ) : null}
      <fetcher.Form
        method="post"
        action="/messages"
        className="space-y-2"
        data-testid={testId}
        {...formProps}
      >
        <input type="hidden" name="intent" value="start" />
        <input type="hidden" name="listingId" value={listingId} />
        <label htmlFor={boxId} className="flex items-center gap-2 text-sm font-semibold text-ink">
          {heading}
        </label>
        <textarea
          id={boxId}
          name={body.name}
          rows={3}
          required
          dir="auto"
          defaultValue={body.defaultValue}
          placeholder={texts.placeholder}
          aria-label={texts.label}
          aria-invalid={body.error ? true : undefined}
          aria-describedby={body.error ? `${boxId}-error` : undefined}
          className={`${inputStyles} resize-y`}
          data-testid="message-seller-body"
        />
        {body.error ? (
          <p id={`${boxId}-error`} className="text-sm text-red-600" role="alert">
            {body.error}
          </p>
        ) : null}
        {form.errors?.length ? <FormAlert>{form.errors[0]}</FormAlert> : null}
        <button
          type="submit"
          className={`${buttonStyles.primary} w-full`}
          disabled={busy}
          data-testid="message-seller-send"
        >
          <Icon name="send" className="size-4 rtl:-scale-x-100" aria-hidden />
          {busy ? texts.sending : texts.send}
        </button>
      </fetcher.Form>
    </div>
  );
}
