import { type ReactNode, Suspense } from "react";
import { Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { Card } from "~/components/ui/card";
import { Icon, type IconName } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/react";

export const TABS = ["listings", "favorites", "messages"] as const;
export type Tab = (typeof TABS)[number];

/** The open tab named in the address (?tab=), the listings by default. */
export function tabOf(value: string | null): Tab {
  return TABS.find((tab) => tab === value) ?? "listings";
}

const TAB_ICONS = {
  listings: "list-checks",
  favorites: "heart",
  messages: "message-circle",
} as const;

/** The member's listings (children, when there are any); favourites and messages are not built yet. */
export function ActivityTabs({ tab, children }: { tab: Tab; children?: ReactNode }) {
  const { t } = useTranslation("account");
  return (
    <section className="mt-8">
      <nav
        className="grid grid-cols-3 gap-1 rounded-xl bg-slate-100 p-1"
        aria-label={t("profile.tabs.label")}
      >
        {TABS.map((id) => {
          const icon = TAB_ICONS[id];
          return (
            <Link
              key={id}
              to={`?tab=${id}`}
              replace
              preventScrollReset
              aria-current={tab === id ? "page" : undefined}
              data-testid={`profile-tab-${id}`}
              className={`flex items-center justify-center gap-2 rounded-lg px-2 py-2 text-center text-sm font-semibold transition ${
                tab === id ? "bg-white text-ink shadow-sm" : "text-muted hover:text-ink"
              }`}
            >
              <Icon name={icon} className="hidden size-4 sm:block" aria-hidden />
              {t(`profile.tabs.${id}`)}
            </Link>
          );
        })}
      </nav>
      {children ? (
        <div className="mt-4" data-testid={`profile-panel-${tab}`}>
          {/* One boundary for every tab: a switch keeps the open tab until the next one's code is here. */}
          <Suspense fallback={null}>{children}</Suspense>
        </div>
      ) : (
        <Card className="mt-4 px-6 py-12 text-center" testId={`profile-panel-${tab}`}>
          {tab === "listings" ? (
            <EmptyState
              icon="list-checks"
              title={t("profile.listings.emptyTitle")}
              body={t("profile.listings.emptyBody")}
            >
              <Link to="/post-ad" className={buttonStyles.primary}>
                <Icon name="plus" className="size-4" aria-hidden />
                {t("profile.listings.add")}
              </Link>
            </EmptyState>
          ) : tab === "favorites" ? (
            <EmptyState
              icon="heart"
              title={t("profile.favorites.emptyTitle")}
              body={t("profile.favorites.emptyBody")}
            >
              <Link to="/" className={buttonStyles.primary}>
                <Icon name="search" className="size-4" aria-hidden />
                {t("profile.favorites.browse")}
              </Link>
            </EmptyState>
          ) : (
            <EmptyState
              icon="message-circle"
              title={t("profile.messages.emptyTitle")}
              body={t("profile.messages.emptyBody")}
            >
              <Link to="/" className={buttonStyles.secondary}>
                <Icon name="search" className="size-4" aria-hidden />
                {t("profile.messages.browse")}
              </Link>
            </EmptyState>
          )}
        </Card>
      )}
    </section>
  );
}

function EmptyState({
  icon,
  title,
  body,
  children,
}: {
  icon: IconName;
  title: string;
  body: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-sm flex-col items-center">
      <span className="rounded-full bg-brand-50 p-4 text-brand-600">
        <Icon name={icon} className="size-7" aria-hidden />
      </span>
      <h3 className="mt-4 text-lg font-semibold text-ink">{title}</h3>
      <p className="mt-1 text-sm text-muted">{body}</p>
      <div className="mt-6">{children}</div>
    </div>
  );
}
