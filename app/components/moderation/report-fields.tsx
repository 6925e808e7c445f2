import { useId } from "react";
import { inputStyles } from "~/components/ui/button-styles";
import { FormAlert } from "~/components/ui/field";
import { REPORT_DETAILS_MAX, REPORT_REASONS } from "~/domain/moderation/moderation-schemas";
import { useTranslation } from "~/i18n/react";

export type ReportActionData =
  | { intent: "report"; ok: true }
  | { intent: "report"; ok: false; error: string; values: { reason: string; details: string } };

/** The reason and details of a report: the page's own form and the dialog share them. */
export function ReportFields({
  failure,
}: {
  failure: Extract<ReportActionData, { ok: false }> | undefined;
}) {
  const { t } = useTranslation("moderation");
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
