import { data } from "react-router";
import type { ProfileInput } from "~/domain/accounts/update-profile.server";
import type { Lang } from "~/i18n/config";
import { serverT } from "~/i18n/i18n.server";
import { type FormFailure, failedAction } from "~/utils/action-error.server";
import { type AppErrorCode, isAppError } from "~/utils/app-error";

/** The profile form's text fields, as the action reads them and a failure sends them back. */
export const PROFILE_FIELDS = [
  "fullName",
  "username",
  "location",
  "phoneNumber",
] as const satisfies readonly (keyof ProfileInput)[];

const FIELD_OF: Partial<Record<AppErrorCode, string>> = {
  NAME_REQUIRED: "fullName",
  NAME_TOO_LONG: "fullName",
  USERNAME_INVALID: "username",
  USERNAME_TAKEN: "username",
  LOCATION_INVALID: "location",
  PHONE_INVALID: "phoneNumber",
  IMAGE_NOT_IMAGE: "avatar",
  IMAGE_TOO_LARGE: "avatar",
  IMAGE_UNREADABLE: "avatar",
};

/** "Failed to save changes" above the form, the reason under the field, and what was typed. */
export function profileFailure(lang: Lang, error: unknown, values: Record<string, string>) {
  const formError = serverT(lang, "account")("profile.saveFailed");
  if (!isAppError(error)) {
    console.error(error);
    return data<FormFailure>({ ok: false, intent: "profile", formError, values }, { status: 500 });
  }
  const field = FIELD_OF[error.code];
  if (!field) return failedAction(lang, error, values, "profile");
  const message = serverT(lang)(`errors.${error.code}`);
  return data<FormFailure>(
    { ok: false, intent: "profile", formError, fieldErrors: { [field]: message }, values },
    { status: error.status },
  );
}
