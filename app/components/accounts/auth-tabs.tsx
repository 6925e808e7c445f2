import { Link } from "react-router";
import { useTranslation } from "~/i18n/react";

/** Sign in | Sign up, keeping where to go afterwards. */
export function AuthTabs({ mode, redirectTo }: { mode: "signin" | "signup"; redirectTo: string }) {
  const { t } = useTranslation("auth");
  const tabHref = (tab: "signin" | "signup") => {
    const params = new URLSearchParams();
    if (tab === "signup") params.set("tab", "signup");
    if (redirectTo) params.set("redirectTo", redirectTo);
    const query = params.toString();
    return query ? `/auth?${query}` : "/auth";
  };

  return (
    <nav className="mb-6 grid grid-cols-2 rounded-xl bg-slate-100 p-1" aria-label={t("welcome")}>
      {(["signin", "signup"] as const).map((tab) => (
        <Link
          key={tab}
          to={tabHref(tab)}
          replace
          preventScrollReset
          aria-current={mode === tab ? "page" : undefined}
          data-testid={`tab-${tab}`}
          className={`rounded-lg px-3 py-2 text-center text-sm font-semibold transition ${
            mode === tab ? "bg-white text-ink shadow-sm" : "text-slate-700 hover:text-ink"
          }`}
        >
          {t(tab === "signin" ? "tabs.signIn" : "tabs.signUp")}
        </Link>
      ))}
    </nav>
  );
}
