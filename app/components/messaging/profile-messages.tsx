import { Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { Icon } from "~/components/ui/icon";
import { useNamespace } from "~/i18n/react";
import type { InboxRowView } from "~/views/messaging/inbox-view.server";
import { InboxList } from "./inbox-list";

/** The profile's Messages tab: the latest conversations and a link to the inbox. */
export function ProfileMessages({
  rows,
  translations,
}: {
  rows: InboxRowView[];
  translations: object | undefined;
}) {
  const { t } = useNamespace("messages", translations);
  return (
    <div className="space-y-4" data-testid="profile-messages">
      <h2 className="text-lg font-semibold text-ink">{t("profile.title")}</h2>
      <InboxList rows={rows} compact />
      <div className="text-center">
        <Link to="/messages" className={buttonStyles.secondary} data-testid="view-all-messages">
          {t("profile.viewAll")}
          <Icon name="chevron-right" className="size-4 rtl:-scale-x-100" aria-hidden />
        </Link>
      </div>
    </div>
  );
}
