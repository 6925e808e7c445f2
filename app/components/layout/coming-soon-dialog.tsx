import { buttonStyles } from "~/components/ui/button-styles";
import { Dialog, DialogClose } from "~/components/ui/dialog";
import { useTranslation } from "~/i18n/react";

/** The social network whose page is not there yet. */
export type ComingSoon = { name: string };

/** The footer's social links have no page yet: this says so (fetched at the first click). */
export function ComingSoonDialog({
  comingSoon,
  onClose,
}: {
  comingSoon: ComingSoon | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={comingSoon !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t("comingSoon.title")}
      testId="coming-soon-dialog"
      description={t("comingSoon.socialBody", { network: comingSoon?.name ?? "" })}
    >
      <div className="mt-6 flex justify-end">
        <DialogClose className={buttonStyles.primary}>{t("comingSoon.close")}</DialogClose>
      </div>
    </Dialog>
  );
}
