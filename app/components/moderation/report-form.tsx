import { useId } from "react";
import { Form, Link, useNavigation } from "react-router";
import { buttonStyles, inputStyles } from "~/components/ui/button-styles";
import { FormAlert } from "~/components/ui/field";
import { useValidatedForm } from "~/components/ui/form";
import { Icon } from "~/components/ui/icon";
import { REPORT_DETAILS_MAX, REPORT_REASONS } from "~/domain/moderation/moderation-limits";
import { useTranslation } from "~/i18n/react";
import type { FormReply } from "~/utils/form-reply";

/*
 * A member's report of a listing: the page's own form (no JavaScript needed) and the dialog share
 * the fields and the schema, checked in the browser before it is sent and by the action always.
 * Fetched on demand (Conform).
 */

const reportSchema = () =>
  import("~/domain/moderation/moderation-schemas").then((m) => m.reportSchema);

/** Conform's form for a report; `lastResult` is the action's reply to this form. */
export function useReportForm(lastResult: FormReply | undefined, id: string) {
  return useValidatedForm({ name: "report", schema: reportSchema, lastResult, id });
}

type ReportForm = ReturnType<typeof useReportForm>;

/** The reason and details of a report, with the form's failure above them. */
export function ReportFields({ report }: { report: ReportForm }) {
  const { t } = useTranslation("moderation");
  const id = useId();
  const { form, fields } = report;
  const reasonError = fields.reason.errors?.[0];
  const detailsError = fields.details.errors?.[0];
  const chosen = fields.reason.initialValue;
  const details = fields.details.initialValue;
  return (
    <>
      {form.errors?.length ? <FormAlert>{form.errors[0]}</FormAlert> : null}
      <fieldset aria-describedby={reasonError ? `${id}-reason-error` : undefined}>
        <legend className="mb-2 text-sm font-medium text-ink">{t("report.reason")}</legend>
        <div className="grid grid-cols-2 gap-2">
          {REPORT_REASONS.map((reason) => (
            <label
              key={reason}
              className="flex cursor-pointer items-center gap-2 rounded-xl border border-line px-3 py-2 text-sm text-ink hover:bg-slate-50 has-checked:border-brand-500 has-checked:bg-brand-50"
            >
              <input
                type="radio"
                name={fields.reason.name}
                value={reason}
                required
                defaultChecked={chosen === reason}
                aria-invalid={reasonError ? true : undefined}
                className="accent-brand-600"
              />
              {t(`report.reasons.${reason}`)}
            </label>
          ))}
        </div>
        {reasonError ? (
          <p id={`${id}-reason-error`} className="mt-1.5 text-sm text-red-600" role="alert">
            {reasonError}
          </p>
        ) : null}
      </fieldset>
      <div>
        <label htmlFor={`${id}-details`} className="mb-1.5 block text-sm font-medium text-ink">
          {t("report.details")}
        </label>
        <textarea
          id={`${id}-details`}
          name={fields.details.name}
          rows={4}
          maxLength={REPORT_DETAILS_MAX}
          dir="auto"
          placeholder={t("report.detailsPlaceholder")}
          defaultValue={typeof details === "string" ? details : undefined}
          aria-invalid={detailsError ? true : undefined}
          aria-describedby={detailsError ? `${id}-details-error` : `${id}-details-hint`}
          className={inputStyles}
        />
        {detailsError ? (
          <p id={`${id}-details-error`} className="mt-1.5 text-sm text-red-600" role="alert">
            {detailsError}
          </p>
        ) : (
          <p id={`${id}-details-hint`} className="mt-1.5 text-xs text-muted">
            {t("report.detailsHint")}
          </p>
        )}
      </div>
    </>
  );
}

/** The report form on the listing page itself (`?report=1`): the way without JavaScript. */
export function InlineReportForm({
  listingId,
  lastResult,
}: {
  listingId: string;
  lastResult: FormReply | undefined;
}) {
  const { t } = useTranslation("moderation");
  const busy = useNavigation().state === "submitting";
  const report = useReportForm(lastResult, "report-form");
  return (
    <Form
      method="post"
      action={`/listing/${listingId}?report=1`}
      className="space-y-4"
      data-testid="report-form"
      aria-label={t("report.title")}
      {...report.formProps}
    >
      <h2 className="text-lg font-semibold text-ink">{t("report.title")}</h2>
      <p className="text-sm text-muted">{t("report.description")}</p>
      <input type="hidden" name="intent" value="report" />
      <ReportFields report={report} />
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          className={buttonStyles.primary}
          disabled={busy}
          data-testid="report-submit"
        >
          <Icon name="send" className="size-4 rtl:-scale-x-100" aria-hidden />
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
