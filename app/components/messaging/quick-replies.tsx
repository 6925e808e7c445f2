import { Form } from "react-router";

/**
 * One tap for a common message (issue 31): each a small form of its own that posts the text as it
 * is shown, in the sender's language — plain buttons that work without JavaScript. With
 * JavaScript, `onPick` takes the text instead (the thread's outbox).
 */
export function QuickReplies({
  label,
  texts,
  fields,
  action,
  onPick,
}: {
  label: string;
  texts: string[];
  /** The hidden fields each form posts besides `body` (intent, listing, client id). */
  fields: Record<string, string>;
  action?: string;
  onPick?: (text: string) => void;
}) {
  if (texts.length === 0) return null;
  return (
    <fieldset
      className="m-0 flex min-w-0 gap-2 overflow-x-auto border-0 p-0 pb-1"
      data-testid="quick-replies"
    >
      <legend className="sr-only">{label}</legend>
      {texts.map((text) => (
        <Form
          key={text}
          method="post"
          action={action}
          className="shrink-0"
          onSubmit={
            onPick
              ? (event) => {
                  event.preventDefault();
                  onPick(text);
                }
              : undefined
          }
        >
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name="body" value={text} />
          <button
            type="submit"
            dir="auto"
            className="rounded-full border border-brand-200 bg-white px-3 py-1.5 text-sm text-brand-700 hover:bg-brand-50"
          >
            {text}
          </button>
        </Form>
      ))}
    </fieldset>
  );
}
