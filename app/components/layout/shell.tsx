import type { ReactNode } from "react";
import type { CategoryNode } from "~/domain/catalog/catalog-types";
import { useTranslation } from "~/i18n/react";
import { MergeGuestFavorites } from "../favorites/merge-guest-favorites";
import { Toasts } from "../ui/toast";
import { FlashNotice } from "./flash-notice";
import { Footer } from "./footer";
import { Header } from "./header";
import type { MemberSummary } from "./member-menu";
import { NativeAppBanner } from "./native-app-banner";
import { NetworkStatus } from "./network-status";

interface ShellProps {
  categories: CategoryNode[];
  supportEmail: string;
  year: string;
  dir: "rtl" | "ltr";
  member: MemberSummary | null;
  flash?: string | null;
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
      {flash ? <FlashNotice flashKey={flash} /> : null}
      <div className="flex-1">{children}</div>
      <Footer supportEmail={supportEmail} year={year} />
      <NetworkStatus />
      <MergeGuestFavorites signedIn={Boolean(member)} />
      <Toasts
        dir={dir}
        position={dir === "rtl" ? "bottom-left" : "bottom-right"}
        visibleToasts={3}
        richColors
        closeButton
        duration={typeof window !== "undefined" && window.innerWidth < 768 ? 4000 : 3000}
      />
    </div>
  );
}
