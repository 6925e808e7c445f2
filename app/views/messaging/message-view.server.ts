import { checkMessageSafety } from "~/domain/messaging/safety-check";
import type { Lang } from "~/i18n/config";
import { formatDate, formatDateTime, formatNumber } from "~/i18n/format";
import type { MessageView, UnreadCount } from "./message-types";

/** Times are shown in Syria's time zone until the browser shows the reader's own. */
export const DISPLAY_TIME_ZONE = "Asia/Damascus";

export function messageTime(lang: Lang, date: Date, now = new Date()) {
  const sameDay =
    formatDate(lang, date, { timeZone: DISPLAY_TIME_ZONE, dateStyle: "short" }) ===
    formatDate(lang, now, { timeZone: DISPLAY_TIME_ZONE, dateStyle: "short" });
  return formatDateTime(lang, date, { timeZone: DISPLAY_TIME_ZONE, timeOnly: sameDay });
}

export function toMessageView(
  lang: Lang,
  readerId: string,
  message: {
    id: string;
    senderId: string | null;
    body: string;
    createdAt: Date;
    readAt: Date | null;
    clientId?: string | null;
  },
): MessageView {
  const mine = message.senderId === readerId;
  return {
    id: message.id,
    body: message.body,
    mine,
    iso: message.createdAt.toISOString(),
    time: messageTime(lang, message.createdAt),
    // The warning is for the reader of someone else's message.
    flags: mine ? { link: false, payment: false, code: false } : checkMessageSafety(message.body),
    seen: mine && Boolean(message.readAt),
    // Only to its sender: what their outbox knows it by.
    ...(mine && message.clientId ? { clientId: message.clientId } : {}),
  };
}

export function unreadView(lang: Lang, count: number): UnreadCount {
  return { count, formatted: formatNumber(lang, count) };
}
