import { Link } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import { cardStyles } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/react";
import type { InboxRowView } from "~/views/messaging/inbox-view.server";
import { LocalTime } from "./local-time";

/**
 * The member's conversations, newest first. Each row links to its conversation (the whole row is
 * the "Open" link's target); unread ones stand out in weight and with their count.
 */
export function InboxList({
  rows,
  activeId,
  compact = false,
}: {
  rows: InboxRowView[];
  activeId?: string;
  compact?: boolean;
}) {
  const { t } = useTranslation("messages");
  return (
    <ul
      className={`${cardStyles} divide-y divide-line overflow-hidden`}
      aria-label={t("inbox.listLabel")}
      data-testid="inbox-list"
    >
      {rows.map((row) => {
        const unread = row.unread > 0;
        const active = row.id === activeId;
        return (
          <li
            key={row.id}
            className={`relative flex gap-3 p-3 transition sm:p-4 ${
              active ? "bg-brand-50" : unread ? "bg-white hover:bg-slate-50" : "hover:bg-slate-50"
            }`}
            data-testid="inbox-row"
            data-unread={unread || undefined}
          >
            <Avatar member={row.avatar} size="size-10 shrink-0 sm:size-11" />
            <div className="min-w-0 flex-1">
              <div className="flex items-baseline justify-between gap-2">
                <p
                  className={`truncate text-sm text-ink ${unread ? "font-bold" : "font-semibold"}`}
                  dir="auto"
                  data-testid="inbox-name"
                >
                  {row.name}
                </p>
                <LocalTime iso={row.iso} text={row.time} className="shrink-0 text-xs text-muted" />
              </div>
              <p className="mt-0.5 flex min-w-0 items-center gap-1.5 text-xs text-muted">
                <span className="truncate" dir="auto" data-testid="inbox-listing">
                  {row.listingTitle}
                </span>
                <span aria-hidden>·</span>
                <span className="shrink-0 font-semibold text-brand-700" data-testid="inbox-price">
                  {row.price}
                </span>
                {row.statusLabel ? (
                  <span className="shrink-0 rounded-full bg-slate-100 px-1.5 py-0.5 text-[11px] font-semibold text-slate-600">
                    {row.statusLabel}
                  </span>
                ) : null}
              </p>
              <p
                className={`mt-1 truncate text-sm ${unread ? "font-medium text-ink" : "text-muted"}`}
                dir="auto"
                data-testid="inbox-preview"
              >
                {row.preview}
              </p>
              {compact ? null : (
                <div className="mt-2 flex items-center justify-between gap-2">
                  <span
                    className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${
                      unread
                        ? "bg-accent-500/15 text-amber-800 ring-1 ring-accent-500/40"
                        : "bg-slate-100 text-slate-600"
                    }`}
                    data-testid="inbox-status"
                  >
                    {unread ? (
                      <>
                        <span className="size-1.5 rounded-full bg-accent-500" aria-hidden />
                        {t("inbox.unread")}
                        <span className="font-normal">({row.unreadText})</span>
                      </>
                    ) : (
                      t("inbox.read")
                    )}
                  </span>
                  <Link
                    to={row.href}
                    aria-label={row.openLabel}
                    aria-current={active ? "page" : undefined}
                    className="inline-flex items-center gap-0.5 rounded-lg px-2 py-1 text-sm font-semibold text-brand-700 after:absolute after:inset-0 hover:bg-brand-50 focus-visible:after:rounded-2xl"
                    data-testid="inbox-open"
                  >
                    {t("inbox.open")}
                    <Icon name="chevron-right" className="size-4 rtl:-scale-x-100" aria-hidden />
                  </Link>
                </div>
              )}
              {compact ? (
                <Link
                  to={row.href}
                  aria-label={row.openLabel}
                  className="after:absolute after:inset-0"
                  data-testid="inbox-open"
                >
                  <span className="sr-only">{t("inbox.open")}</span>
                </Link>
              ) : null}
            </div>
            <div className={compact ? "hidden" : "hidden shrink-0 min-[400px]:block"}>
              {row.image ? (
                <img
                  src={row.image.src}
                  width={row.image.width}
                  height={row.image.height}
                  alt=""
                  loading="lazy"
                  className="size-14 rounded-xl object-cover ring-1 ring-line sm:size-16"
                />
              ) : (
                <span className="flex size-14 items-center justify-center rounded-xl bg-slate-100 text-slate-400 sm:size-16">
                  <Icon name="image-off" className="size-5" aria-hidden />
                </span>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
