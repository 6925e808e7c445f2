import type { ReactNode } from "react";
import { Icon } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/react";

/** Offline with a save waiting, or sent again after no answer: said under the save button. */
export function SaveStatus({
  mode,
  queued,
  retrying,
}: {
  mode: "create" | "edit";
  queued: boolean;
  retrying: boolean;
}) {
  const { t } = useTranslation("listings");
  return (
    <div role="status" aria-live="polite">
      {queued ? (
        <Notice
          icon={<Icon name="wifi-off" className="size-4 shrink-0" aria-hidden />}
          testId="listing-queued"
        >
          {mode === "create" ? t("form.queued") : t("form.queuedEdit")}
        </Notice>
      ) : retrying ? (
        <Notice
          icon={<Icon name="refresh-cw" className="size-4 shrink-0" aria-hidden />}
          testId="listing-retrying"
        >
          {t("form.saveRetrying")}
        </Notice>
      ) : null}
    </div>
  );
}

function Notice({
  icon,
  testId,
  children,
}: {
  icon: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <p
      className="flex items-center gap-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900"
      data-testid={testId}
    >
      {icon}
      {children}
    </p>
  );
}
