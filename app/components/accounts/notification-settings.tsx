import { Form } from "react-router";
import { PushOptIn } from "~/components/notifications/push-opt-in";
import { buttonStyles } from "~/components/ui/button-styles";
import { FormAlert } from "~/components/ui/field";
import { useValidatedForm } from "~/components/ui/form";
import { Icon } from "~/components/ui/icon";
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationSettings,
} from "~/domain/notifications/notification-kinds";
import { useTranslation } from "~/i18n/react";
import { replyFor } from "~/utils/form-reply";
import { SettingsCard } from "./settings-card";

const notificationSettingsSchema = () =>
  import("~/domain/notifications/notification-schemas").then((m) => m.notificationSettingsSchema);

/**
 * How Souqna tells the member of each kind: a box per kind and channel (settings, intent
 * notifications), and this device's push subscription (decision 021), which needs JavaScript.
 */
export function NotificationsCard({
  settings,
  unreadDelay,
  saved,
  actionData,
  busy,
}: {
  /** Each kind's channels as they are now. */
  settings: NotificationSettings;
  /** How long a message waits unread before its e-mail, in words (NOTIFY_UNREAD_AFTER_SECONDS). */
  unreadDelay: string;
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
      icon={<Icon name="bell" className="size-5" aria-hidden />}
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
              <div
                key={kind}
                className="rounded-xl border border-line px-4 py-3 text-sm"
                data-testid={`notify-${kind}`}
              >
                <p className="font-medium text-ink">
                  {kind === "messages"
                    ? t("settings.notifications.kinds.messages", { delay: unreadDelay })
                    : t(`settings.notifications.kinds.${kind}`)}
                </p>
                <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
                  {NOTIFICATION_CHANNELS.map((channel) => (
                    <label
                      key={channel}
                      className="flex cursor-pointer items-center gap-2 text-ink"
                    >
                      <input
                        type="checkbox"
                        name={`${kind}${channel === "email" ? "Email" : "Push"}`}
                        defaultChecked={settings[kind][channel]}
                        className="size-4 accent-brand-600"
                        data-testid={`notify-${kind}-${channel}`}
                      />
                      <span>{t(`settings.notifications.channels.${channel}`)}</span>
                    </label>
                  ))}
                </div>
              </div>
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
      <section className="mt-6 space-y-2 border-t border-line pt-4" aria-labelledby="push-device">
        <h3 id="push-device" className="text-sm font-semibold text-ink">
          {t("settings.notifications.device.title")}
        </h3>
        <p className="text-sm text-muted">{t("settings.notifications.device.body")}</p>
        <PushOptIn
          testId="push-device"
          texts={{
            enable: t("settings.notifications.device.enable"),
            enabled: t("settings.notifications.device.enabled"),
            disable: t("settings.notifications.device.disable"),
            working: t("settings.notifications.device.working"),
            unsupported: t("settings.notifications.device.unsupported"),
            denied: t("settings.notifications.device.denied"),
            failed: t("settings.notifications.device.failed"),
            noJs: t("settings.notifications.device.noJs"),
          }}
        />
      </section>
    </SettingsCard>
  );
}
