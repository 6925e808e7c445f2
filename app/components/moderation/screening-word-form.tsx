import { Form, useNavigation } from "react-router";
import { buttonStyles, inputStyles } from "~/components/ui/button-styles";
import { FormAlert } from "~/components/ui/field";
import { fieldProps, useValidatedForm } from "~/components/ui/form";
import { Icon } from "~/components/ui/icon";
import { SCREENING_WORD_MAX } from "~/domain/screening/screening-word-schema";
import { useTranslation } from "~/i18n/react";
import type { FormReply } from "~/utils/form-reply";

const wordSchema = () =>
  import("~/domain/screening/screening-word-schema").then((m) => m.screeningWordSchema);

/**
 * The moderators' form that adds a word or phrase to the screening list: checked in the browser
 * before it is sent, and by the action always. Fetched on demand (Conform).
 */
export function ScreeningWordForm({ lastResult }: { lastResult: FormReply | undefined }) {
  const { t } = useTranslation("moderation");
  const busy = useNavigation().state === "submitting";
  const { form, fields, formProps } = useValidatedForm({
    name: "screening-word",
    schema: wordSchema,
    lastResult,
    id: "screening-word",
  });
  const phrase = fieldProps(fields.phrase);
  const describedBy = phrase.error ? "screening-word-error" : "screening-word-hint";
  return (
    <Form method="post" className="space-y-2" data-testid="screening-word-form" {...formProps}>
      {form.errors?.length ? <FormAlert>{form.errors[0]}</FormAlert> : null}
      <input type="hidden" name="intent" value="word-add" />
      <label htmlFor="screening-word-phrase" className="block text-sm font-medium text-ink">
        {t("words.label")}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id="screening-word-phrase"
          name={phrase.name}
          required
          maxLength={SCREENING_WORD_MAX}
          dir="auto"
          defaultValue={phrase.defaultValue}
          aria-invalid={phrase.error ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputStyles} min-w-0 flex-1`}
        />
        <button type="submit" className={buttonStyles.primary} disabled={busy}>
          <Icon name="plus" className="size-4" aria-hidden />
          {t("words.add")}
        </button>
      </div>
      {phrase.error ? (
        <p id="screening-word-error" className="text-sm text-red-600" role="alert">
          {phrase.error}
        </p>
      ) : (
        <p id="screening-word-hint" className="text-xs text-muted">
          {t("words.hint")}
        </p>
      )}
    </Form>
  );
}
