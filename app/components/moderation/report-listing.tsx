import { Flag, LogIn, Send } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, useFetcher, useNavigation } from "react-router";
import { FormAlert } from "~/components/forms/field";
import { buttonStyles, inputStyles } from "~/components/ui/button-styles";
import { Dialog, DialogClose } from "~/components/ui/dialog";
import { toast } from "~/components/ui/toast";
import { REPORT_DETAILS_MAX, REPORT_REASONS } from "~/domain/moderation/moderation-schemas";
import { useNamespace, useTranslation } from "~/i18n/react";

export type ReportActionData =
  | { intent: "report"; ok: true }
  | { intent: "report"; ok: false; error: string; values: { reason: string; details: string } };

type T = (key: string, options?: Record<string, unknown>) => string;

interface ReportListingProps {
  listingId: string;
  signedIn: boolean;
  /** `?report=1`: the form sits on the page itself — the way that needs no JavaScript. */
  inline: boolean;
  /** Where a visitor signs in first (and comes back to the form). */
  loginUrl: string;
  /** The page's action reply when it was a report sent by the inline form. */
  result: ReportActionData | undefined;
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
  const common = useTranslation().t;
  const [hydrated, setHydrated] = useState(false);
  const [open, setOpen] = useState(false);
  const [reported, setReported] = useState(false);
  const fetcher = useFetcher<ReportActionData>();
  useEffect(() => setHydrated(true), []);

  const sent = fetcher.data;
  const handled = useRef<ReportActionData | null>(null);
  useEffect(() => {
    if (!sent?.ok || handled.current === sent) return;
    handled.current = sent;
    setOpen(false);
    setReported(true);
    toast.success(common("flash.report-submitted.title"), {
      description: common("flash.report-submitted.body"),
    });
  }, [sent, common]);

  const pageFailure = result && !result.ok ? result : undefined;
  const dialogFailure = sent && !sent.ok ? sent : undefined;

  return (
    <section
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-line sm:p-6"
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
            <Flag className="size-4" aria-hidden />
            {t("report.button")}
          </Link>
          <p className="mt-2 flex items-center gap-1.5 text-xs text-muted">
            <LogIn className="size-3.5 rtl:-scale-x-100" aria-hidden />
            {t("report.loginRequired")}
          </p>
        </>
      ) : inline ? (
        <InlineReportForm listingId={listingId} failure={pageFailure} t={t} />
      ) : (
        <Link
          to="?report=1"
          preventScrollReset
          className={`${buttonStyles.secondary} w-full`}
          onClick={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            setOpen(true);
          }}
          data-testid="report-open"
        >
          <Flag className="size-4" aria-hidden />
          {t("report.button")}
        </Link>
      )}
      {signedIn ? (
        <Dialog
          open={open}
          onOpenChange={setOpen}
          title={t("report.title")}
          description={t("report.description")}
          testId="report-dialog"
        >
          <fetcher.Form method="post" action={`/listing/${listingId}`} className="mt-4 space-y-4">
            <input type="hidden" name="intent" value="report" />
            <input type="hidden" name="js" value="1" />
            <ReportFields failure={dialogFailure} t={t} />
            <div className="flex flex-wrap justify-end gap-2">
              <DialogClose className={buttonStyles.secondary}>{t("report.cancel")}</DialogClose>
              <button
                type="submit"
                className={buttonStyles.primary}
                disabled={fetcher.state !== "idle"}
                data-testid="report-submit"
              >
                <Send className="size-4 rtl:-scale-x-100" aria-hidden />
                {fetcher.state !== "idle" ? t("report.submitting") : t("report.submit")}
              </button>
            </div>
          </fetcher.Form>
        </Dialog>
      ) : null}
    </section>
  );
}

function InlineReportForm({
  listingId,
  failure,
  t,
}: {
  listingId: string;
  failure: Extract<ReportActionData, { ok: false }> | undefined;
  t: T;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form
      method="post"
      action={`/listing/${listingId}?report=1`}
      className="space-y-4"
      data-testid="report-form"
      aria-label={t("report.title")}
    >
      <h2 className="text-lg font-semibold text-ink">{t("report.title")}</h2>
      <p className="text-sm text-muted">{t("report.description")}</p>
      <input type="hidden" name="intent" value="report" />
      <ReportFields failure={failure} t={t} />
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          className={buttonStyles.primary}
          disabled={busy}
          data-testid="report-submit"
        >
          <Send className="size-4 rtl:-scale-x-100" aria-hidden />
          {busy ? t("report.submitting") : t("report.submit")}
        </button>
        <Link
          to={`/listing/${listingId}`}
          replace
          preventScrollReset
          className={buttonStyles.secondary}
        >
          {t("report.cancel")}
        </Link>
      </div>
    </Form>
  );
}

function ReportFields({
  failure,
  t,
}: {
  failure: Extract<ReportActionData, { ok: false }> | undefined;
  t: T;
}) {
  const id = useId();
  const values = failure?.values;
  return (
    <>
      {failure ? <FormAlert>{failure.error}</FormAlert> : null}
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-ink">{t("report.reason")}</legend>
        <div className="grid grid-cols-2 gap-2">
          {REPORT_REASONS.map((reason) => (
            <label
              key={reason}
              className="flex cursor-pointer items-center gap-2 rounded-xl border border-line px-3 py-2 text-sm text-ink hover:bg-slate-50 has-checked:border-brand-500 has-checked:bg-brand-50"
            >
              <input
                type="radio"
                name="reason"
                value={reason}
                required
                defaultChecked={values?.reason === reason}
                className="accent-brand-600"
              />
              {t(`report.reasons.${reason}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={`${id}-details`} className="mb-1.5 block text-sm font-medium text-ink">
          {t("report.details")}
        </label>
        <textarea
          id={`${id}-details`}
          name="details"
          rows={4}
          maxLength={REPORT_DETAILS_MAX}
          dir="auto"
          placeholder={t("report.detailsPlaceholder")}
          defaultValue={values?.details}
          aria-describedby={`${id}-details-hint`}
          className={inputStyles}
        />
        <p id={`${id}-details-hint`} className="mt-1.5 text-xs text-muted">
          {t("report.detailsHint")}
        </p>
      </div>
    </>
  );
}
