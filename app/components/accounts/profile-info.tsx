import type { ReactNode } from "react";
import { Link } from "react-router";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { TrustMark } from "~/components/ui/trust-mark";
import { useTranslation } from "~/i18n/react";
import type { ProfileView } from "~/views/accounts/profile-view.server";

/** What the member has told us about themselves, read-only. */
export function ProfileInfo({ profile }: { profile: ProfileView }) {
  const { t } = useTranslation("account");
  const notSet = <span className="text-muted">{t("profile.info.notSet")}</span>;
  return (
    <Card as="section" className="mt-4 p-6" testId="profile-info">
      <h2 className="text-lg font-semibold text-ink">{t("profile.info.title")}</h2>
      <dl className="mt-4 divide-y divide-line">
        <InfoRow
          icon={<Icon name="user-round" className="size-4" aria-hidden />}
          label={t("profile.info.fullName")}
        >
          <span dir="auto">{profile.fullName}</span>
        </InfoRow>
        <InfoRow
          icon={<Icon name="mail" className="size-4" aria-hidden />}
          label={t("profile.info.email")}
        >
          {profile.email ? (
            <span dir="ltr" className="break-all">
              {profile.email}
            </span>
          ) : (
            notSet
          )}
        </InfoRow>
        <InfoRow
          icon={<Icon name="map-pin" className="size-4" aria-hidden />}
          label={t("profile.info.location")}
        >
          {profile.locationLabel ?? notSet}
        </InfoRow>
        <InfoRow
          icon={<Icon name="phone" className="size-4" aria-hidden />}
          label={t("profile.info.phone")}
        >
          {profile.phone ? (
            <>
              <span className="flex flex-wrap items-center gap-2">
                <span dir="ltr">{profile.phone}</span>
                {profile.phoneVerified ? (
                  <TrustMark testId="profile-phone-verified">
                    {t("profile.info.phoneVerified")}
                  </TrustMark>
                ) : null}
              </span>
              {profile.phoneVerified ? (
                <span className="mt-0.5 block text-xs text-muted">
                  {t("profile.info.phoneNote")}
                </span>
              ) : (
                <span className="mt-0.5 block text-xs text-muted">
                  {t("profile.info.phoneUnverified")}{" "}
                  <Link to="/settings#phone" className="font-medium text-brand-700 hover:underline">
                    {t("profile.info.verifyPhone")}
                  </Link>
                </span>
              )}
            </>
          ) : (
            notSet
          )}
        </InfoRow>
      </dl>
    </Card>
  );
}

function InfoRow({
  icon,
  label,
  children,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1 py-3 sm:flex-row sm:items-start sm:gap-4">
      <dt className="flex items-center gap-2 text-sm text-muted sm:w-44 sm:shrink-0">
        <span className="text-slate-400">{icon}</span>
        {label}
      </dt>
      <dd className="min-w-0 text-sm font-medium text-ink">{children}</dd>
    </div>
  );
}
