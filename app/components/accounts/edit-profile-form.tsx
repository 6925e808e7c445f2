import { type ChangeEvent, useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import { buttonStyles, inputStyles } from "~/components/ui/button-styles";
import { Card } from "~/components/ui/card";
import { CityOptions } from "~/components/ui/city-options";
import { Field, FormAlert } from "~/components/ui/field";
import { fieldProps, useValidatedForm } from "~/components/ui/form";
import { toast } from "~/components/ui/toast";
import {
  AVATAR_MAX_BYTES,
  NAME_MAX,
  PHONE_INPUT_MAX,
  USERNAME_MAX,
} from "~/domain/accounts/accounts-limits";
import { useTranslation } from "~/i18n/react";
import { replyFor } from "~/utils/form-reply";
import type { ProfileView } from "~/views/accounts/profile-view.server";
import type { CityGroup } from "~/views/common/city-groups.server";

const profileSchema = () =>
  import("~/domain/accounts/accounts-schemas").then((m) => m.profileSchema);

/**
 * The profile form (the page fetches it after it is drawn). Each field is checked in the browser
 * by the schema the action parses; the picture is checked for size and previewed as soon as it
 * is chosen, and sent with the rest on Save. A failure comes back with what was typed and the
 * reason under its field.
 */
export function EditProfileForm({
  profile,
  locations,
  actionData,
}: {
  profile: ProfileView;
  locations: CityGroup[];
  /** The page's action data, which may be the reply to intent profile. */
  actionData: unknown;
}) {
  const { t } = useTranslation("account");
  const lastResult = replyFor(actionData, "profile");
  const busy = useNavigation().formData?.get("intent") === "profile";
  const [preview, setPreview] = useState<string | null>(null);
  const [avatarError, setAvatarError] = useState<string | undefined>();
  const { form, fields, formProps } = useValidatedForm({
    name: "profile",
    schema: profileSchema,
    lastResult,
  });
  // What the form starts with: what was sent when the reply echoes it, else the profile (a
  // request too large to read echoes nothing; an emptied name is echoed as its error).
  const echoed = lastResult?.initialValue;
  const sent = Boolean(echoed && ("fullName" in echoed || lastResult?.error?.fullName));
  const initial = (
    name: "fullName" | "username" | "location" | "phoneNumber",
    saved?: string | null,
  ) => (sent ? (fieldProps(fields[name]).defaultValue ?? "") : (saved ?? ""));
  const shownAvatarError = avatarError ?? fields.avatar.errors?.[0];

  useEffect(() => {
    return () => {
      if (preview) URL.revokeObjectURL(preview);
    };
  }, [preview]);

  // The picture is only previewed here; it is uploaded with the rest of the form on Save.
  function onAvatarChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    setPreview(null);
    setAvatarError(undefined);
    if (!file) return;
    if (file.size > AVATAR_MAX_BYTES) {
      event.currentTarget.value = "";
      const message = t("profile.imageTooLarge");
      setAvatarError(message);
      toast.error(message);
      return;
    }
    setPreview(URL.createObjectURL(file));
    toast(t("profile.imageSelected.title"), { description: t("profile.imageSelected.body") });
  }

  return (
    <Card as="section" className="mt-4 p-6">
      <h2 className="text-lg font-semibold text-ink">{t("profile.edit")}</h2>
      <Form
        method="post"
        encType="multipart/form-data"
        className="mt-5 space-y-5"
        {...formProps}
        data-testid="profile-form"
      >
        <input type="hidden" name="intent" value="profile" />
        {form.errors?.length ? <FormAlert>{form.errors[0]}</FormAlert> : null}

        <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
          {preview ? (
            <img
              src={preview}
              alt={t("profile.form.avatarPreview")}
              className="size-20 shrink-0 rounded-full object-cover ring-2 ring-brand-200"
              width={80}
              height={80}
            />
          ) : (
            <Avatar member={profile} size="size-20 shrink-0 text-3xl!" />
          )}
          <div className="min-w-0 flex-1">
            <label htmlFor="field-avatar" className="mb-1.5 block text-sm font-medium text-ink">
              {t("profile.form.avatar")}
            </label>
            <input
              id="field-avatar"
              name={fields.avatar.name}
              type="file"
              accept="image/*"
              onChange={onAvatarChange}
              aria-invalid={shownAvatarError ? true : undefined}
              aria-describedby={shownAvatarError ? "field-avatar-error" : "field-avatar-hint"}
              className="block w-full text-sm text-muted file:me-3 file:cursor-pointer file:rounded-xl file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
              data-testid="avatar-input"
            />
            {shownAvatarError ? (
              <p id="field-avatar-error" className="mt-1.5 text-sm text-red-600" role="alert">
                {shownAvatarError}
              </p>
            ) : (
              <p id="field-avatar-hint" className="mt-1.5 text-xs text-muted">
                {t("profile.form.avatarHint")}
              </p>
            )}
          </div>
        </div>

        <Field
          {...fieldProps(fields.fullName)}
          defaultValue={initial("fullName", profile.fullName)}
          dir="auto"
          autoComplete="name"
          label={t("profile.form.fullName")}
          maxLength={NAME_MAX}
          required
        />
        <Field
          {...fieldProps(fields.username)}
          defaultValue={initial("username", profile.username)}
          dir="ltr"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          label={t("profile.form.username")}
          hint={t("profile.form.usernameHint")}
          // One more for the "@" people type first.
          maxLength={USERNAME_MAX + 1}
        />
        <LocationSelect
          name={fields.location.name}
          groups={locations}
          defaultValue={initial("location", profile.location)}
          error={fields.location.errors?.[0]}
        />
        <Field
          {...fieldProps(fields.phoneNumber)}
          defaultValue={initial("phoneNumber", profile.phone)}
          type="tel"
          inputMode="tel"
          dir="ltr"
          autoComplete="tel"
          label={t("profile.form.phone")}
          placeholder={t("profile.form.phonePlaceholder")}
          hint={t("profile.form.phoneHint")}
          maxLength={PHONE_INPUT_MAX}
        />

        <div className="flex flex-col-reverse gap-3 border-t border-line pt-5 sm:flex-row sm:justify-end">
          <Link to="/profile" className={buttonStyles.secondary} data-testid="cancel-edit">
            {t("profile.cancel")}
          </Link>
          <button type="submit" className={buttonStyles.primary} disabled={busy}>
            {busy ? t("profile.saving") : t("profile.save")}
          </button>
        </div>
      </Form>
    </Card>
  );
}

function LocationSelect({
  name,
  groups,
  defaultValue,
  error,
}: {
  name: string;
  groups: CityGroup[];
  defaultValue: string;
  error?: string;
}) {
  const { t } = useTranslation("account");
  return (
    <div>
      <label htmlFor="field-location" className="mb-1.5 block text-sm font-medium text-ink">
        {t("profile.form.location")}
      </label>
      <select
        id="field-location"
        name={name}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "field-location-error" : undefined}
        className={inputStyles}
      >
        <option value="">{t("profile.form.locationNone")}</option>
        <CityOptions groups={groups} />
      </select>
      {error ? (
        <p id="field-location-error" className="mt-1.5 text-sm text-red-600" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
