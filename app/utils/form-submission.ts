import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ZodType, z } from "zod";
import type { $ZodIssue } from "zod/v4/core";

/*
 * The one way a form is read, in the browser (before the request, once the schema has arrived)
 * and in the action (always): Conform's parser over a Zod schema, each message translated. A
 * schema's messages are keys of the `errors` catalog; `translate` turns a key into the page's
 * language. Fields arrive as strings (or files), untouched: a schema trims and coerces itself.
 */

export type FormSubmission<S extends ZodType> = Submission<z.input<S>, string[], z.output<S>>;

export function parseSubmission<S extends ZodType>(
  form: FormData | URLSearchParams,
  schema: S,
  /** The issue too, for a message that names something the key alone does not (a field label). */
  translate: (key: string, issue: $ZodIssue) => string,
): FormSubmission<S> {
  return parseWithZod(form, {
    schema,
    disableAutoCoercion: true,
    formatError: (issues: $ZodIssue[]) => issues.map((issue) => translate(issue.message, issue)),
  }) as FormSubmission<S>;
}
