import { data } from "react-router";
import type { ZodType } from "zod";
import type { Lang } from "~/i18n/config";
import { formatDateTime, formatNumber } from "~/i18n/format";
import { serverT } from "~/i18n/i18n.server";
import type { TranslationKey } from "~/i18n/keys";
import { type AppError, isAppError } from "./app-error";
import { type FormReply, REPLY_LINK } from "./form-reply";
import { type FormSubmission, parseSubmission } from "./form-submission";
import { SYRIA_TIME_ZONE } from "./syria-time";

export type { FormReply } from "./form-reply";

/** The action's side of a form: the schema's verdict, its messages in the page's language. */
export function parseForm<S extends ZodType>(lang: Lang, form: FormData, schema: S) {
  const t = serverT(lang);
  // A schema's messages are keys of `errors` by convention; a stray one shows as its key.
  return parseSubmission(form, schema, (key) => t(`errors.${key}` as TranslationKey<"common">));
}

/** What a reply may send back into the form: never a password. */
function secretFields(submission: FormSubmission<ZodType>) {
  return Object.keys(submission.payload).filter((name) => /password/i.test(name));
}

/** 400: the form again, with each invalid field's message and what the visitor typed. */
export function invalidForm(submission: FormSubmission<ZodType>) {
  return data<FormReply>(submission.reply({ hideFields: secretFields(submission) }), {
    status: 400,
  });
}

/**
 * A domain failure as the form's reply: the message under its field when the error names one
 * (`new AppError("USERNAME_TAKEN", { field: "username" })`), above the form otherwise, with the
 * error's HTTP status (and Retry-After when rate limited). Anything else is rethrown, so it is
 * logged and shown as the generic error screen.
 */
export function failedForm(lang: Lang, submission: FormSubmission<ZodType>, error: unknown) {
  if (!isAppError(error)) throw error;
  const message = appErrorMessage(lang, error);
  const hideFields = secretFields(submission);
  // A refusal that names a page of ours to go to instead (LISTING_REPEATS_YOURS: the listing).
  const link: Record<string, string[]> =
    typeof error.params.link === "string" && /^\/(?!\/)/.test(error.params.link)
      ? { [REPLY_LINK]: [error.params.link] }
      : {};
  const reply = error.field
    ? submission.reply({ fieldErrors: { [error.field]: [message], ...link }, hideFields })
    : submission.reply({ formErrors: [message], fieldErrors: link, hideFields });
  return data<FormReply>(reply, { status: error.status, headers: retryAfter(error) });
}

/** A domain failure's text in the page's language. */
export function appErrorMessage(lang: Lang, error: AppError) {
  if (error.code === "RATE_LIMITED") {
    return rateLimitedMessage(lang, Number(error.params.seconds ?? 0));
  }
  if (error.code === "MESSAGE_RATE_LIMITED") {
    // Sending limits are counted in seconds ("wait 7 seconds", in the page's digits).
    const count = Math.max(1, Number(error.params.seconds ?? 1));
    return serverT(lang)("errors.MESSAGE_RATE_LIMITED", {
      count,
      formatted: formatNumber(lang, count),
    });
  }
  if (
    error.code === "POSTING_RATE_LIMITED" ||
    error.code === "LISTING_CHANGE_RATE_LIMITED" ||
    error.code === "PHOTO_RATE_LIMITED" ||
    error.code === "CONVERSATION_RATE_LIMITED"
  ) {
    return waitMessage(lang, error.code, Number(error.params.seconds ?? 0));
  }
  if (error.code === "PHONE_CODE_WAIT") {
    // Rounded up to minutes, so the member never asks a moment too early.
    const count = Math.max(1, Math.ceil(Number(error.params.seconds ?? 0) / 60));
    return serverT(lang)("errors.PHONE_CODE_WAIT", {
      count,
      formatted: formatNumber(lang, count),
    });
  }
  if (error.code === "RATING_TOO_EARLY") {
    const count = Math.max(1, Math.ceil(Number(error.params.seconds ?? 0) / 3600));
    return serverT(lang)("errors.RATING_TOO_EARLY", {
      count,
      formatted: formatNumber(lang, count),
    });
  }
  if (error.code === "PHONE_CODE_WRONG") {
    const count = Number(error.params.left ?? 0);
    return serverT(lang)("errors.PHONE_CODE_WRONG", {
      count,
      formatted: formatNumber(lang, count),
    });
  }
  if (error.code === "BUMP_TOO_SOON") {
    const at = new Date(String(error.params.at ?? ""));
    return serverT(lang)("errors.BUMP_TOO_SOON", {
      date: Number.isNaN(at.getTime())
        ? ""
        : formatDateTime(lang, at, { timeZone: SYRIA_TIME_ZONE }),
    });
  }
  return serverT(lang)(`errors.${error.code}`);
}

/** The codes a limit refuses with: each says how long to wait, and answers Retry-After. */
const WAITING_CODES = new Set<AppError["code"]>([
  "RATE_LIMITED",
  "MESSAGE_RATE_LIMITED",
  "POSTING_RATE_LIMITED",
  "LISTING_CHANGE_RATE_LIMITED",
  "PHOTO_RATE_LIMITED",
  "CONVERSATION_RATE_LIMITED",
  "PHONE_CODE_WAIT",
]);

export function retryAfter(error: AppError): HeadersInit {
  if (!WAITING_CODES.has(error.code)) return {};
  return { "Retry-After": String(Math.max(1, Number(error.params.seconds ?? 0))) };
}

/**
 * "You can post again in 35 minutes" (or "in 5 hours", past an hour: a day's limit), in the
 * page's digits. Rounded up, so the member never comes back a minute too early.
 */
function waitMessage(
  lang: Lang,
  code:
    | "POSTING_RATE_LIMITED"
    | "LISTING_CHANGE_RATE_LIMITED"
    | "PHOTO_RATE_LIMITED"
    | "CONVERSATION_RATE_LIMITED",
  seconds: number,
) {
  const t = serverT(lang);
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes > 60 && code === "POSTING_RATE_LIMITED") {
    const hours = Math.ceil(seconds / 3600);
    return t("errors.postingRateLimitedHours", {
      count: hours,
      formatted: formatNumber(lang, hours),
    });
  }
  return t(`errors.${code}`, { count: minutes, formatted: formatNumber(lang, minutes) });
}

/** "Too many attempts. Please try again in N minutes.", N in the page's digits. */
export function rateLimitedMessage(lang: Lang, seconds: number) {
  const count = Math.max(1, Math.ceil(seconds / 60));
  return serverT(lang)("errors.RATE_LIMITED", { count, formatted: formatNumber(lang, count) });
}

/**
 * A route's `headers` export: its parents' headers (the flash cookie's removal), its loader's
 * and its action's (Retry-After on 429), every cookie kept. Without such an export React Router
 * keeps only a route's cookies from its loader and action, so Retry-After would be lost.
 */
export function withActionHeaders({
  parentHeaders,
  loaderHeaders,
  actionHeaders,
}: {
  parentHeaders: Headers;
  loaderHeaders?: Headers;
  actionHeaders: Headers;
}) {
  const headers = new Headers();
  for (const source of [parentHeaders, loaderHeaders, actionHeaders]) {
    if (!source) continue;
    source.forEach((value, key) => {
      if (key !== "set-cookie") headers.set(key, value);
    });
    for (const cookie of source.getSetCookie()) headers.append("Set-Cookie", cookie);
  }
  return headers;
}
