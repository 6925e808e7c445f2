import { useEffect, useRef, useState } from "react";
import { Form, Link, useLocation } from "react-router";
import { useUnreadCount } from "~/components/messaging/use-live-messages";
import { Avatar } from "~/components/ui/avatar";
import { Icon } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/react";
import type { UnreadCount } from "~/views/messaging/message-types";

export interface MemberSummary {
  name: string;
  email: string;
  avatarUrl: string | null;
  initial: string;
  emailVerified: boolean;
  /** Moderators get a link to /moderation (the page itself checks again on the server). */
  moderator?: boolean;
  /** The header's unread-messages badge (live once the page runs). */
  unreadMessages?: UnreadCount | null;
}

/**
 * The signed-in member's menu. A <details> element, so it opens without JavaScript; with
 * JavaScript it also closes on navigation, Escape and outside clicks.
 */
export function MemberMenu({ member }: { member: MemberSummary }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const unread = useUnreadCount(member.unreadMessages);

  // Close when the page changes — not when the menu first hydrates: its code arrives after the
  // page's, and a member who opened it meanwhile (it works without JavaScript) keeps it open.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const shownAt = useRef(location.key);
  useEffect(() => {
    if (shownAt.current === location.key) return;
    shownAt.current = location.key;
    ref.current?.removeAttribute("open");
  }, [location.key]);

  useEffect(() => {
    const close = (event: Event) => {
      const details = ref.current;
      if (!details?.open) return;
      if (
        event instanceof KeyboardEvent
          ? event.key === "Escape"
          : !details.contains(event.target as Node)
      ) {
        details.removeAttribute("open");
      }
    };
    document.addEventListener("click", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("click", close);
      document.removeEventListener("keydown", close);
    };
  }, []);

  const item = "flex items-center gap-3 px-4 py-2.5 text-sm text-ink hover:bg-slate-50";
  return (
    <details
      ref={ref}
      className="relative"
      data-testid="member-menu"
      data-hydrated={hydrated || undefined}
    >
      <summary
        className="relative flex cursor-pointer list-none items-center rounded-full p-0.5 ring-brand-500 hover:ring-2 [&::-webkit-details-marker]:hidden"
        aria-label={
          unread && unread.count > 0
            ? `${t("memberMenu.open")} (${t("header.unreadCount", { count: unread.count, formatted: unread.formatted })})`
            : t("memberMenu.open")
        }
      >
        <Avatar member={member} />
        {unread && unread.count > 0 ? (
          // Phones have no room for the header's messages icon: the avatar carries the count.
          <span
            className="absolute -end-1 -top-1 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] font-bold leading-none text-white ring-2 ring-white sm:hidden"
            aria-hidden
          >
            {unread.formatted}
          </span>
        ) : null}
      </summary>
      <div className="absolute end-0 z-40 mt-2 w-56 overflow-hidden rounded-xl bg-white py-1 shadow-lg ring-1 ring-line">
        <div className="border-b border-line px-4 py-2.5">
          <p className="truncate text-sm font-semibold" dir="auto">
            {member.name}
          </p>
          {member.email ? (
            <p className="truncate text-xs text-muted" dir="ltr">
              {member.email}
            </p>
          ) : null}
        </div>
        <Link to="/profile" className={item}>
          <Icon name="user-round" className="size-4 text-muted" aria-hidden />
          {t("memberMenu.profile")}
        </Link>
        <Link to="/my-listings" className={item}>
          <Icon name="list-checks" className="size-4 text-muted" aria-hidden />
          {t("memberMenu.listings")}
        </Link>
        <Link to="/favorites" className={item}>
          <Icon name="heart" className="size-4 text-muted" aria-hidden />
          {t("memberMenu.favorites")}
        </Link>
        <Link to="/saved-searches" className={item} data-testid="menu-saved-searches">
          <Icon name="bell-ring" className="size-4 text-muted" aria-hidden />
          {t("memberMenu.savedSearches")}
        </Link>
        <Link to="/messages" className={item} data-testid="menu-messages">
          <Icon name="message-circle" className="size-4 text-muted" aria-hidden />
          <span className="flex-1">{t("memberMenu.messages")}</span>
          {unread && unread.count > 0 ? (
            <span className="rounded-full bg-red-600 px-1.5 py-0.5 text-[11px] font-bold leading-none text-white">
              {unread.formatted}
            </span>
          ) : null}
        </Link>
        <Link to="/settings" className={item}>
          <Icon name="settings" className="size-4 text-muted" aria-hidden />
          {t("memberMenu.settings")}
        </Link>
        {member.moderator ? (
          <Link to="/moderation" className={item} data-testid="moderation-link">
            <Icon name="shield-check" className="size-4 text-muted" aria-hidden />
            {t("memberMenu.moderation")}
          </Link>
        ) : null}
        <Form method="post" action="/logout" className="border-t border-line">
          <button type="submit" className={`${item} w-full text-red-700`} data-testid="logout">
            <Icon name="log-out" className="size-4 rtl:-scale-x-100" aria-hidden />
            {t("memberMenu.logout")}
          </button>
        </Form>
      </div>
    </details>
  );
}
