import { useId } from "react";
import { Form, Link, useNavigation } from "react-router";
import { buttonStyles, inputStyles } from "~/components/ui/button-styles";
import { FormAlert } from "~/components/ui/field";
import { useValidatedForm } from "~/components/ui/form";
import { Icon } from "~/components/ui/icon";
import {
  CONVERSATION_REPORT_REASONS,
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
} from "~/domain/moderation/moderation-limits";
import { useTranslation } from "~/i18n/react";
import type { FormReply } from "~/utils/form-reply";

/*
 * A member's report of a listing — the page's own form (no JavaScript needed) and the dialog —
 * or of a conversation (issue 31): the same fields, each kind with its reasons and schema,
 * checked in the browser before it is sent and by the action always. Fetched on demand (Conform).
 */

/** What is reported: a listing, or a conversation one is a party of. */
export type ReportKind = "listing" | "conversation";

const schemas = {
  listing: () => import("~/domain/moderation/moderation-schemas").then((m) => m.reportSchema),
  conversation: () =>
    import("~/domain/moderation/moderation-schemas").then((m) => m.conversationReportSchema),
};

const REASONS = { listing: REPORT_REASONS, conversation: CONVERSATION_REPORT_REASONS };

/** Conform's form for a report; `lastResult` is the action's reply to this form. */
export function useReportForm(
  lastResult: FormReply | undefined,
  id: string,
  kind: ReportKind = "listing",
) {
  // Both kinds have the same fields (a reason and details as strings): one form type for both.
  const schema = schemas[kind] as typeof schemas.listing;
  // The name keys the validator the page keeps: each kind its own, or the first one met would
  // check the other's reasons.
  const name = kind === "listing" ? "report" : "conversation-report";
  return useValidatedForm({ name, schema, lastResult, id });
}

type ReportForm = ReturnType<typeof useReportForm>;

/** The reason and details of a report, with the form's failure above them. */
export function ReportFields({
  report,
  kind = "listing",
}: {
  report: ReportForm;
  kind?: ReportKind;
}) {
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
        <div
          className={kind === "listing" ? "grid grid-cols-2 gap-2" : "grid gap-2 sm:grid-cols-2"}
        >
          {REASONS[kind].map((reason) => (
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
              {kind === "listing"
                ? t(`report.reasons.${reason as (typeof REPORT_REASONS)[number]}`)
                : t(
                    `conversationReport.reasons.${reason as (typeof CONVERSATION_REPORT_REASONS)[number]}`,
                  )}
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

/** Send, and Cancel back to what is reported. */
function ReportButtons({ busy, cancelTo }: { busy: boolean; cancelTo: string }) {
  const { t } = useTranslation("moderation");
  return (
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
      <Link to={cancelTo} replace preventScrollReset className={buttonStyles.secondary}>
        {t("report.cancel")}
      </Link>
    </div>
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
      <ReportButtons busy={busy} cancelTo={`/listing/${listingId}`} />
    </Form>
  );
}

/** A party's report of a conversation (issue 31), on its own page: a plain form at heart. */
export function ConversationReportForm({
  back,
  lastResult,
}: {
  /** The thread, where "Cancel" goes. */
  back: string;
  lastResult: FormReply | undefined;
}) {
  const { t } = useTranslation("moderation");
  const busy = useNavigation().state === "submitting";
  const report = useReportForm(lastResult, "conversation-report-form", "conversation");
  return (
    <Form
      method="post"
      className="space-y-4"
      data-testid="conversation-report-form"
      aria-labelledby="conversation-report-title"
      {...report.formProps}
    >
      <h1 id="conversation-report-title" className="text-xl font-bold text-ink">
        {t("conversationReport.title")}
      </h1>
      <p className="text-sm text-muted">{t("conversationReport.description")}</p>
      <ReportFields report={report} kind="conversation" />
      <ReportButtons busy={busy} cancelTo={back} />
    </Form>
  );
}
