import type { Lang } from "~/i18n/config";
import { formatNumber } from "~/i18n/format";
import { serverT } from "~/i18n/i18n.server";

/**
 * How long a message waits unread before its e-mail (NOTIFY_UNREAD_AFTER_SECONDS), as Settings
 * says it: "10 minutes", «ساعتين», in the largest unit that keeps it whole.
 */
export function unreadDelayText(lang: Lang, seconds: number) {
  const t = serverT(lang, "account");
  const say = (unit: "seconds" | "minutes" | "hours", count: number) =>
    t(`settings.notifications.delay.${unit}`, { count, formatted: formatNumber(lang, count) });
  if (seconds <= 0) return t("settings.notifications.delay.moment");
  if (seconds % 3600 === 0) return say("hours", seconds / 3600);
  if (seconds % 60 === 0) return say("minutes", seconds / 60);
  return say("seconds", seconds);
}
