import { Link, useNavigation } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import { ConfirmPanel } from "~/components/ui/confirm-panel";
import { Icon } from "~/components/ui/icon";
import { Stars } from "~/components/ui/stars";
import { TrustMark } from "~/components/ui/trust-mark";
import { useTranslation } from "~/i18n/react";
import type { ThreadView } from "~/views/messaging/thread-view.server";

/**
 * The conversation's head: back to the inbox (narrow screens), who it is with, the listing it is
 * about, reporting (a page of its own) and blocking with its confirmation (a link to
 * ?confirm=block, so it works without JavaScript).
 */
export function ThreadHeader({ page }: { page: ThreadView }) {
  const { t } = useTranslation("messages");
  const busy = useNavigation().state === "submitting";
  return (
    <header className="border-b border-line">
      <div className="flex items-center gap-3 px-3 py-3 sm:px-5">
        <Link
          to="/messages"
          className="rounded-lg p-1.5 text-ink hover:bg-slate-100 lg:hidden"
          aria-label={t("thread.back")}
          data-testid="thread-back"
        >
          <Icon name="arrow-left" className="size-5 rtl:-scale-x-100" aria-hidden />
        </Link>
        <Avatar member={page.other.avatar} size="size-10 shrink-0" />
        <div className="min-w-0 flex-1">
          <div className="flex min-w-0 items-center gap-2">
            <h1
              className="truncate text-base font-bold text-ink"
              dir="auto"
              data-testid="thread-name"
            >
              {page.other.name}
            </h1>
            {page.other.phoneVerified ? (
              <span className="shrink-0">
                <TrustMark testId="thread-phone-verified">{page.other.phoneVerified}</TrustMark>
              </span>
            ) : null}
          </div>
          <Link
            to={page.listing.href}
            className="flex min-w-0 items-center gap-1.5 text-xs text-muted hover:text-brand-700"
            data-testid="thread-listing"
          >
            <span className="truncate" dir="auto">
              {page.listing.title}
            </span>
            <span aria-hidden>·</span>
            <span className="shrink-0 font-semibold text-brand-700">{page.listing.price}</span>
            {page.listing.statusLabel ? (
              <span className="shrink-0 rounded-full bg-slate-100 px-1.5 text-[11px] font-semibold text-slate-600">
                {page.listing.statusLabel}
              </span>
            ) : null}
          </Link>
          {page.otherRatings ? (
            <p
              className="mt-0.5 flex items-center gap-1 text-xs text-muted"
              data-testid="thread-other-ratings"
            >
              {page.otherRatings.stars ? (
                <Stars stars={page.otherRatings.stars} size="size-3" />
              ) : null}
              <span className="truncate">{page.otherRatings.text}</span>
            </p>
          ) : null}
        </div>
        <Link to={page.listing.href} className="hidden shrink-0 sm:block" tabIndex={-1} aria-hidden>
          {page.listing.image ? (
            <img
              src={page.listing.image.src}
              width={page.listing.image.width}
              height={page.listing.image.height}
              alt=""
              className="size-12 rounded-lg object-cover ring-1 ring-line"
            />
          ) : (
            <span className="flex size-12 items-center justify-center rounded-lg bg-slate-100 text-slate-400">
              <Icon name="image-off" className="size-5" aria-hidden />
            </span>
          )}
        </Link>
        {page.reportHref && !page.confirmBlock ? (
          <Link
            to={page.reportHref}
            className="shrink-0 rounded-lg p-2 text-sm font-medium text-muted hover:bg-slate-100 sm:px-3"
            data-testid="report-conversation"
          >
            <Icon name="flag" className="size-4 sm:hidden" aria-hidden />
            <span className="sr-only sm:not-sr-only">{t("thread.report")}</span>
          </Link>
        ) : null}
        {page.canBlock && !page.confirmBlock ? (
          <Link
            to="?confirm=block"
            replace
            preventScrollReset
            className="shrink-0 rounded-lg p-2 text-sm font-medium text-red-700 hover:bg-red-50 sm:px-3"
            data-testid="block-member"
          >
            <Icon name="ban" className="size-4 sm:hidden" aria-hidden />
            <span className="sr-only sm:not-sr-only">{t("thread.block")}</span>
          </Link>
        ) : null}
      </div>
      {page.confirmBlock ? (
        <ConfirmPanel
          name="block"
          className="mx-3 mb-3 rounded-xl border border-red-200 bg-red-50 p-4 sm:mx-5"
          question={t("thread.blockConfirm", { name: page.other.name })}
          questionClassName="text-sm text-red-900"
          intent="block"
          confirm={t("thread.blockYes")}
          icon="ban"
          cancel={t("thread.cancel")}
          cancelTo="."
          busy={busy}
        />
      ) : null}
    </header>
  );
}
