import { lazy, memo, Suspense, useEffect, useState } from "react";
import { Link, NavLink } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { Icon } from "~/components/ui/icon";
import { onDemand } from "~/components/ui/on-demand";
import { useTranslation } from "~/i18n/react";
import { CategoryIcon } from "./category-icon";
import { useInstallOffer } from "./install-prompt";
import { LanguageSwitch } from "./language-switch";
import { Logo } from "./logo";
import type { MemberSummary } from "./member-menu";
import type { NavCategory } from "./nav-category";
import { SearchBox } from "./search-box";

// A member's menu and unread badge: drawn in place by the server (a <details>, so the menu opens
// without JavaScript), their code fetched on demand for members only. A visitor's first load does
// not carry them (decision 030).
const MemberMenu = onDemand(() => import("./member-menu").then((m) => m.MemberMenu));
const UnreadBadge = onDemand(() =>
  import("~/components/messaging/unread-badge").then((m) => m.UnreadBadge),
);

/**
 * Memoised: the header draws again once hydrated, and a part still waiting for its code must not
 * get new props meanwhile (React would drop the server's HTML and draw it afresh).
 */
const MemberTools = memo(function MemberTools({ member }: { member: MemberSummary }) {
  return (
    <Suspense fallback={null}>
      <UnreadBadge initial={member.unreadMessages} />
      <MemberMenu member={member} />
    </Suspense>
  );
});

// Fetched only once the browser offers to install the app (install-prompt.ts).
const InstallEntry = lazy(() =>
  import("./install-entry").then((m) => ({ default: m.InstallEntry })),
);

function InstallSlot() {
  return useInstallOffer() ? (
    <Suspense fallback={null}>
      <InstallEntry />
    </Suspense>
  ) : null;
}

const CategoryDrawer = lazy(() =>
  import("./category-drawer").then((m) => ({ default: m.CategoryDrawer })),
);

export function Header({
  categories,
  member,
  query,
}: {
  categories: NavCategory[];
  member: MemberSummary | null;
  query?: string;
}) {
  const { t } = useTranslation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  // The drawer opens by script only: tests (and styles) can tell when the button works.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex max-w-7xl items-center gap-1.5 px-2 py-2.5 sm:gap-4 sm:px-6">
        <button
          type="button"
          className="rounded-xl p-2 text-ink hover:bg-slate-100 md:hidden"
          aria-label={t("header.openMenu")}
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          data-testid="menu-button"
          data-hydrated={hydrated || undefined}
          onClick={() => {
            setDrawerUsed(true);
            setDrawerOpen(true);
          }}
        >
          <Icon name="menu" className="size-6" aria-hidden />
        </button>
        <Link to="/" aria-label={t("header.homeLink")} className="shrink-0">
          <Logo />
        </Link>
        <div className="hidden flex-1 md:block md:max-w-xl">
          <SearchBox id="search-desktop" defaultValue={query} />
        </div>
        <nav className="ms-auto flex items-center gap-0.5 sm:gap-2" aria-label={t("brand")}>
          <InstallSlot />
          <LanguageSwitch />
          {member ? (
            <MemberTools member={member} />
          ) : (
            <Link to="/auth" className={buttonStyles.ghost} data-testid="login-link">
              <Icon name="user-round" className="size-5 sm:hidden" aria-hidden />
              <span className="sr-only sm:not-sr-only">{t("header.login")}</span>
            </Link>
          )}
          <Link
            to="/post-ad"
            className={`${buttonStyles.accent} whitespace-nowrap px-3 sm:px-4`}
            data-testid="place-ad"
          >
            <Icon name="plus" className="size-4" aria-hidden />
            <span>{t("header.placeAd")}</span>
          </Link>
        </nav>
      </div>
      <div className="px-3 pb-2.5 sm:px-6 md:hidden">
        <SearchBox id="search-mobile" defaultValue={query} />
      </div>
      <nav
        aria-label={t("categoryStrip.label")}
        className="hidden border-t border-line md:block"
        data-testid="category-nav"
      >
        <ul className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-4 sm:px-6">
          {categories.map((category) => (
            <li key={category.id}>
              <NavLink to={`/category/${category.slug}`} className="category-link">
                <CategoryIcon slug={category.slug} className="size-4" />
                {category.name}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {drawerUsed ? (
        <Suspense fallback={null}>
          <CategoryDrawer open={drawerOpen} onOpenChange={setDrawerOpen} categories={categories} />
        </Suspense>
      ) : null}
    </header>
  );
}
