import { buttonStyles } from "~/components/ui/button-styles";
import { Icon } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/react";
import { promptInstall } from "./install-prompt";

/**
 * "Install Souqna": asks the browser to show its install dialog. The offer can be used once, so
 * it is dropped at the click and the entry hides; the browser offers again later if it is
 * declined. In the header from the md breakpoint; on phones, whose header has no room, a row of
 * the drawer.
 */
export function InstallEntry({
  inDrawer = false,
  onPrompt,
}: {
  inDrawer?: boolean;
  onPrompt?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={
        inDrawer
          ? "flex w-full items-center gap-3 border-t border-line px-4 py-3 text-base font-medium hover:bg-brand-50"
          : `${buttonStyles.ghost} hidden whitespace-nowrap md:inline-flex`
      }
      data-testid="install-app"
      onClick={() => {
        onPrompt?.();
        promptInstall();
      }}
    >
      <Icon name="download" className={inDrawer ? "size-5 text-brand-700" : "size-4"} aria-hidden />
      {t("header.install")}
    </button>
  );
}
