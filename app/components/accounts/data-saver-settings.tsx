import { Form } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { FormAlert } from "~/components/ui/field";
import { useValidatedForm } from "~/components/ui/form";
import { Icon } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/react";
import { replyFor } from "~/utils/form-reply";
import { SettingsCard } from "./settings-card";

const dataSaverSchema = () => import("~/utils/data-saver").then((m) => m.dataSaverSchema);

/**
 * Data saver on this device (intent data-saver; utils/data-saver.ts): a cookie, so it works for
 * this browser only and signed out too. When the browser itself asks for less data (Save-Data),
 * the card says so: Souqna saves data whatever the box says.
 */
export function DataSaverCard({
  on,
  browser,
  saved,
  actionData,
  busy,
}: {
  /** The setting as this device has it. */
  on: boolean;
  /** The browser sent `Save-Data: on`. */
  browser: boolean;
  saved: boolean;
  actionData: unknown;
  busy: boolean;
}) {
  const { t } = useTranslation("account");
  const lastResult = replyFor(actionData, "data-saver");
  const { form, formProps } = useValidatedForm({
    name: "data-saver",
    schema: dataSaverSchema,
    lastResult,
  });
  return (
    <SettingsCard
      icon={<Icon name="gauge" className="size-5" aria-hidden />}
      title={t("settings.dataSaver.title")}
      testId="settings-data-saver"
    >
      {saved ? (
        <FormAlert tone="success" title={t("settings.dataSaver.savedTitle")}>
          {on ? t("settings.dataSaver.savedOn") : t("settings.dataSaver.savedOff")}
        </FormAlert>
      ) : null}
      <Form method="post" className="space-y-4" {...formProps} data-testid="data-saver-form">
        <input type="hidden" name="intent" value="data-saver" />
        {form.errors?.length ? <FormAlert>{form.errors[0]}</FormAlert> : null}
        <p id="data-saver-body" className="text-sm text-muted">
          {t("settings.dataSaver.body")}
        </p>
        <label className="flex cursor-pointer items-center gap-3 rounded-xl border border-line px-4 py-3 text-sm font-medium text-ink has-checked:border-brand-500 has-checked:bg-brand-50">
          <input
            type="checkbox"
            name="dataSaver"
            defaultChecked={on}
            aria-describedby="data-saver-body"
            className="size-4 accent-brand-600"
            data-testid="data-saver-checkbox"
          />
          <span>{t("settings.dataSaver.label")}</span>
        </label>
        {browser ? (
          <p className="text-sm text-muted" data-testid="data-saver-browser">
            {t("settings.dataSaver.browser")}
          </p>
        ) : null}
        <button
          type="submit"
          className={buttonStyles.primary}
          disabled={busy}
          data-testid="data-saver-submit"
        >
          {busy ? t("settings.dataSaver.saving") : t("settings.dataSaver.save")}
        </button>
      </Form>
    </SettingsCard>
  );
}
