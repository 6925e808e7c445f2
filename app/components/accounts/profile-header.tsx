import { Link } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import { buttonStyles } from "~/components/ui/button-styles";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/react";
import type { ProfileView } from "~/views/accounts/profile-view.server";

/** The member's picture, name, handle, badge and age on the site; "Edit" unless editing. */
export function ProfileHeader({ profile, editing }: { profile: ProfileView; editing: boolean }) {
  const { t } = useTranslation("account");
  return (
    <Card as="section" className="p-6" testId="profile-header">
      <div className="flex flex-col items-center gap-5 text-center sm:flex-row sm:text-start">
        <Avatar member={profile} size="size-20 shrink-0 text-3xl!" />
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-2xl font-bold text-ink" dir="auto">
            {profile.fullName}
          </h1>
          <p className="mt-0.5 text-sm text-muted">
            {profile.username ? (
              <bdi dir="ltr">{t("profile.handle", { username: profile.username })}</bdi>
            ) : (
              t("profile.noUsername")
            )}
          </p>
          <div className="mt-3 flex flex-wrap items-center justify-center gap-2 sm:justify-start">
            {profile.emailVerified ? (
              <span
                className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-700 ring-1 ring-brand-200"
                data-testid="verified-badge"
              >
                <Icon name="badge-check" className="size-3.5" aria-hidden />
                {t("profile.verified")}
              </span>
            ) : null}
            <span className="inline-flex items-center gap-1 text-xs text-muted">
              <Icon name="calendar-days" className="size-3.5" aria-hidden />
              {t("profile.memberSince", { date: profile.memberSince })}
            </span>
          </div>
        </div>
        {editing ? null : (
          <Link to="?edit=1" className={buttonStyles.secondary} data-testid="edit-profile">
            <Icon name="pencil" className="size-4" aria-hidden />
            {t("profile.edit")}
          </Link>
        )}
      </div>
    </Card>
  );
}
