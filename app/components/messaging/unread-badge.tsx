import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import { formatNumber } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import type { UnreadCount } from "~/views/messaging/message-types";
import { useUnreadCount } from "./use-live-messages";

/** The header's link to /messages with the unread count, kept current by the event stream. */
export function UnreadBadge({ initial }: { initial: UnreadCount | null | undefined }) {
  const { t, i18n } = useTranslation();
  const unread = useUnreadCount(initial);
  const count = unread?.count ?? 0;
  const label =
    count > 0
      ? `${t("header.messages")} (${t("header.unreadCount", { count, formatted: unread?.formatted ?? "" })})`
      : t("header.messages");
  return (
    <Link
      to="/messages"
      // On phones the avatar carries the count (member-menu.tsx); the menu links to /messages.
      className="relative hidden rounded-xl p-2 text-ink hover:bg-slate-100 sm:flex"
      aria-label={label}
      title={label}
      data-testid="messages-link"
    >
      <Icon name="message-circle" className="size-5" aria-hidden />
      {count > 0 ? (
        <span
          className="absolute -end-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-bold leading-none text-white ring-2 ring-white"
          aria-hidden
          data-testid="unread-badge"
        >
          {count > 99
            ? `${formatNumber(i18n.language === "ar" ? "ar" : "en", 99)}+`
            : unread?.formatted}
        </span>
      ) : null}
    </Link>
  );
}
