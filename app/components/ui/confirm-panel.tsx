import { Form, Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { Icon, type IconName } from "~/components/ui/icon";

/**
 * "Are you sure?" for a destructive step, drawn in the page (no JavaScript needed): a link to
 * `?confirm=…` shows it, its button posts `intent`, and Cancel goes back to the page without it.
 */
export function ConfirmPanel({
  name,
  question,
  questionClassName,
  intent,
  confirm,
  icon,
  cancel,
  cancelTo,
  busy,
  className = "rounded-xl border border-red-200 bg-red-50 p-4",
}: {
  /** Names the test ids and the question's id: confirm-{name}, confirm-{name}-yes. */
  name: string;
  question: string;
  questionClassName: string;
  intent: string;
  confirm: string;
  icon: IconName;
  cancel: string;
  cancelTo: string;
  busy: boolean;
  /** The panel's classes; by default a red box. */
  className?: string;
}) {
  return (
    <div
      className={className}
      role="alertdialog"
      aria-labelledby={`confirm-${name}-text`}
      data-testid={`confirm-${name}`}
    >
      <p id={`confirm-${name}-text`} className={questionClassName}>
        {question}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="intent" value={intent} />
          <button
            type="submit"
            disabled={busy}
            className={`${buttonStyles.primary} bg-red-600 hover:bg-red-700`}
            data-testid={`confirm-${name}-yes`}
          >
            <Icon name={icon} className="size-4" aria-hidden />
            {confirm}
          </button>
        </Form>
        <Link to={cancelTo} replace preventScrollReset className={buttonStyles.secondary}>
          {cancel}
        </Link>
      </div>
    </div>
  );
}
