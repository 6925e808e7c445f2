import { Bell } from "lucide-react";
import { Form } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { FormAlert } from "~/components/ui/field";
import { useValidatedForm } from "~/components/ui/form";
import {
  NOTIFICATION_KINDS,
  type NotificationKind,
} from "~/domain/notifications/notification-kinds";
import { useTranslation } from "~/i18n/react";
import { replyFor } from "~/utils/form-reply";
import { SettingsCard } from "./settings-card";

const notificationSettingsSchema = () =>
  import("~/domain/notifications/notification-schemas").then((m) => m.notificationSettingsSchema);

/** Which e-mails Souqna sends the member: one box per kind (settings, intent notifications). */
export function NotificationsCard({
  email,
  saved,
  actionData,
  busy,
}: {
  /** Whether each kind's e-mail is on now. */
  email: Record<NotificationKind, boolean>;
  saved: boolean;
  actionData: unknown;
  busy: boolean;
}) {
  const { t } = useTranslation("account");
  const lastResult = replyFor(actionData, "notifications");
  const { form, formProps } = useValidatedForm({
    name: "notifications",
    schema: notificationSettingsSchema,
    lastResult,
  });
  return (
    <SettingsCard
      icon={<Bell className="size-5" aria-hidden />}
      title={t("settings.notifications.title")}
      testId="settings-notifications"
    >
      {saved ? (
        <FormAlert tone="success" title={t("settings.notifications.savedTitle")}>
          {t("settings.notifications.savedBody")}
        </FormAlert>
      ) : null}
      <Form method="post" className="space-y-4" {...formProps} data-testid="notifications-form">
        <input type="hidden" name="intent" value="notifications" />
        {form.errors?.length ? <FormAlert>{form.errors[0]}</FormAlert> : null}
        <fieldset>
          <legend className="text-sm text-muted">{t("settings.notifications.body")}</legend>
          <div className="mt-3 space-y-2">
            {NOTIFICATION_KINDS.map((kind) => (
              <label
                key={kind}
                className="flex cursor-pointer items-center gap-3 rounded-xl border border-line px-4 py-3 text-sm font-medium text-ink transition hover:bg-slate-50"
              >
                <input
                  type="checkbox"
                  name={`${kind}Email`}
                  defaultChecked={email[kind]}
                  className="size-4 accent-brand-600"
                  data-testid={`notify-${kind}-email`}
                />
                <span>{t(`settings.notifications.kinds.${kind}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <button
          type="submit"
          className={buttonStyles.primary}
          disabled={busy}
          data-testid="notifications-submit"
        >
          {t("settings.notifications.save")}
        </button>
      </Form>
    </SettingsCard>
  );
}
