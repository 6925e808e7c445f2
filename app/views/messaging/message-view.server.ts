import type { MessagePhotoRef } from "~/domain/messaging/message-photo-refs.server";
import { checkMessageSafety } from "~/domain/messaging/safety-check";
import type { Lang } from "~/i18n/config";
import { formatDate, formatDateTime, formatNumber } from "~/i18n/format";
import { SYRIA_TIME_ZONE } from "~/utils/syria-time";
import type { MessagePhotoView, MessageView, OfferCard, UnreadCount } from "./message-types";

/** Times are shown in Syria's time zone until the browser shows the reader's own. */

export function messageTime(lang: Lang, date: Date, now = new Date()) {
  const sameDay =
    formatDate(lang, date, { timeZone: SYRIA_TIME_ZONE, dateStyle: "short" }) ===
    formatDate(lang, now, { timeZone: SYRIA_TIME_ZONE, dateStyle: "short" });
  return formatDateTime(lang, date, { timeZone: SYRIA_TIME_ZONE, timeOnly: sameDay });
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
    offerId?: string | null;
    conversationId?: string;
    photos?: MessagePhotoRef[];
  },
  offer?: OfferCard,
): MessageView {
  const mine = message.senderId === readerId;
  return {
    id: message.id,
    body: message.body,
    mine,
    iso: message.createdAt.toISOString(),
    time: messageTime(lang, message.createdAt),
    // The warning is for the reader of someone else's message.
    flags:
      mine || message.offerId
        ? { link: false, payment: false, code: false }
        : checkMessageSafety(message.body),
    seen: mine && Boolean(message.readAt),
    // Only to its sender: what their outbox knows it by.
    ...(mine && message.clientId ? { clientId: message.clientId } : {}),
    ...(message.offerId ? { offerId: message.offerId } : {}),
    ...(offer ? { offer } : {}),
    ...(message.photos?.length && message.conversationId
      ? { photos: message.photos.map((photo) => photoView(message.conversationId ?? "", photo)) }
      : {}),
  };
}

export function unreadView(lang: Lang, count: number): UnreadCount {
  return { count, formatted: formatNumber(lang, count) };
}

/** The conversation's own address for one of its photos at one of its widths. */
export function messagePhotoUrl(conversationId: string, photoId: string, width: number) {
  return `/messages/${conversationId}/photos/${photoId}/${width}`;
}

/** A photo as the thread shows it: a small width in the list, the largest a tap away. */
export function photoView(conversationId: string, photo: MessagePhotoRef): MessagePhotoView {
  const small = photo.widths.find((w) => w >= 320) ?? photo.widths.at(-1) ?? photo.width;
  const large = photo.widths.at(-1) ?? photo.width;
  return {
    src: messagePhotoUrl(conversationId, photo.id, small),
    full: messagePhotoUrl(conversationId, photo.id, large),
    width: small,
    height: Math.max(1, Math.round((photo.height * small) / photo.width)),
  };
}
