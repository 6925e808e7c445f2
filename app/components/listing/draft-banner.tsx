import { useEffect } from "react";
import { useRouteLoaderData } from "react-router";
import { Icon } from "~/components/ui/icon";
import { toast } from "~/components/ui/toast";
import { useTranslation } from "~/i18n/react";
import type { loader as rootLoader } from "~/root";
import { formatDraftTime } from "./draft-storage";
import type { ListingDraft } from "./use-listing-draft";

/**
 * The draft's state above the listing form: when it was saved (green online, amber offline),
 * that it was put back, a draft offered in place of what was typed, and a button to throw the
 * draft away. It exists only in the browser (drafts live in local storage), so the server never
 * renders it.
 */
export function DraftBanner({ draft }: { draft: ListingDraft }) {
  const { t } = useTranslation("listings");
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const lang = root?.lang ?? "en";
  const { savedAt, restoredFrom, online, notice, offer } = draft;
  const offlineNotice = notice === "offlineRefresh";

  // Asking for a category's fields offline: the banner may be far from the visitor; a toast
  // answers where they are, the banner keeps saying it.
  useEffect(() => {
    if (!offlineNotice || !notice) return;
    toast.warning(t(`form.draft.${notice}`), { id: "draft-offline" });
  }, [offlineNotice, notice, t]);

  if (savedAt === null && notice === null && offer === null) return null;
  const now = Date.now();
  const time = savedAt === null ? "" : formatDraftTime(lang, savedAt, now);
  const amber = !online || offlineNotice || notice === "notSaved";
  const tone = amber
    ? "border-amber-300 bg-amber-50 text-amber-900"
    : "border-brand-200 bg-brand-50 text-brand-900";
  const icon = online ? "cloud-check" : "wifi-off";

  return (
    <div
      role="status"
      className={`flex scroll-mt-32 flex-wrap items-start gap-x-3 gap-y-2 rounded-xl border px-4 py-3 text-sm ${tone}`}
      data-testid="draft-banner"
      data-tone={amber ? "offline" : "online"}
    >
      <Icon name={icon} className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="min-w-0 flex-1 basis-[calc(100%-1.75rem)] space-y-1 sm:basis-0">
        {savedAt !== null ? (
          <p className="font-medium" data-testid="draft-saved">
            {online ? t("form.draft.savedAt", { time }) : t("form.draft.offlineSavedAt", { time })}
          </p>
        ) : !online ? (
          <p className="font-medium">{t("form.draft.offline")}</p>
        ) : null}
        {notice ? <p data-testid="draft-notice">{t(`form.draft.${notice}`)}</p> : null}
        {restoredFrom !== null && savedAt !== null ? (
          <p className="flex items-center gap-1 text-xs opacity-80" data-testid="draft-restored">
            <Icon name="rotate-ccw-clock" className="size-3.5 shrink-0" aria-hidden />
            {t("form.draft.restored", { time: formatDraftTime(lang, restoredFrom, now) })}
          </p>
        ) : null}
        {offer ? (
          <div className="space-y-2 pt-1" data-testid="draft-offer">
            <p>
              {t(
                offer.from === "otherTab" ? "form.draft.offerOtherTab" : "form.draft.offerEarlier",
                {
                  time: formatDraftTime(lang, offer.draft.savedAt, now),
                },
              )}
            </p>
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                onClick={draft.takeOffer}
                className="inline-flex min-h-9 items-center gap-1.5 rounded-lg bg-white px-3 text-sm font-semibold shadow-sm ring-1 ring-current/30 hover:bg-white/80 focus-visible:outline-2 focus-visible:outline-current"
              >
                <Icon name="rotate-ccw-clock" className="size-4" aria-hidden />
                {t("form.draft.restore")}
              </button>
              <button
                type="button"
                onClick={draft.dismissOffer}
                className="inline-flex min-h-9 items-center rounded-lg px-3 text-sm font-semibold underline-offset-2 hover:bg-white/60 hover:underline focus-visible:outline-2 focus-visible:outline-current"
              >
                {t("form.draft.dismiss")}
              </button>
            </div>
          </div>
        ) : null}
      </div>
      {savedAt !== null ? (
        <button
          type="button"
          onClick={draft.clear}
          className="inline-flex min-h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold underline-offset-2 hover:bg-white/60 hover:underline focus-visible:outline-2 focus-visible:outline-current"
          data-testid="draft-clear"
        >
          <Icon name="trash" className="size-4" aria-hidden />
          {t("form.draft.clear")}
        </button>
      ) : null}
    </div>
  );
}
