import type { InboxEntry } from "~/domain/messaging/list-inbox.server";
import type { Lang } from "~/i18n/config";
import { formatNumber, formatPrice } from "~/i18n/format";
import { serverT } from "~/i18n/i18n.server";
import { localized } from "~/i18n/localized";
import { listingThumb } from "~/media/listing-images.server";
import type { MediaStorage } from "~/media/storage.server";
import { messageTime } from "./message-view.server";

export interface InboxRowView {
  id: string;
  href: string;
  name: string;
  avatar: { avatarUrl: string | null; initial: string };
  listingTitle: string;
  price: string;
  /** "Sold", "Removed"…; empty for an active listing. */
  statusLabel: string;
  image: { src: string; width: number; height: number } | null;
  /** The last message on one line, "You: …" when the reader wrote it. */
  preview: string;
  time: string;
  iso: string;
  unread: number;
  unreadText: string;
  openLabel: string;
}

const PREVIEW_LENGTH = 140;

/** Inbox rows, formatted on the server in the reader's language. */
export function toInboxRows(
  lang: Lang,
  entries: InboxEntry[],
  storage: MediaStorage,
): InboxRowView[] {
  const t = serverT(lang, "messages");
  return entries.map((entry) => {
    const name = entry.other?.name ?? t("inbox.unknownUser");
    const listingTitle = localized(lang, entry.listing, "title");
    const last = entry.lastMessage;
    // Only a message of photos alone has no text (issue 31).
    const oneLine = last
      ? shorten(last.body.replace(/\s+/g, " ").trim()) || `📷 ${t("photos.only")}`
      : "";
    return {
      id: entry.id,
      href: `/messages/${entry.id}`,
      name,
      avatar: {
        avatarUrl: entry.other?.avatarUrl ?? null,
        initial: ([...name][0] ?? "?").toUpperCase(),
      },
      listingTitle,
      price: formatPrice(lang, entry.listing.price),
      statusLabel: t(`inbox.status.${entry.listing.status}`),
      image: listingThumb(entry.listing.image, storage),
      preview: last
        ? last.mine
          ? t("inbox.you", { text: oneLine })
          : oneLine
        : t("inbox.noMessages"),
      time: messageTime(lang, entry.lastMessage?.createdAt ?? entry.lastMessageAt),
      iso: (entry.lastMessage?.createdAt ?? entry.lastMessageAt).toISOString(),
      unread: entry.unread,
      unreadText: t("inbox.newCount", {
        count: entry.unread,
        formatted: formatNumber(lang, entry.unread),
      }),
      openLabel: t("inbox.openLabel", { name, title: listingTitle }),
    };
  });
}

function shorten(text: string) {
  const chars = [...text];
  return chars.length > PREVIEW_LENGTH ? `${chars.slice(0, PREVIEW_LENGTH).join("")}…` : text;
}
