import { Form, useNavigation } from "react-router";
import { buttonStyles, inputStyles } from "~/components/ui/button-styles";
import { Control, Field, FormAlert } from "~/components/ui/field";
import { fieldProps, useValidatedForm } from "~/components/ui/form";
import { Icon } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/react";
import type { FormReply } from "~/utils/form-reply";

export interface BusinessFormValues {
  name: string;
  address: string;
  hours: string;
  description: string;
  website: string;
  logoUrl: string | null;
}

const schema = () => import("~/domain/sellers/business-schemas").then((m) => m.businessSchema);

/**
 * The business page form (issue 32): a plain multipart form, checked in the browser by the
 * action's own schema once it has come, and always by the action. The logo is re-encoded on the
 * server; "Remove the logo" takes it away.
 */
export function BusinessForm({
  values,
  lastResult,
}: {
  values: BusinessFormValues | null;
  lastResult: FormReply | undefined;
}) {
  const { t } = useTranslation("account");
  const busy = useNavigation().state !== "idle";
  const { form, fields, formProps } = useValidatedForm({
    name: "business",
    schema,
    lastResult,
    defaultValue: values ?? undefined,
  });
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...formProps}
      className="space-y-5"
      data-testid="business-form"
    >
      <input type="hidden" name="intent" value="save" />
      {form.errors?.length ? <FormAlert>{form.errors[0]}</FormAlert> : null}
      <Field
        {...fieldProps(fields.name)}
        label={t("business.name")}
        hint={t("business.nameHint")}
        markRequired
        required
        maxLength={80}
        dir="auto"
      />
      <Field
        {...fieldProps(fields.address)}
        label={t("business.address")}
        hint={t("business.addressHint")}
        maxLength={200}
        dir="auto"
      />
      <Field
        {...fieldProps(fields.hours)}
        label={t("business.hours")}
        hint={t("business.hoursHint")}
        maxLength={200}
        dir="auto"
      />
      <Control
        name={fields.description.name}
        label={t("business.description")}
        hint={t("business.descriptionHint")}
        error={fields.description.errors?.[0]}
      >
        {(props) => (
          <textarea
            {...props}
            rows={4}
            maxLength={1000}
            defaultValue={
              typeof fields.description.initialValue === "string"
                ? fields.description.initialValue
                : ""
            }
            dir="auto"
            className={inputStyles}
          />
        )}
      </Control>
      <Field
        {...fieldProps(fields.website)}
        label={t("business.website")}
        hint={t("business.websiteHint")}
        inputMode="url"
        dir="ltr"
        maxLength={200}
      />
      <Control
        name={fields.logo.name}
        label={t("business.logo")}
        hint={t("business.logoHint")}
        error={fields.logo.errors?.[0]}
      >
        {(props) => (
          <input
            {...props}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif,image/heic"
            className={inputStyles}
          />
        )}
      </Control>
      {values?.logoUrl ? (
        <div className="flex items-center gap-3">
          <img
            src={values.logoUrl}
            alt=""
            width={64}
            height={64}
            className="size-16 rounded-xl object-contain ring-1 ring-line"
          />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="removeLogo" value="yes" />
            {t("business.removeLogo")}
          </label>
        </div>
      ) : null}
      <button
        type="submit"
        className={buttonStyles.primary}
        disabled={busy}
        data-testid="business-save"
      >
        <Icon name="briefcase" className="size-4" aria-hidden />
        {values ? t("business.save") : t("business.create")}
      </button>
    </Form>
  );
}
