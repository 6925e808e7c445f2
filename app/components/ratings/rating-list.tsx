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
                    <details className="mt-3" open={Boolean(failed) || undefined}>
                      <summary className="cursor-pointer text-sm font-semibold text-brand-700">
                        {list.texts.reply}
                      </summary>
                      <Form
                        method="post"
                        className="mt-2 space-y-2"
                        data-testid="rating-answer-form"
                      >
                        <input type="hidden" name="intent" value="rating-answer" />
                        <input type="hidden" name="ratingId" value={item.id} />
                        <label
                          className="block text-sm font-medium text-ink"
                          htmlFor={`answer-${item.id}`}
                        >
                          {list.texts.replyLabel}
                        </label>
                        <textarea
                          id={`answer-${item.id}`}
                          name="reply"
                          rows={3}
                          dir="auto"
                          defaultValue={typeof typed?.reply === "string" ? typed.reply : ""}
                          className={inputStyles}
                        />
                        {failed ? <FormAlert>{failed}</FormAlert> : null}
                        <button type="submit" className={buttonStyles.primary}>
                          {list.texts.replySubmit}
                        </button>
                      </Form>
                    </details>
                  ) : null}
                  {item.canReport ? (
                    <details className="mt-3" open={Boolean(failed) || undefined}>
                      <summary className="cursor-pointer text-xs font-semibold text-muted">
                        {list.texts.report}
                      </summary>
                      <Form
                        method="post"
                        className="mt-2 space-y-2"
                        data-testid="rating-report-form"
                      >
                        <input type="hidden" name="intent" value="rating-report" />
                        <input type="hidden" name="ratingId" value={item.id} />
                        <label className="block text-sm text-ink" htmlFor={`report-${item.id}`}>
                          {list.texts.reportDetails}
                        </label>
                        <textarea
                          id={`report-${item.id}`}
                          name="details"
                          rows={2}
                          dir="auto"
                          defaultValue={typeof typed?.details === "string" ? typed.details : ""}
                          className={inputStyles}
                        />
                        {failed ? <FormAlert>{failed}</FormAlert> : null}
                        <button type="submit" className={buttonStyles.secondary}>
                          {list.texts.reportSubmit}
                        </button>
                      </Form>
                    </details>
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
