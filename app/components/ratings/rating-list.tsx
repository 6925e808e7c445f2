import { Form } from "react-router";
import { buttonStyles, inputStyles } from "~/components/ui/button-styles";
import { Card } from "~/components/ui/card";
import { FormAlert } from "~/components/ui/field";
import { Stars } from "~/components/ui/stars";
import type { FormReply } from "~/utils/form-reply";
import type { RatingListView } from "~/views/common/rating-views.server";

/**
 * The ratings a member received, on their public page (decision 038): stars, tags, comment, who
 * and when, and the member's one public answer. The member answers from here; other signed-in
 * members can report a rating. Both are plain forms folded in <details>, so no JavaScript is needed.
 */
export function RatingList({
  list,
  reply,
}: {
  list: RatingListView;
  /** The action's answer to an answer or a report, with the rating it was about. */
  reply: (FormReply & { ratingId?: string }) | undefined;
}) {
  return (
    <section aria-labelledby="seller-ratings" className="mt-8" data-testid="seller-ratings">
      <h2 id="seller-ratings" className="mb-4 text-xl font-bold text-ink">
        {list.title}
      </h2>
      {list.items.length === 0 ? (
        <p className="text-sm text-muted">{list.empty}</p>
      ) : (
        <ul className="space-y-3">
          {list.items.map((item) => {
            const failed =
              reply?.status === "error" && reply.initialValue?.ratingId === item.id
                ? Object.values(reply.error ?? {}).flat()[0]
                : undefined;
            const typed =
              reply?.initialValue?.ratingId === item.id ? reply.initialValue : undefined;
            return (
              <li key={item.id}>
                <Card className="p-4" testId="rating-item">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <Stars stars={item.stars} />
                    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
                      {item.role}
                    </span>
                    <span className="text-xs text-muted" dir="auto">
                      {item.by}
                    </span>
                  </div>
                  <p className="mt-1 truncate text-xs text-muted" dir="auto">
                    {item.about}
                  </p>
                  {item.tags.length > 0 ? (
                    <p className="mt-2 flex flex-wrap gap-1.5">
                      {item.tags.map((tag) => (
                        <span
                          key={tag.label}
                          className={`rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ${tag.negative ? "bg-red-50 text-red-800 ring-red-200" : "bg-brand-50 text-brand-800 ring-brand-200"}`}
                        >
                          {tag.label}
                        </span>
                      ))}
                    </p>
                  ) : null}
                  {item.comment ? (
                    <p className="mt-2 whitespace-pre-line text-sm text-ink" dir="auto">
                      {item.comment}
                    </p>
                  ) : null}
                  {item.answer ? (
                    <div
                      className="mt-3 border-s-2 border-brand-300 ps-3 text-sm"
                      data-testid="rating-answer"
                    >
                      <p className="text-xs font-semibold text-muted">{item.answer.title}</p>
                      <p className="mt-0.5 whitespace-pre-line text-ink" dir="auto">
                        {item.answer.text}
                      </p>
                    </div>
                  ) : null}
                  {item.canAnswer ? (
                    <FoldedTextForm
                      kind="answer"
                      texts={list.texts}
                      ratingId={item.id}
                      typed={typed}
                      failed={failed}
                    />
                  ) : null}
                  {item.canReport ? (
                    <FoldedTextForm
                      kind="report"
                      texts={list.texts}
                      ratingId={item.id}
                      typed={typed}
                      failed={failed}
                    />
                  ) : item.reported ? (
                    <p className="mt-3 text-xs text-muted">{list.texts.reported}</p>
                  ) : null}
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** A form folded under a summary: one text box about one rating, its error, its button. */
function FoldedTextForm({
  kind,
  texts,
  ratingId,
  typed,
  failed,
}: {
  kind: "answer" | "report";
  texts: RatingListView["texts"];
  ratingId: string;
  /** What was sent before the action refused it, kept. */
  typed: Record<string, unknown> | undefined;
  failed: string | null | undefined;
}) {
  const form =
    kind === "answer"
      ? {
          summary: texts.reply,
          summaryClass: "text-sm text-brand-700",
          field: "reply",
          label: texts.replyLabel,
          rows: 3,
          submit: texts.replySubmit,
          button: buttonStyles.primary,
        }
      : {
          summary: texts.report,
          summaryClass: "text-xs text-muted",
          field: "details",
          label: texts.reportDetails,
          rows: 2,
          submit: texts.reportSubmit,
          button: buttonStyles.secondary,
        };
  const id = `${form.field}-${ratingId}`;
  const kept = typed?.[form.field];
  return (
    <details className="mt-3" open={Boolean(failed) || undefined}>
      <summary className={`cursor-pointer font-semibold ${form.summaryClass}`}>
        {form.summary}
      </summary>
      <Form method="post" className="mt-2 space-y-2" data-testid={`rating-${kind}-form`}>
        <input type="hidden" name="intent" value={`rating-${kind}`} />
        <input type="hidden" name="ratingId" value={ratingId} />
        <label className="block text-sm font-medium text-ink" htmlFor={id}>
          {form.label}
        </label>
        <textarea
          id={id}
          name={form.field}
          rows={form.rows}
          dir="auto"
          defaultValue={typeof kept === "string" ? kept : ""}
          className={inputStyles}
        />
        {failed ? <FormAlert>{failed}</FormAlert> : null}
        <button type="submit" className={form.button}>
          {form.submit}
        </button>
      </Form>
    </details>
  );
}
