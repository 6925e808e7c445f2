import { Form } from "react-router";
import { buttonStyles, inputStyles } from "~/components/ui/button-styles";
import { FormAlert } from "~/components/ui/field";
import { useValidatedForm } from "~/components/ui/form";
import { Icon } from "~/components/ui/icon";
import type { FormReply } from "~/utils/form-reply";
import type { RatingPanelView } from "~/views/common/rating-views.server";

const ratingSchema = () => import("~/domain/ratings/rating-rules").then((m) => m.ratingSchema);

/**
 * The rating form (Conform, so fetched on demand: the server draws it in place, and until its code
 * arrives it is a plain form the action answers).
 */
export interface RatingFormProps {
  panel: RatingPanelView;
  /** The action's reply to intent "rate", if any. */
  lastResult: FormReply | undefined;
  busy: boolean;
}

export function RatingForm({ panel, lastResult, busy }: RatingFormProps) {
  const { form, fields, formProps } = useValidatedForm({
    name: "rating",
    schema: ratingSchema,
    lastResult,
    defaultValue: panel.mine
      ? {
          stars: String(panel.mine.starsValue),
          tags: panel.mine.tags,
          comment: panel.mine.comment,
        }
      : undefined,
    validateOn: "onSubmit",
  });
  const stars = String(fields.stars.initialValue ?? "");
  const initialTags = fields.tags.initialValue;
  const chosen = new Set(
    Array.isArray(initialTags) ? initialTags : initialTags ? [String(initialTags)] : [],
  );
  const error = (name: "stars" | "tags" | "comment") => fields[name].errors?.[0];
  return (
    <Form method="post" className="space-y-4" {...formProps} data-testid="rating-form">
      <input type="hidden" name="intent" value="rate" />
      {panel.mine ? null : <p className="text-sm text-muted">{panel.texts.intro}</p>}
      {panel.note ? <p className="text-xs text-muted">{panel.note}</p> : null}
      {form.errors?.[0] ? <FormAlert>{form.errors[0]}</FormAlert> : null}
      <fieldset aria-describedby={error("stars") ? "rating-stars-error" : undefined}>
        <legend className="mb-1.5 text-sm font-medium text-ink">{panel.texts.stars}</legend>
        <div className="flex flex-wrap gap-1.5" data-testid="rating-stars">
          {panel.starLabels.map((label, i) => {
            const value = String(i + 1);
            return (
              <label key={value} className="cursor-pointer">
                <input
                  type="radio"
                  name={fields.stars.name}
                  value={value}
                  defaultChecked={stars === value}
                  className="peer sr-only"
                  aria-label={label}
                />
                <span className="flex h-10 min-w-10 items-center justify-center gap-1 rounded-lg px-2 text-sm font-semibold ring-1 ring-line peer-checked:bg-amber-100 peer-checked:ring-2 peer-checked:ring-amber-500 peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-brand-600">
                  {value}
                  <Icon name="star" className="size-4 fill-amber-400 text-amber-500" aria-hidden />
                </span>
              </label>
            );
          })}
        </div>
        {error("stars") ? (
          <p id="rating-stars-error" className="mt-1.5 text-sm text-red-600" role="alert">
            {error("stars")}
          </p>
        ) : null}
      </fieldset>
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-ink">{panel.texts.tagsLabel}</legend>
        <div className="flex flex-wrap gap-1.5" data-testid="rating-tags">
          {panel.tags.map((tag) => (
            <label key={tag.value} className="cursor-pointer">
              <input
                type="checkbox"
                name={fields.tags.name}
                value={tag.value}
                defaultChecked={chosen.has(tag.value)}
                className="peer sr-only"
              />
              <span
                className={`inline-block rounded-full px-3 py-1.5 text-xs font-medium ring-1 ring-line peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-brand-600 ${tag.negative ? "peer-checked:bg-red-50 peer-checked:text-red-800 peer-checked:ring-red-300" : "peer-checked:bg-brand-50 peer-checked:text-brand-800 peer-checked:ring-brand-300"}`}
              >
                {tag.label}
              </span>
            </label>
          ))}
        </div>
        {error("tags") ? (
          <p className="mt-1.5 text-sm text-red-600" role="alert">
            {error("tags")}
          </p>
        ) : null}
      </fieldset>
      <div>
        <label htmlFor="rating-comment" className="mb-1.5 block text-sm font-medium text-ink">
          {panel.texts.comment}
        </label>
        <textarea
          id="rating-comment"
          name={fields.comment.name}
          defaultValue={String(fields.comment.initialValue ?? "")}
          rows={3}
          maxLength={panel.commentMax * 2}
          dir="auto"
          className={inputStyles}
          aria-invalid={error("comment") ? true : undefined}
          aria-describedby="rating-comment-hint"
        />
        <p id="rating-comment-hint" className="mt-1.5 text-xs text-muted">
          {panel.texts.commentHint}
        </p>
        {error("comment") ? (
          <p className="mt-1.5 text-sm text-red-600" role="alert">
            {error("comment")}
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        className={buttonStyles.primary}
        disabled={busy}
        data-testid="rating-submit"
      >
        {panel.texts.submit}
      </button>
    </Form>
  );
}
