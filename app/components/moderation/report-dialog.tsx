import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { Dialog, DialogClose } from "~/components/ui/dialog";
import { Icon } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/react";
import type { FormReply } from "~/utils/form-reply";
import { ReportFields, useReportForm } from "./report-form";

/** A member's report, sent without leaving the page (fetched at the first "Report" click). */
export function ReportDialog({
  listingId,
  open,
  onOpenChange,
  onReported,
}: {
  listingId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onReported: () => void;
}) {
  const { t } = useTranslation("moderation");
  const fetcher = useFetcher<FormReply>();
  const reply = fetcher.data;
  const handled = useRef<FormReply | null>(null);
  useEffect(() => {
    if (reply?.status !== "success" || handled.current === reply) return;
    handled.current = reply;
    onReported();
  }, [reply, onReported]);
  const report = useReportForm(reply?.status === "error" ? reply : undefined, "report-dialog-form");

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("report.title")}
      description={t("report.description")}
      testId="report-dialog"
    >
      <fetcher.Form
        method="post"
        action={`/listing/${listingId}`}
        className="mt-4 space-y-4"
        {...report.formProps}
      >
        <input type="hidden" name="intent" value="report" />
        <input type="hidden" name="js" value="1" />
        <ReportFields report={report} />
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose className={buttonStyles.secondary}>{t("report.cancel")}</DialogClose>
          <button
            type="submit"
            className={buttonStyles.primary}
            disabled={fetcher.state !== "idle"}
            data-testid="report-submit"
          >
            <Icon name="send" className="size-4 rtl:-scale-x-100" aria-hidden />
            {fetcher.state !== "idle" ? t("report.submitting") : t("report.submit")}
          </button>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}
