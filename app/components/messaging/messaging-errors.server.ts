import { data } from "react-router";
import type { Lang } from "~/i18n/config";
import { formatNumber } from "~/i18n/format";
import { serverT } from "~/i18n/i18n.server";
import { type AppError, isAppError } from "~/utils/app-error";

/** A domain failure as the message a person reads ("wait 7 seconds", in their digits). */
export function messagingErrorText(lang: Lang, error: AppError) {
  const t = serverT(lang);
  if (error.code === "MESSAGE_RATE_LIMITED") {
    const seconds = Math.max(1, Number(error.params.seconds ?? 1));
    return t("errors.MESSAGE_RATE_LIMITED", {
      count: seconds,
      formatted: formatNumber(lang, seconds),
    });
  }
  return t(`errors.${error.code}`);
}

/**
 * An action's reply to a domain failure: its HTTP status (404 for strangers, 429 with Retry-After
 * past the limits) and the translated text; anything else is rethrown and logged as a 500.
 */
export function messagingFailure<Extra extends Record<string, unknown>>(
  lang: Lang,
  error: unknown,
  extra: Extra = {} as Extra,
) {
  if (!isAppError(error)) throw error;
  const headers: HeadersInit =
    error.code === "MESSAGE_RATE_LIMITED"
      ? { "Retry-After": String(Math.max(1, Number(error.params.seconds ?? 1))) }
      : {};
  return data(
    { ok: false as const, error: messagingErrorText(lang, error), code: error.code, ...extra },
    { status: error.status, headers },
  );
}
