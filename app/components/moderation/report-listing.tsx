import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { cardStyles } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { onDemand } from "~/components/ui/on-demand";
import { toast } from "~/components/ui/toast";
import { useNamespace } from "~/i18n/react";
import type { FormReply } from "~/utils/form-reply";

// The page's own form (`?report=1`, and Conform with it) is fetched only when it is shown.
const InlineReportForm = onDemand(() => import("./report-form").then((m) => m.InlineReportForm));

interface ReportListingProps {
  listingId: string;
  signedIn: boolean;
  /** `?report=1`: the form sits on the page itself — the way that needs no JavaScript. */
  inline: boolean;
  /** Where a visitor signs in first (and comes back to the form). */
  loginUrl: string;
  /** The page's action reply when it was a report sent by the inline form. */
  result: FormReply | undefined;
  translations: object | undefined;
}

/**
 * "Report" under the seller card. Visitors are sent to sign in. Members get a dialog with
 * JavaScript; without it the link opens the same form on the page (`?report=1`).
 */
export function ReportListing({
  listingId,
  signedIn,
  inline,
  loginUrl,
  result,
  translations,
}: ReportListingProps) {
  const { t } = useNamespace("moderation", translations);
  const [hydrated, setHydrated] = useState(false);
  const [open, setOpen] = useState(false);
  // The dialog (JavaScript only) is fetched and drawn at the first click.
  const [used, setUsed] = useState(false);
  const [reported, setReported] = useState(false);
  useEffect(() => setHydrated(true), []);
  const onReported = useCallback(() => {
    setOpen(false);
    setReported(true);
    toast.success(t("report.sentTitle"), { description: t("report.sentBody") });
  }, [t]);

  return (
    <section
      className={`${cardStyles} p-5 sm:p-6`}
      data-testid="report-card"
      data-hydrated={hydrated ? "" : undefined}
    >
      <p className="mb-3 text-sm text-muted">{t("report.heading")}</p>
      {reported ? (
        <p role="status" className="text-sm font-medium text-brand-800" data-testid="reported">
          {t("report.reported")}
        </p>
      ) : !signedIn ? (
        <>
          <Link
            to={loginUrl}
            className={`${buttonStyles.secondary} w-full`}
            data-testid="report-login"
          >
            <Icon name="flag" className="size-4" />
            {t("report.button")}
          </Link>
          <p className="mt-2 flex items-center gap-1.5 text-xs text-muted">
            <Icon name="log-in" className="size-3.5 rtl:-scale-x-100" aria-hidden />
            {t("report.loginRequired")}
          </p>
        </>
      ) : inline ? (
        <Suspense>
          <InlineReportForm listingId={listingId} lastResult={result} />
        </Suspense>
      ) : (
        <Link
          to="?report=1"
          preventScrollReset
          className={`${buttonStyles.secondary} w-full`}
          onClick={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            setUsed(true);
            setOpen(true);
          }}
          data-testid="report-open"
        >
          <Icon name="flag" className="size-4" />
          {t("report.button")}
        </Link>
      )}
      {signedIn && used ? (
        <Suspense fallback={null}>
          <ReportDialog
            listingId={listingId}
            open={open}
            onOpenChange={setOpen}
            onReported={onReported}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

const ReportDialog = lazy(() =>
  import("./report-dialog").then((m) => ({ default: m.ReportDialog })),
);
