import { type ReactNode, Suspense } from "react";
import { onDemand } from "~/components/ui/on-demand";
import { Toasts } from "~/components/ui/toast";
import { useTranslation } from "~/i18n/react";
import { type Flash, FlashNotice } from "./flash-notice";
import { Footer } from "./footer";
import { Header } from "./header";
import type { MemberSummary } from "./member-menu";
import { NativeAppBanner } from "./native-app-banner";
import type { NavCategory } from "./nav-category";
import { NetworkStatus } from "./network-status";
import { useServiceWorker } from "./use-service-worker";

// A member's guest favourites join the account: only signed-in pages fetch that code.
const MergeGuestFavorites = onDemand(() =>
  import("~/components/favorites/merge-guest-favorites").then((m) => m.MergeGuestFavorites),
);

interface ShellProps {
  categories: NavCategory[];
  supportEmail: string;
  year: string;
  dir: "rtl" | "ltr";
  member: MemberSummary | null;
  flash?: Flash | null;
  children: ReactNode;
}

export function Shell({
  categories,
  supportEmail,
  year,
  dir,
  member,
  flash,
  children,
}: ShellProps) {
  const { t } = useTranslation();
  useServiceWorker(Boolean(member));
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-3 focus:py-2"
      >
        {t("skipToContent")}
      </a>
      <NativeAppBanner />
      <Header categories={categories} member={member} />
      {flash ? <FlashNotice flash={flash} /> : null}
      <div className="flex-1">{children}</div>
      <Footer supportEmail={supportEmail} year={year} />
      <NetworkStatus />
      {member ? (
        <Suspense fallback={null}>
          <MergeGuestFavorites signedIn />
        </Suspense>
      ) : null}
      {/* On a phone a toast at the bottom covered what the member was doing (the composer, the
          form's button): there it comes from the top, over the header. The
          toaster is drawn in the browser only, so reading the width here is safe. */}
      <Toasts
        dir={dir}
        position={phone() ? "top-center" : dir === "rtl" ? "bottom-left" : "bottom-right"}
        visibleToasts={3}
        richColors
        closeButton
        duration={phone() ? 4000 : 3000}
      />
    </div>
  );
}

/** A phone's width, in the browser (the toaster is never drawn on the server). */
function phone() {
  return typeof window !== "undefined" && window.innerWidth < 768;
}
