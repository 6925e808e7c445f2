import { data } from "react-router";
import type { ZodError } from "zod";
import type { Lang } from "~/i18n/config";
import { formatNumber } from "~/i18n/format";
import { serverT } from "~/i18n/i18n.server";
import type { TranslationKey } from "~/i18n/keys";
import { isAppError } from "./app-error";

export interface FormFailure {
  ok: false;
  intent?: string;
  formError?: string;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
}

/**
 * The first message of each invalid field, keyed by field name. Every schema's messages are keys
 * in the `errors` catalog, whichever area of the domain it belongs to.
 */
function fieldErrors(error: ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}

/** A 400 reply with each invalid field's message, translated, and what the visitor typed. */
export function invalidForm(
  lang: Lang,
  error: ZodError,
  values: Record<string, string>,
  intent?: string,
) {
  const t = serverT(lang);
  const errors = Object.fromEntries(
    // A schema's messages are keys of `errors` by convention; a stray one shows as its key.
    Object.entries(fieldErrors(error)).map(([field, key]) => [
      field,
      t(`errors.${key}` as TranslationKey<"common">),
    ]),
  );
  return data<FormFailure>({ ok: false, intent, fieldErrors: errors, values }, { status: 400 });
}

/**
 * Turns a domain failure into a translated form error with its HTTP status; anything else is
 * rethrown so it is logged and shown as the generic error screen.
 */
export function failedAction(
  lang: Lang,
  error: unknown,
  values: Record<string, string>,
  intent?: string,
) {
  if (!isAppError(error)) throw error;
  const t = serverT(lang);
  const seconds = Number(error.params.seconds ?? 0);
  const message =
    error.code === "RATE_LIMITED" ? rateLimitedMessage(lang, seconds) : t(`errors.${error.code}`);
  const headers: HeadersInit =
    error.code === "RATE_LIMITED" ? { "Retry-After": String(Math.max(1, seconds)) } : {};
  return data<FormFailure>(
    { ok: false, intent, formError: message, values },
    { status: error.status, headers },
  );
}

/** "Too many attempts. Please try again in N minutes.", N in the page's digits. */
export function rateLimitedMessage(lang: Lang, seconds: number) {
  const count = Math.max(1, Math.ceil(seconds / 60));
  return serverT(lang)("errors.RATE_LIMITED", { count, formatted: formatNumber(lang, count) });
}

/** Form fields as strings (files and repeated names ignored), never trusting their types. */
export function formValues<N extends string>(form: FormData, names: readonly N[]) {
  const out = {} as Record<N, string>;
  for (const name of names) {
    const value = form.get(name);
    out[name] = typeof value === "string" ? value : "";
  }
  return out;
}

/** What is safe to send back into the form: never passwords. */
export function echoValues(values: Record<string, string>) {
  return Object.fromEntries(Object.entries(values).filter(([name]) => !/password/i.test(name)));
}

/**
 * A route's `headers` export that keeps its parents' headers (the flash cookie's removal) and
 * adds its action's (Retry-After on 429).
 */
export function withActionHeaders({
  parentHeaders,
  actionHeaders,
}: {
  parentHeaders: Headers;
  actionHeaders: Headers;
}) {
  const headers = new Headers(parentHeaders);
  actionHeaders.forEach((value, key) => {
    headers.set(key, value);
  });
  return headers;
}
